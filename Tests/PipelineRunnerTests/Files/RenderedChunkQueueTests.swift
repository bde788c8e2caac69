import Dispatch
import Testing
@testable import PipelineRunner

@Suite struct RenderedChunkQueueTests {
    @Test func chunksAreClaimedInOrderAndTakenInOrderWhateverOrderTheyArriveIn() {
        let queue = RenderedChunkQueue<(rows: Int, bytes: [[UInt8]])>(count: 3, window: 3)
        #expect(queue.claim() == 0)
        #expect(queue.claim() == 1)
        #expect(queue.claim() == 2)
        #expect(queue.claim() == nil)
        queue.deliver(2, (rows: 2, bytes: [[2]]))
        queue.deliver(0, (rows: 0, bytes: [[0]]))
        queue.deliver(1, (rows: 1, bytes: [[1]]))
        #expect((0..<3).map { queue.take($0).bytes } == [[[0]], [[1]], [[2]]])
    }

    @Test func theWindowOpensAsTheWriterTakes() {
        let queue = RenderedChunkQueue<(rows: Int, bytes: [[UInt8]])>(count: 4, window: 1)
        #expect(queue.claim() == 0)
        queue.deliver(0, (rows: 1, bytes: []))
        _ = queue.take(0)
        #expect(queue.claim() == 1)      // would wait until chunk 0 was taken
    }

    @Test func cancelledQueueHandsOutNoMoreChunks() {
        let queue = RenderedChunkQueue<(rows: Int, bytes: [[UInt8]])>(count: 10, window: 10)
        #expect(queue.claim() == 0)
        queue.cancel()
        #expect(queue.claim() == nil)
    }

    /// As `StreamingTableWriter` uses it: renderers on dispatch threads, the writer taking chunks in order.
    @Test func manyRenderersDeliverEveryChunkOnce() {
        let queue = RenderedChunkQueue<(rows: Int, bytes: [[UInt8]])>(count: 200, window: 4)
        let group = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                while let index = queue.claim() { queue.deliver(index, (rows: index, bytes: [])) }
            }
        }
        #expect((0..<200).allSatisfy { queue.take($0).rows == $0 })
        group.wait()
    }
}
