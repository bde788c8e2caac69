import Foundation
import PipelineTestSupport
import Testing

/// The golden harness must catch every kind of difference, or the golden test could pass vacuously.
@Suite struct GoldenDirectoryTests {
    func tree(_ files: [String: String]) throws -> URL {
        let dir = try RepositoryPaths.temporaryDirectory("tree")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func identicalTreesPass() throws {
        #expect(GoldenDirectory.compare(actual: try tree(["a.csv": "1\n", "d/b.json": "{}"]),
                                        expected: try tree(["a.csv": "1\n", "d/b.json": "{}"])).isEmpty)
    }

    @Test func missingExtraAndChangedFilesAreAllReported() throws {
        let problems = GoldenDirectory.compare(actual: try tree(["a.csv": "1\n2\n", "extra.csv": ""]),
                                               expected: try tree(["a.csv": "1\n3\n", "gone.csv": ""]))
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("missing file: gone.csv") })
        #expect(problems.contains { $0.hasPrefix("extra file: extra.csv") })
        #expect(problems.contains { $0.hasPrefix("differs: a.csv") && $0.contains("- 2: 3") && $0.contains("+ 2: 2") })
    }

    @Test func anEmptyExpectedTreeFails() throws {
        #expect(!GoldenDirectory.compare(actual: try tree(["a.csv": ""]), expected: try tree([:])).isEmpty)
    }
}
