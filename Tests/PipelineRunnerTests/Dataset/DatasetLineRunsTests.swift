import Foundation
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct DatasetLineRunsTests {
    /// Runs per table in file order; rows of tables may interleave, CRLF endings and blank lines are read as written,
    /// and a table the file does not name has no runs.
    @Test func readsRunsPerTable() throws {
        let text = "table,start,end\r\nplayers,0,120\nplayer_games,0,4096\n\n  \nplayers,120,300\r\nfriendships,7,9"
        let runs = try DatasetLineRuns.parse(Array(text.utf8))
        #expect(runs.runs(of: "players") == [0..<120, 120..<300])
        #expect(runs.runs(of: "player_games") == [0..<4096])
        #expect(runs.runs(of: "friendships") == [7..<9])
        #expect(runs.runs(of: "preferences") == [])
        #expect(try DatasetLineRuns.parse(Array("table,start,end\n".utf8)) == DatasetLineRuns())
    }

    /// Every kind of bad line is refused at its line, with what is wrong with it.
    @Test(arguments: [
        ("", 1, "empty"),
        ("steamid,start,end\nplayers,0,1\n", 1, "header"),
        ("table,start,end\nplayers,0\n", 2, "2 fields"),
        ("table,start,end\nplayers,0,1,2\n", 2, "4 fields"),
        ("table,start,end\n\ndecisions,0,1\n", 3, "not a canonical table"),
        ("table,start,end\nplayers,-1,1\n", 2, "digits"),
        ("table,start,end\nplayers, 1,2\n", 2, "digits"),
        ("table,start,end\nplayers,0,\n", 2, "digits"),
        ("table,start,end\nplayers,0,9999999999999999999\n", 2, "below 2^62"),
        ("table,start,end\nplayers,5,5\n", 2, "empty or backwards"),
        ("table,start,end\nplayers,9,5\n", 2, "empty or backwards"),
        ("table,start,end\nplayers,0,10\nplayer_games,0,3\nplayers,9,12\n", 4, "before the end of the one before it"),
    ])
    func refusesBadLinesAtTheirLine(text: String, line: Int, says: String) throws {
        #expect {
            try DatasetLineRuns.parse(Array(text.utf8))
        } throws: { error in
            let e = error as! DatasetLineRuns.FormatError
            return e.line == line && e.message.contains(says)
        }
    }

    /// `read` names the file and line of what it refuses, and a file that is not there.
    @Test func readNamesTheFileAndLine() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("runs.csv")
        try "table,start,end\nplayers,3,1\n".write(to: url, atomically: true, encoding: .utf8)
        #expect {
            try DatasetLineRuns.read(url)
        } throws: { error in
            "\(error)" == "\(url.path):2: the run is empty or backwards (start 3, end 1)"
        }
        #expect(throws: DatasetLineRuns.ReadError.self) { try DatasetLineRuns.read(dir.appendingPathComponent("none.csv")) }
    }
}
