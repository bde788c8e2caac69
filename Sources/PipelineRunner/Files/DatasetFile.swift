import Foundation
import PlayerModel

/// One file found in a dataset directory, with what its place in the layout says about it.
public struct DatasetFile: Sendable, Hashable {
    public enum Role: Sendable, Hashable {
        /// A Steam document (XML or JSON) or a JSON Lines bundle / preferences export.
        case steam
        /// The app's `decisions.jsonl`.
        case decisions
        /// The app's `trade_requests.jsonl` / `trade_requests.csv`.
        case tradeRequests
    }

    public var url: URL
    /// Path relative to the dataset root, `/`-separated: what diagnostics and provenance show.
    public var relativePath: String
    public var role: Role
    public var owner: SteamID64?
    public var appID: UInt32?
    public var size: Int

    public var isJSONLines: Bool { relativePath.lowercased().hasSuffix(".jsonl") }
}
