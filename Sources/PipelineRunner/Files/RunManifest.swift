import Foundation
import PipelineCore

/// `manifest.json`: every output file with its size, sha256 and (for tables) row count.
/// Contains no timestamps or absolute paths, so it is itself byte-stable.
public struct RunManifest: Codable, Sendable {
    public struct Entry: Codable, Sendable {
        public var path: String
        public var bytes: Int
        public var sha256: String
        public var rows: Int?
    }

    public var pipeline: String
    public var files: [Entry]

    public static func make(pipeline: String, files: [OutputFile], rowCounts: [String: Int]) -> RunManifest {
        let entries = files.sorted { $0.path < $1.path }.map { file in
            Entry(path: file.path, bytes: file.bytes.count, sha256: SHA256.hex(of: file.bytes), rows: rowCounts[file.path])
        }
        return RunManifest(pipeline: pipeline, files: entries)
    }

    public func encoded() -> [UInt8] {
        StableJSON.encode(self)
    }
}
