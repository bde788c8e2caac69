import Dota
import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// Merges ingested Steam documents into the canonical `PlayerDataset`.
///
/// The result does not depend on the order documents arrive in: every conflict is settled by `SourceRank`
/// (newest `fetched_at`, then JSON over XML, then source path), and lifetime minutes from Web API JSON
/// always beat XML hours (0.1 h resolution). "Private" or "missing" never becomes zero: a private library
/// leaves `games_known` false rather than emptying the list, and a later private response never erases
/// games or friends an earlier visible one listed.
public struct DatasetNormalizer: Sendable {
    private let locator: (any PlayerLocator)?
    private var partition = NormalizerPartition()
    private var dota = DotaAccumulator()

    /// How many documents of each kind were added (for the run summary).
    public private(set) var documentCounts: [String: Int] = [:]

    public init(locator: (any PlayerLocator)? = nil) {
        self.locator = locator
    }

    /// Normalizes a batch in one call.
    public static func normalize(_ documents: [IngestedDocument], locator: (any PlayerLocator)? = nil,
                                 diagnostics: some DiagnosticSink) -> PlayerDataset {
        var normalizer = DatasetNormalizer(locator: locator)
        for document in documents { normalizer.add(document, diagnostics: diagnostics) }
        return normalizer.finish(diagnostics: diagnostics)
    }

    public mutating func add(_ document: IngestedDocument, diagnostics: some DiagnosticSink) {
        let routed = RoutedDocument(document, diagnostics: diagnostics)
        documentCounts[routed.kind, default: 0] += 1
        if case .dota(let facts) = document.content {
            dota.add(facts, origin: document.origin, fetchedAt: routed.rank.fetchedAt == .min ? nil : routed.rank.fetchedAt)
        }
        guard routed.isKept else { return }
        partition.add(document, owner: routed.owner, rank: routed.rank)
    }

    public func finish(diagnostics: some DiagnosticSink) -> PlayerDataset {
        var dataset = partition.resolve(locator: locator, diagnostics: diagnostics)
        dataset.sortCanonically()
        return dataset
    }

    /// The merged Dota 2 matches and heroes; `nil` when no Dota document was read (so no Dota table is written).
    public func finishDota(diagnostics: some DiagnosticSink) -> DotaDataset? {
        dota.isEmpty ? nil : dota.finish(diagnostics: diagnostics)
    }
}

struct GameKey: Hashable, Sendable {
    var player: SteamID64
    var appID: UInt32
}

struct FriendshipKey: Hashable, Sendable {
    var a: SteamID64
    var b: SteamID64
    init(_ x: SteamID64, _ y: SteamID64) {
        a = min(x, y)
        b = max(x, y)
    }
}

struct MembershipKey: Hashable, Sendable {
    var group: GroupID64
    var player: SteamID64
}

struct AchievementKey: Hashable, Sendable {
    var player: SteamID64
    var appID: UInt32?
    var gameName: String
}

struct FriendshipAccumulator: Sendable {
    var friendSince = RankedValue<Int64>()
    var sources = SourceRefs()

    mutating func merge(_ other: FriendshipAccumulator, shift: UInt32, in table: RankTable) {
        friendSince.merge(other.friendSince, shift: shift, in: table)
        sources.formUnion(other.sources, shift: shift)
    }
}
