import Dispatch
import Dota
import Ingest
import PipelineCore
import PlayerModel
import Synchronization

/// The concurrent form of `DatasetNormalizer`: the keys are split into `FactPartitioning` partitions, each
/// behind its own lock, so decoder threads feeding different players never wait for each other (there is
/// no lock over the whole state on the hot path; a worker's counts stay in its own `DocumentTally`).
///
/// Memory is bounded by spilling: `approximateBytes` tracks the partitions' size, and `takeForSpill` hands
/// the largest partitions out (emptied in place) for the caller to write to disk; `finish` merges them back
/// partition by partition (`NormalizerPartition.merge` is exact), so the output is byte-identical with or
/// without spilling, for any thread count and input order. This type does no disk I/O itself.
public final class PartitionedNormalizer: Sendable {
    public let partitioning: FactPartitioning
    private let locator: (any PlayerLocator)?
    private let slots: [Slot]
    private let dota = Mutex(DotaAccumulator())
    private let totalBytes = Atomic<Int>(0)
    private let spilling = Atomic<Bool>(false)
    /// One name string per app across all partitions' rows.
    private let names = GameNameCatalogue()

    private final class Slot: Sendable {
        let state: Mutex<(partition: NormalizerPartition, bytes: Int)>
        init(_ partition: NormalizerPartition) { state = Mutex((partition, 0)) }
    }

    /// Per-worker document counts, summed by the caller at the end (no shared counter on the hot path).
    public struct DocumentTally: Sendable {
        public var documents = 0
        public var counts: [String: Int] = [:]
        public init() {}

        public mutating func add(_ other: DocumentTally) {
            documents += other.documents
            counts.merge(other.counts, uniquingKeysWith: +)
        }
    }

    public init(partitioning: FactPartitioning, locator: (any PlayerLocator)?) {
        self.partitioning = partitioning
        self.locator = locator
        slots = (0..<partitioning.count).map { Slot(NormalizerPartition(partitioning: partitioning, index: $0)) }
    }

    /// Estimated bytes held by all partitions now (what a memory limit is compared with).
    public var approximateBytes: Int { totalBytes.load(ordering: .relaxed) }

    /// Adds a batch of documents: each goes to the partitions owning its facts, one lock per partition touched.
    public func add(_ batch: [IngestedDocument], tally: inout DocumentTally, diagnostics: some DiagnosticSink) {
        var work: [Int: [(document: Int, owner: SteamID64?, rank: SourceRank)]] = [:]
        for (index, document) in batch.enumerated() {
            let routed = RoutedDocument(document, diagnostics: diagnostics)
            tally.documents += 1
            tally.counts[routed.kind, default: 0] += 1
            if case .dota(let facts) = document.content {
                dota.withLock { $0.add(facts, origin: document.origin, fetchedAt: routed.rank.fetchedAt == .min ? nil : routed.rank.fetchedAt) }
            }
            let partitions = routed.partitions(of: document, in: partitioning)
            // Every partition a document fans out to names it by one shared provenance text, made here once; a
            // document of one partition gets its text only when that partition resolves (see `RankTable`).
            let rank = partitions.count > 1 ? routed.rank.withProvenanceText : routed.rank
            for partition in partitions {
                work[partition, default: []].append((index, routed.owner, rank))
            }
        }
        for partition in work.keys.sorted() {
            let delta = slots[partition].state.withLock { slot in
                for (index, owner, rank) in work[partition]! {
                    slot.partition.add(batch[index], owner: owner, rank: rank)
                }
                let bytes = slot.partition.approximateBytes
                defer { slot.bytes = bytes }
                return bytes - slot.bytes
            }
            totalBytes.add(delta, ordering: .relaxed)
        }
    }

    /// When more than `limit` bytes are held and no other thread is spilling, empties the largest partitions
    /// until at most half of `limit` is held and returns them (non-empty ones only) for the caller to write.
    /// Returns nothing when under the limit or while another thread spills.
    public func takeForSpill(limit: Int) -> [NormalizerPartition] {
        guard approximateBytes > limit,
              spilling.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return [] }
        defer { spilling.store(false, ordering: .releasing) }
        let sizes = slots.indices.map { index in (index, slots[index].state.withLock { $0.bytes }) }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
        var taken: [NormalizerPartition] = []
        for (index, _) in sizes where approximateBytes > limit / 2 {
            let (partition, bytes) = take(index)
            totalBytes.subtract(bytes, ordering: .relaxed)
            if !partition.isEmpty { taken.append(partition) }
        }
        return taken
    }

    /// Partition `index` and its counted bytes, leaving an empty partition in its slot.
    private func take(_ index: Int) -> (partition: NormalizerPartition, bytes: Int) {
        slots[index].state.withLock { slot in
            defer { slot = (NormalizerPartition(partitioning: partitioning, index: index), 0) }
            return (slot.partition, slot.bytes)
        }
    }

    /// Every non-empty partition, unresolved and emptied in place (what `convert --partial-facts` writes for a later
    /// merge with other subsets' facts), in index order.
    public func takeAll() -> [NormalizerPartition] {
        var taken: [NormalizerPartition] = []
        for index in slots.indices {
            let partition = take(index).partition
            if !partition.isEmpty { taken.append(partition) }
        }
        totalBytes.store(0, ordering: .relaxed)
        return taken
    }

    /// Partition `index` resolved and sorted canonically, after `mergeSpilled` has merged back what was
    /// spilled for it (one piece at a time, in any order). Its state is released: call once per partition.
    public func resolvePartition(_ index: Int, diagnostics: some DiagnosticSink,
                                 mergeSpilled: (inout NormalizerPartition) throws -> Void) rethrows -> PlayerDataset {
        var partition = take(index).partition
        try mergeSpilled(&partition)
        var resolved = partition.resolve(locator: locator, diagnostics: diagnostics, names: names)
        resolved.sortCanonically()
        return resolved
    }

    /// Runs `body` once for every partition index on up to `threads` threads; the first error stops the rest
    /// and is rethrown.
    public func forEachPartition(threads: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, slots.count))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < slots.count, failure.withLock({ $0 == nil }) else { return }
                do { try body(index) } catch { failure.withLock { if $0 == nil { $0 = error } } }
            }
        }
        totalBytes.store(0, ordering: .relaxed)
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Resolves every partition (merging back what was spilled) into the whole dataset, in canonical order.
    public func finish(threads: Int, diagnostics: some DiagnosticSink,
                       mergeSpilled: @Sendable (Int, inout NormalizerPartition) throws -> Void) throws -> PlayerDataset {
        let parts = Mutex([PlayerDataset?](repeating: nil, count: slots.count))
        try forEachPartition(threads: threads) { index in
            let resolved = try resolvePartition(index, diagnostics: diagnostics) { try mergeSpilled(index, &$0) }
            parts.withLock { $0[index] = resolved }
        }
        return parts.withLock { PlayerDataset.mergingSortedPieces(&$0, threads: threads) }
    }

    /// Takes over the Dota documents an ingest worker collected on its own (`DotaIngestShard`); the worker
    /// counts those documents in its own tally.
    public func absorb(_ shard: consuming DotaIngestShard) {
        let accumulator = shard.accumulator
        dota.withLock { $0.absorb(accumulator) }
    }

    /// The merged Dota 2 matches and heroes; `nil` when no Dota document was read. Hands the collected
    /// records over (a second call returns `nil`).
    public func finishDota(diagnostics: some DiagnosticSink) -> DotaDataset? {
        let accumulator = dota.withLock { held in
            defer { held = DotaAccumulator() }
            return held
        }
        return accumulator.isEmpty ? nil : accumulator.finish(diagnostics: diagnostics)
    }
}
