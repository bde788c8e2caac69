import Dota
import Ingest
import PipelineCore

/// Dota 2 documents collected outside the normalizer's partitions: each ingest worker keeps one, and the
/// normalizer absorbs them at the end (`PartitionedNormalizer.absorb`). Merging by match id happens in `DotaAccumulator.finish`,
/// so the result does not depend on which worker read what.
public struct DotaIngestShard: Sendable {
    var accumulator = DotaAccumulator()
    /// The last `fetched_at` text and its value: a bundle's lines usually share one.
    private var lastFetchedAt: (text: String, seconds: Int64?)?

    public init() {}

    /// Adds one Dota document, reporting an unreadable `fetched_at` as the normalizer does for every kind.
    public mutating func add(_ facts: DotaFacts, origin: DocumentOrigin, diagnostics: some DiagnosticSink) {
        var seconds: Int64?
        if let text = origin.fetchedAt {
            if let last = lastFetchedAt, last.text == text {
                seconds = last.seconds
            } else {
                seconds = RFC3339.unixSeconds(text)
                lastFetchedAt = (text, seconds)
            }
            if seconds == nil { RoutedDocument.reportBadFetchedAt(text, origin: origin, diagnostics: diagnostics) }
        }
        accumulator.add(facts, origin: origin, fetchedAt: seconds)
    }
}
