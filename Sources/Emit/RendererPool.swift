import Synchronization

/// Renderers with caches worth keeping between chunks, lent to whichever writer thread renders a chunk:
/// `take` gives an idle one (or a new one), `give` returns it. At most one renderer per concurrent chunk.
final class RendererPool<Renderer: Sendable>: Sendable {
    private let idle = Mutex<[Renderer]>([])
    private let make: @Sendable () -> Renderer

    init(_ make: @escaping @Sendable () -> Renderer) { self.make = make }

    func take() -> Renderer { idle.withLock { $0.popLast() } ?? make() }

    func give(_ renderer: consuming Renderer) {
        let renderer = consume renderer
        idle.withLock { $0.append(renderer) }
    }
}
