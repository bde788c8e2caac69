import Pairing
import Synchronization

/// Reads a union's shard lists one shard ahead: asked for shard i, it starts reading shard i + 1 on a thread of its
/// own (a `BackgroundStage`) before it reads (or takes) shard i, so the union merges one shard while the next is read
/// and parsed (a shard's CSV lists are 20–27M rows at 1M players with 2 shards, parsed on one core). At most two
/// shards' lists are held at a time; the lists and the errors are the ones reading them in turn gives, shard by shard.
public final class ShardListsPrefetch: Sendable {
    private typealias Read = BackgroundStage<Result<PairingShardLists, any Error>>

    private let count: Int
    private let read: @Sendable (Int) throws -> PairingShardLists
    private let ahead = Mutex<[Int: Read]>([:])

    public init(count: Int, read: @escaping @Sendable (Int) throws -> PairingShardLists) {
        self.count = count
        self.read = read
    }

    /// Shard `index`'s lists (the union asks for 0, 1, … in turn).
    public func load(_ index: Int) throws -> PairingShardLists {
        if index + 1 < count { start(index + 1) }
        guard let pending = ahead.withLock({ $0.removeValue(forKey: index) }) else { return try read(index) }
        return try pending.join().value.get()
    }

    private func start(_ index: Int) {
        guard ahead.withLock({ $0[index] == nil }) else { return }
        let read = read
        let stage = Read("read shard \(index)") { Result { try read(index) } }
        ahead.withLock { $0[index] = stage }
    }

    /// Waits for any read still running (after the union failed or stopped early), so none outlives the stage.
    public func drain() {
        let left = ahead.withLock { ahead in
            defer { ahead.removeAll() }
            return Array(ahead.values)
        }
        for pending in left { _ = pending.join() }
    }
}
