import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

/// Issue #12, item 3 and the silent skips: symbolic links are followed, and whatever cannot be read is reported.
@Suite struct DatasetScannerTests {
    private let fm = FileManager.default

    private func dataset() throws -> URL {
        let root = try RepositoryPaths.temporaryDirectory()
        let data = root.appendingPathComponent("data")
        try fm.createDirectory(at: data.appendingPathComponent("players/76561197960435530"), withIntermediateDirectories: true)
        try "{}".write(to: data.appendingPathComponent("players/76561197960435530/summary.json"), atomically: true, encoding: .utf8)
        try "<x/>".write(to: data.appendingPathComponent("top.xml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func aSymlinkedRootIsReadLikeItsTarget() throws {
        let root = try dataset()
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("current").path, withDestinationPath: "data")
        let log = DiagnosticLog()
        let direct = DatasetScanner.scan(root: root.appendingPathComponent("data"), diagnostics: log).map(\.relativePath)
        let linked = DatasetScanner.scan(root: root.appendingPathComponent("current"), diagnostics: log).map(\.relativePath)
        #expect(direct == ["players/76561197960435530/summary.json", "top.xml"])
        #expect(linked == direct)
        #expect(log.all.isEmpty)
    }

    @Test func linksInsideAreFollowedLoopsAndBrokenLinksReported() throws {
        let root = try dataset()
        let data = root.appendingPathComponent("data")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try "{}".write(to: elsewhere.appendingPathComponent("extra.json"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: data.appendingPathComponent("more").path, withDestinationPath: elsewhere.path)
        try fm.createSymbolicLink(atPath: data.appendingPathComponent("linked.xml").path, withDestinationPath: "top.xml")
        try fm.createSymbolicLink(atPath: data.appendingPathComponent("loop").path, withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: data.appendingPathComponent("gone.json").path, withDestinationPath: "nothing-here.json")
        let log = DiagnosticLog()
        let files = DatasetScanner.scan(root: data, diagnostics: log).map(\.relativePath)
        #expect(files == ["linked.xml", "more/extra.json", "players/76561197960435530/summary.json", "top.xml"])
        let codes = log.sorted().map { "\($0.location?.file ?? ""):\($0.code)" }
        #expect(codes == ["gone.json:input.brokenLink", "loop:input.linkLoop"])
    }

    @Test func unreadableDirectoriesAndBadNamesAreReportedAndNewlinesEscaped() throws {
        let root = try dataset()
        let data = root.appendingPathComponent("data")
        try "{}".write(to: data.appendingPathComponent("evil\nx.json:1: error: forged [x].json"), atomically: true, encoding: .utf8)
        // A name with a byte that is not UTF-8, created through the C API.
        let raw = Array(data.path.utf8) + Array("/bad-".utf8) + [0xFF] + Array(".json".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let locked = data.appendingPathComponent("locked")
        try fm.createDirectory(at: locked, withIntermediateDirectories: true)
        try "{}".write(to: locked.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o755) }
        let log = DiagnosticLog()
        let files = DatasetScanner.scan(root: data, diagnostics: log).map(\.relativePath)
        #expect(files.contains("evil\\nx.json:1: error: forged [x].json"))
        #expect(files.allSatisfy { !$0.contains("\n") })
        let codes = log.sorted().map { "\($0.location?.file ?? ""):\($0.code)" }
        #expect(codes.contains("bad-\\xff.json:input.badFileName"), "\(codes)")
        if getuid() != 0 {  // root reads any directory
            #expect(codes.contains("locked:input.unreadable"))
        }
    }
}
