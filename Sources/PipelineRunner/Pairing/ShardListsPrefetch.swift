import Foundation
import Pairing
import Synchronization

/// Reads a union's shard lists one shard ahead: asked for shard i, it starts reading shard i + 1 on a thread of its
/// own before it reads (or takes) shard i, so the union merges one shard while the next is read and parsed (a
/// shard's CSV lists are 20–27M rows at 1M players with 2 shards, parsed on one core). At most two shards' lists are
/// held at a time; the lists and the errors are the ones reading them in turn gives, shard by shard.
public final class ShardListsPrefetch: Sendable {
    private let count: Int
    private let read: @Sendable (Int) throws -> PairingShardLists
    private let ahead = Mutex<[Int: Pending]>([:])

    /// One read running on its thread: its result once `done` is signalled.
    private final class Pending: Sendable {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<PairingShardLists, any Error>?>(nil)
    }

    public init(count: Int, read: @escaping @Sendable (Int) throws -> PairingShardLists) {
        self.count = count
        self.read = read
    }

    /// Shard `index`'s lists (the union asks for 0, 1, … in turn).
    public func load(_ index: Int) throws -> PairingShardLists {
        if index + 1 < count { start(index + 1) }
        guard let pending = ahead.withLock({ $0.removeValue(forKey: index) }) else { return try read(index) }
        pending.done.wait()
        return try pending.result.withLock { $0! }.get()
    }

    private func start(_ index: Int) {
        let pending = Pending()
        let isNew = ahead.withLock { ahead in
            guard ahead[index] == nil else { return false }
            ahead[index] = pending
            return true
        }
        guard isNew else { return }
        let read = read
        Thread.detachNewThread {
            let result = Result { try read(index) }
            pending.result.withLock { $0 = result }
            pending.done.signal()
        }
    }

    /// Waits for any read still running (after the union failed or stopped early), so none outlives the stage.
    public func drain() {
        let left = ahead.withLock { ahead in
            defer { ahead.removeAll() }
            return Array(ahead.values)
        }
        for pending in left { pending.done.wait() }
    }
}
