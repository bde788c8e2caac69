import Foundation
import PipelineTestSupport
import Testing
@testable import Report

/// The page looked at in a real browser: headless Chromium renders it, dumps the DOM and takes screenshots at
/// 1280 px and at a phone's 390 px. Skipped, with the reason printed, when `chromium` is not installed
/// (`.ci/run` installs it).
@Suite(.serialized, .enabled(if: HeadlessChromium.path != nil, "chromium is not installed: apt-get install -y chromium (.ci/run does this); browser checks skipped"))
struct ReportPageChromiumTests {
    /// What Chromium saw of a page: the dumped DOM, console lines, requests the page made, screenshot paths.
    struct Rendered {
        var dom: String
        var console: [String]
        var requests: [String]
        var screenshots: [URL]
    }

    func render(_ html: [UInt8], label: String, screenshots: Bool = true) throws -> Rendered {
        let dir = try RepositoryPaths.temporaryDirectory("report-chromium")
        let page = dir.appendingPathComponent("\(label).html")
        try Data(html).write(to: page)
        let netLog = dir.appendingPathComponent("net-log.json")
        let dom = try HeadlessChromium.run(["--dump-dom", "--log-net-log=\(netLog.path)"], page: page, profile: dir.appendingPathComponent("profile-dom"))
        #expect(dom.status == 0, "chromium failed: \(dom.stderr.suffix(2000))")
        let console = dom.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map(String.init)
        let requests = try HeadlessChromium.pageRequests(netLog: netLog)
        var shots: [URL] = []
        if screenshots {
            for (width, height) in [(1280, 2400), (390, 3000)] {
                let png = dir.appendingPathComponent("\(label)-\(width).png")
                let shot = try HeadlessChromium.run(["--screenshot=\(png.path)", "--window-size=\(width),\(height)", "--hide-scrollbars"],
                                                    page: page, profile: dir.appendingPathComponent("profile-\(width)"))
                #expect(shot.status == 0)
                let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
                #expect(size > 10_000, "\(label): screenshot \(png.path) is \(size) bytes")
                shots.append(png)
            }
            print("report screenshots: \(shots.map(\.path).joined(separator: " "))")
        }
        return Rendered(dom: dom.stdout, console: console, requests: requests, screenshots: shots)
    }

    /// Every section in the rendered DOM with its charts, no request by the page, no console message.
    func check(_ html: [UInt8], sections: [String], label: String) throws {
        let rendered = try render(html, label: label)
        for id in sections {
            #expect(rendered.dom.contains("<section id=\"\(id)\">"), "\(label): section \(id) missing from the rendered DOM")
        }
        #expect(rendered.dom.components(separatedBy: "<svg").count > sections.count, "\(label): charts missing")
        #expect(rendered.console.isEmpty, "\(label): console messages: \(rendered.console)")
        #expect(rendered.requests.isEmpty, "\(label): the page made network requests: \(rendered.requests)")
    }

    /// The checks can fail: a page with an external image and a console error is caught by both.
    @Test func theChecksCatchARequestAndAConsoleError() throws {
        let bad = Array("<!DOCTYPE html><html><body><img src=\"https://example.com/x.png\"><script>console.error(\"boom\")</script></body></html>".utf8)
        let rendered = try render(bad, label: "bad", screenshots: false)
        #expect(rendered.requests.contains { $0.hasPrefix("https://example.com/") })
        #expect(rendered.console.contains { $0.contains("boom") })
    }

    @Test func everySectionRendersOfflineWithoutConsoleErrors() throws {
        try check(ReportPage.render(ReportFiguresFixture.full()), sections: ReportFiguresFixture.allSections, label: "full")
    }

    @Test func theSampleReportRendersToo() throws {
        let golden = RepositoryPaths.root().appendingPathComponent("Tests/PipelineRunnerTests/Goldens/default/expected/report.html")
        let html = try #require(FileManager.default.contents(atPath: golden.path), "the golden report.html is committed")
        try check(Array(html), sections: ["ingest", "map", "pairing", "matches", "trades", "lobbies"], label: "sample")
    }
}
