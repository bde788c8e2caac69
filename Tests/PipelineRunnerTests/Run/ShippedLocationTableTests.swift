import Foundation
import Testing
@testable import PipelineRunner

@Suite struct ShippedLocationTableTests {
    @Test func searchOrderIsEnvironmentThenExecutableThenRepository() {
        let urls = ShippedLocationTable.candidates(environment: ["STEAM_MATE_DATA": "/opt/sm"],
                                                   executable: URL(fileURLWithPath: "/usr/local/bin/steam-mate"),
                                                   currentDirectory: URL(fileURLWithPath: "/home/u/repo/sub"))
        let paths = urls.map(\.path)
        #expect(Array(paths.prefix(3)) == ["/opt/sm/steam-locations.csv", "/usr/local/bin/steam-locations.csv",
                                           "/usr/local/share/steam-mate/steam-locations.csv"])
        #expect(paths.contains("/home/u/repo/sub/Data/reference/steam-locations.csv"))
        #expect(paths.contains("/home/u/repo/Data/reference/steam-locations.csv"))
        #expect(paths.contains("/usr/local/Data/reference/steam-locations.csv"))
        let cwdParent = paths.firstIndex(of: "/home/u/Data/reference/steam-locations.csv")!
        let executableParent = paths.firstIndex(of: "/usr/Data/reference/steam-locations.csv")!
        #expect(cwdParent < executableParent, "the current directory's ancestors come before the executable's")
    }

    @Test func findsTheRepositoryTableFromTheRepository() {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let found = ShippedLocationTable.locate(environment: [:], executable: nil, currentDirectory: repo.appendingPathComponent("Sources"))
        #expect(found?.standardizedFileURL.path == repo.appendingPathComponent("Data/reference/steam-locations.csv").standardizedFileURL.path)
        #expect(ShippedLocationTable.effectivePath("none") == nil)
        #expect(ShippedLocationTable.effectivePath("x.csv") == "x.csv")
    }
}
