import Foundation
import PipelineCore

/// Checks on a published output directory, for the publishing tests: that it is exactly what its
/// `manifest.json` lists, and byte-for-byte snapshots to prove that something was left untouched.
public enum PublishedTree {
    /// Problems found; empty when every manifest entry exists with its size and sha256 and nothing else is there.
    public static func manifestMismatches(in directory: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("manifest.json").path) else {
            return ["no manifest.json in \(directory.path)"]
        }
        struct Manifest: Decodable {
            struct Entry: Decodable { var path: String; var bytes: Int; var sha256: String }
            var files: [Entry]
        }
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return ["manifest.json does not decode"] }
        var problems: [String] = []
        var listed: Set<String> = ["manifest.json"]
        for entry in manifest.files {
            listed.insert(entry.path)
            guard let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent(entry.path).path) else {
                problems.append("listed but missing: \(entry.path)")
                continue
            }
            if bytes.count != entry.bytes || SHA256.hex(of: Array(bytes)) != entry.sha256 {
                problems.append("content differs from the manifest: \(entry.path)")
            }
        }
        for extra in GoldenDirectory.relativeFiles(in: directory).subtracting(listed).sorted() {
            problems.append("not in the manifest: \(extra)")
        }
        return problems
    }

    /// Every file under `directory` (hidden ones included) with its bytes, keyed by relative path.
    public static func snapshot(_ directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let relative as String in enumerator {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
        return files
    }
}
