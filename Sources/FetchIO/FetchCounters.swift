/// Tallies of one run, shared by the concurrent calls.
actor FetchCounters {
    struct Figures: Sendable {
        var calls = 0
        var retries = 0
        var answered = 0
        var budgetExhausted = false
    }

    private var figures = Figures()

    func call(retry: Bool) {
        figures.calls += 1
        if retry { figures.retries += 1 }
    }

    func answered(_ count: Int) { figures.answered += count }

    func budgetExhausted() { figures.budgetExhausted = true }

    func snapshot() -> Figures { figures }
}
