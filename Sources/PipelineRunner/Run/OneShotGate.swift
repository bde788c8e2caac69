import Dispatch
import Synchronization

/// Opens once and stays open: every `wait` before that blocks, every one after returns at once.
final class OneShotGate: Sendable {
    private let opened = Mutex(false)
    private let semaphore = DispatchSemaphore(value: 0)

    init() {}

    func open() {
        let first = opened.withLock { opened in
            defer { opened = true }
            return !opened
        }
        if first { semaphore.signal() }
    }

    func wait() {
        semaphore.wait()
        semaphore.signal()  // the next waiter passes too
    }
}
