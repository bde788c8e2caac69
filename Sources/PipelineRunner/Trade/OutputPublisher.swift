import Foundation
import PipelineCore

/// Writes output files so a reader never sees a half-written one: every file is first written into a
/// temporary directory created inside the target directory (same file system), then renamed into place.
public enum OutputPublisher {
    public static func publish(_ files: [OutputFile], to directory: String) throws {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory, isDirectory: true)
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        let staging = target.appendingPathComponent(".tmp-trade-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: staging) }
        for file in files {
            let url = staging.appendingPathComponent(file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        for file in files {
            let destination = target.appendingPathComponent(file.path)
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(staging.appendingPathComponent(file.path).path, destination.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
        }
    }
}
