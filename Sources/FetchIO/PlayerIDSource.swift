import Fetch
import Foundation
import PipelineCore

/// Reads the players to fetch: an id file, or the dataset's `preferences.jsonl`.
public enum PlayerIDSource {
    public static func load(idsFile: URL?, preferencesFile: URL?, displayPath: String, diagnostics: some DiagnosticSink) throws -> PlayerIDList {
        if let idsFile {
            guard let bytes = try DurableFile.read(idsFile) else { throw FetchRunError("fetch.io", "the id file \(displayPath) does not exist") }
            return PlayerIDList.parseIDFile(String(decoding: bytes, as: UTF8.self), file: displayPath, diagnostics: diagnostics)
        }
        guard let preferencesFile else { return PlayerIDList() }
        guard let bytes = try DurableFile.read(preferencesFile) else {
            throw FetchRunError("fetch.io", "\(displayPath) does not exist (give an id file, or a dataset with preferences.jsonl)")
        }
        return bytes.withUnsafeBytes { PlayerIDList.parsePreferences($0) }
    }
}
