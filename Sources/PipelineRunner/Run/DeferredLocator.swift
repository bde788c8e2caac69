import Dispatch
import Normalize
import PipelineCore
import PipelineSpec
import Synchronization

/// A location table loaded on a thread of its own while ingest starts (reading and indexing the shipped
/// 45,000-city table takes ~0.2 s, which ingest need not wait for: positions are looked up only when the
/// partitions are resolved). The first lookup waits for the load; `loaded()` waits and rethrows its error, so
/// a bad table still stops the job before anything is written.
final class DeferredLocator: PlayerLocator {
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<(any PlayerLocator)?, PipelineDefinitionError>?>(nil)

    init(_ load: @escaping @Sendable () throws(PipelineDefinitionError) -> (any PlayerLocator)?) {
        DispatchQueue.global().async { [self] in
            let result: Result<(any PlayerLocator)?, PipelineDefinitionError>
            do throws(PipelineDefinitionError) { result = .success(try load()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// The loaded table (waiting for it), or the load's error.
    func loaded() throws(PipelineDefinitionError) -> (any PlayerLocator)? {
        if let result = outcome.withLock({ $0 }) { return try result.get() }
        done.wait()
        done.signal()
        return try outcome.withLock { $0! }.get()
    }

    func locate(country: String?, state: String?, cityID: Int?, displayText: String?) -> LocatedPosition? {
        // A failed load locates nothing; the job reports the failure through `loaded()` before it writes.
        guard let table = try? loaded() else { return nil }
        return table.locate(country: country, state: state, cityID: cityID, displayText: displayText)
    }
}
