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
    /// Bytes to read: the file's size, or the length of `byteRange` for a piece.
    public var size: Int
    /// A piece of a JSON Lines bundle dealt to one ingest task (`convert --files-shard`): the lines whose first byte
    /// lies in this range of the file, numbered as in the whole file. Nil for the whole file.
    public var byteRange: Range<Int>? = nil

    /// Whether this is the whole file or the piece that starts it (the one that counts the file as read).
    public var startsFile: Bool { (byteRange?.lowerBound ?? 0) == 0 }

    public var isJSONLines: Bool { relativePath.lowercased().hasSuffix(".jsonl") }
}
