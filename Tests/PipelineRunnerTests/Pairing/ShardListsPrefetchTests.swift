import Foundation
import Pairing
import Synchronization
import Testing
@testable import PipelineRunner

/// The union's reads one shard ahead: every shard's lists arrive once, in order, each read starting before the one
/// before it is taken; a read's error is thrown for its own shard; `drain` waits for a read still running.
@Suite struct ShardListsPrefetchTests {
    @Test func eachShardIsReadOnceAndTheNextOneAhead() throws {
        let started = Mutex<[Int]>([])
        let proceed = (0..<4).map { _ in DispatchSemaphore(value: 0) }
        let prefetch = ShardListsPrefetch(count: 4) { index in
            started.withLock { $0.append(index) }
            if index > 0 { proceed[index].wait() }  // held until the test has seen it start
            return PairingShardLists(shard: index, shards: 4)
        }
        for index in 0..<4 {
            let lists = try prefetch.load(index)
            #expect(lists.shard == index)
            guard index < 3 else { break }
            // Shard index + 1 is being read already, though no one has asked for it yet.
            let deadline = Date().addingTimeInterval(30)
            while !started.withLock({ $0.contains(index + 1) }), Date() < deadline { usleep(1_000) }
            #expect(started.withLock { $0.contains(index + 1) && !$0.contains(index + 2) })
            proceed[index + 1].signal()
        }
        prefetch.drain()
        #expect(started.withLock { $0.sorted() } == [0, 1, 2, 3])
    }

    struct Unreadable: Error, Equatable { var shard: Int }

    @Test func aReadsErrorIsThrownForItsShard() throws {
        let prefetch = ShardListsPrefetch(count: 3) { index in
            if index == 1 { throw Unreadable(shard: 1) }
            return PairingShardLists(shard: index, shards: 3)
        }
        #expect(try prefetch.load(0).shard == 0)
        #expect(throws: Unreadable(shard: 1)) { try prefetch.load(1) }
        prefetch.drain()
    }

    @Test func drainWaitsForTheReadAhead() throws {
        let finished = Mutex(false)
        let prefetch = ShardListsPrefetch(count: 2) { index in
            if index == 1 {
                usleep(200_000)
                finished.withLock { $0 = true }
            }
            return PairingShardLists(shard: index, shards: 2)
        }
        _ = try prefetch.load(0)  // starts shard 1's read; the union stops here (a failure)
        prefetch.drain()
        #expect(finished.withLock { $0 })
    }
}
