import Foundation

/// Hands a table's chunk indexes to the rendering threads in order and their rendered bytes to the one writing
/// thread in order, with no batch barrier: a renderer takes the next chunk as soon as it is done with one, and
/// the writer takes chunk k as soon as it is rendered. At most `window` chunks are claimed past the last one
/// taken by the writer, which bounds the rendered bytes held in memory. `Rendered` is what a chunk renders to (the
/// text writers' bytes per format, the Parquet writer's pages per column).
final class RenderedChunkQueue<Rendered>: @unchecked Sendable {

    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var nextClaim = 0
    private var taken = 0
    private var cancelled = false
    private var ready: [Int: Rendered] = [:]

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
    }

    /// The next chunk to render; waits while the writer is `window` chunks behind. Nil when every chunk has been
    /// claimed or the queue was cancelled.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && nextClaim < count && nextClaim >= taken + window { condition.wait() }
        guard !cancelled, nextClaim < count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    /// Chunk `index`'s rendered rows and bytes.
    func deliver(_ index: Int, _ rendered: Rendered) {
        condition.lock()
        ready[index] = rendered
        condition.broadcast()
        condition.unlock()
    }

    /// Chunk `index` once it is rendered (the writer takes 0, 1, 2, … in order).
    func take(_ index: Int) -> Rendered {
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil { condition.wait() }
        taken = index + 1
        condition.broadcast()
        return ready.removeValue(forKey: index)!
    }

    /// Renders chunks 0..<count on `threads` threads, each renderer taking the next chunk as soon as it is free and at
    /// most 2 × `threads` chunks ahead of `body`, which takes them in order through the function it is given (`take`).
    /// The renderers stop and end before this returns, also when `body` throws.
    static func rendering<T>(count: Int, threads: Int, _ render: @escaping @Sendable (Int) -> Rendered,
                             _ body: (_ take: (Int) -> Rendered) throws -> T) rethrows -> T {
        let queue = RenderedChunkQueue(count: count, window: 2 * threads)
        let group = DispatchGroup()
        for _ in 0..<min(threads, count) {
            DispatchQueue.global().async(group: group) {
                while let index = queue.claim() { queue.deliver(index, render(index)) }
            }
        }
        defer {
            queue.cancel()
            group.wait()
        }
        return try body(queue.take)
    }

    /// No more chunks are claimed (after a write failed); renderers finish the chunk they hold.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
