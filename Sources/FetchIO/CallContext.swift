import Fetch

/// Makes the planned calls of one run: at most `concurrency` in flight, each waiting for the rate
/// limiter, retried with backoff while its failure is retryable and attempts and time remain, and
/// journaled (answers and failures) as soon as it ends.
struct CallContext: Sendable {
    let config: FetchConfiguration
    let clock: any FetchClock
    let journal: FetchJournal
    let transport: SteamHTTPTransport
    let counters: FetchCounters
    let limiter: RateLimiter
    /// Monotonic time after which no call starts.
    let deadline: Double

    func perform(_ requests: [FetchRequest]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, request) in requests.enumerated() {
                if index >= max(1, config.concurrency) { try await group.next() }
                group.addTask { try await self.call(request) }
            }
            try await group.waitForAll()
        }
    }

    func call(_ request: FetchRequest) async throws {
        var attempt = 0
        let url = request.url(base: config.apiBase, apiKey: config.apiKey)
        while true {
            guard await limiter.admit(before: deadline) != nil else {
                await counters.budgetExhausted()
                let failure = FetchFailure(.notAttempted, cause: "the time budget (\(config.timeBudgetSeconds) s) ended before this call")
                try await record(request, attempts: attempt, outcomes: request.keys.map { ($0, .failure(failure)) })
                return
            }
            attempt += 1
            await counters.call(retry: attempt > 1)
            let outcomes: [CacheKey: ResponseClassifier.Outcome]
            switch await transport.get(url) {
            case .failure(let failure):
                outcomes = Dictionary(uniqueKeysWithValues: request.keys.map { ($0, .failure(failure)) })
            case .success(let response):
                outcomes = ResponseClassifier.classify(request, status: response.status, contentType: response.contentType,
                                                       retryAfter: response.retryAfter, body: response.body)
            }
            if case .failure(let failure)? = outcomes[request.keys[0]], failure.isRetryable, attempt < config.maxAttempts,
               outcomes.values.allSatisfy({ $0 == .failure(failure) }) {
                if let retryAfter = failure.retryAfter { await limiter.pause(forSeconds: retryAfter) }
                let wait = config.backoff.delay(attempt: attempt, key: request.keys[0].description, retryAfter: failure.retryAfter)
                if clock.monotonicNow() + wait < deadline {
                    try await clock.sleep(until: clock.monotonicNow() + wait)
                    continue
                }
            }
            try await record(request, attempts: attempt, outcomes: request.keys.map { ($0, outcomes[$0]!) })
            return
        }
    }

    private func record(_ request: FetchRequest, attempts: Int, outcomes: [(CacheKey, ResponseClassifier.Outcome)]) async throws {
        let now = clock.unixNow()
        var answered = 0
        let records = outcomes.map { key, outcome -> JournalRecord in
            switch outcome {
            case .answer(let body, let resolved):
                answered += 1
                return JournalRecord(key: key, at: now, attempts: attempts,
                                     result: .envelope(JournalRecord.envelope(for: key, fetchedAt: now, body: body), resolvedSteamID: resolved))
            case .failure(let failure):
                return JournalRecord(key: key, at: now, attempts: attempts, result: .failure(failure))
            }
        }
        try await journal.append(records)
        await counters.answered(answered)
    }
}
