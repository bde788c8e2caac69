import Emit
import Foundation
import Ingest
import Normalize
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

/// A big XML bundle read in pieces by several workers (`XMLBundleLayout`, `XMLBundlePieceReader`,
/// `XMLBundleSequencer`) gives what one reader gives: the same tables and the same diagnostics (lines and
/// element paths), including when a cut falls where it must not and when the file is malformed.
@Suite struct XMLBundlePiecesTests {
    /// One profile of the hand-made bundle; `extra` goes inside it.
    private static func profile(_ n: Int, extra: String = "") -> String {
        "<profile>\n\t<steamID64>\(76_561_198_000_000_000 + n)</steamID64>\n\t<steamID><![CDATA[P\(n)]]></steamID>\n"
            + "\t<vacBanned>\(n % 9 == 0 ? "maybe" : "0")</vacBanned>\n\(extra)</profile>\n"
    }

    /// A bundle with values that warn (paths with ordinals), children that are not Steam documents and games
    /// lists; from profile `falseCutsFrom` on, comments and CDATA sections hold what looks like a cut.
    private static func bundle(profiles: Int, falseCutsFrom: Int = .max, brokenAt: Int? = nil) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- hand-made -->\n<profiles>\r\n"
        for n in 0..<profiles {
            if n == brokenAt {
                // The error is far (over 1 KB) from the end of the child before it: see `aMalformedBundleEndsAsWithOneReader`.
                text += "<profile><steamID64>1</steamID64>\n" + String(repeating: "\t<x>padding</x>\n", count: 80) + "<oops></profile>\n"
            }
            switch n % 10 {
            case 3: text += "<note>not a Steam document</note>\n"
            case 5 where n >= falseCutsFrom:
                text += profile(n, extra: "\t<summary><![CDATA[a>\n<profile>\n  looks like a cut]]></summary>\n")
            case 7 where n >= falseCutsFrom: text += "<!-- a comment>\n<profile>\n-->\n" + profile(n)
            case 8:
                text += "<gamesList><steamID64>\(76_561_198_000_000_000 + n)</steamID64><games><game><appID>\(n)</appID>"
                    + "<name><![CDATA[G\(n)]]></name><hoursOnRecord>1.5</hoursOnRecord></game></games></gamesList>\n"
            default: text += profile(n)
            }
        }
        return text + "</profiles>\n"
    }

    private struct Read: Equatable {
        var files: [OutputFile]
        var diagnostics: [Diagnostic]
    }

    private func read(_ directory: URL, threads: Int, pieceSize: Int?, lines: Int = 60_000) throws -> Read {
        let log = DiagnosticLog()
        let files = DatasetScanner.scan(root: directory, displayPrefix: "in", diagnostics: log)
        var ingestor = DatasetIngestor(threads: threads)
        ingestor.streamingThreshold = 1024
        ingestor.xmlPieceSize = pieceSize
        ingestor.xmlPieceLines = lines
        ingestor.partitioning = FactPartitioning(count: 8)
        let result = try ingestor.ingest(files, locator: nil, diagnostics: log)
        var tables = DatasetTables.tables(for: result.dataset)
        tables.append(Table(name: "counts", columns: ["kind", "n"],
                            rows: result.documentCounts.sorted { $0.key < $1.key }.map { [.string($0.key), .int(Int64($0.value))] }))
        return Read(files: TableFiles.render(tables, formats: TableFormat.allCases), diagnostics: log.sorted())
    }

    private func withBundle(_ text: String, _ body: (URL) throws -> Void) throws {
        let directory = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(text.utf8).write(to: directory.appendingPathComponent("profiles.xml"))
        try body(directory)
    }

    @Test(arguments: [Int.max, 200])
    func piecesGiveWhatOneReaderGives(falseCutsFrom: Int) throws {
        try withBundle(Self.bundle(profiles: 300, falseCutsFrom: falseCutsFrom)) { directory in
            let whole = try read(directory, threads: 1, pieceSize: nil)
            let players = whole.files.first { $0.path == "players.csv" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
            #expect(players.utf8.split(separator: 0x0A).count > 200)
            let codes = Set(whole.diagnostics.map(\.code))
            #expect(codes == ["value.invalid", "xml.unknownBundleEntry"])
            // Paths with the profile's ordinal in the whole file (profile[n] past the first).
            #expect(whole.diagnostics.contains { $0.location?.path?.hasPrefix("/profiles/profile[2") == true })
            for (size, lines) in [(200, 60_000), (1_000, 60_000), (4_000, 60_000), (1 << 20, 9), (1 << 20, 60_000)] {
                for threads in [1, 2, 4] {
                    let pieces = try read(directory, threads: threads, pieceSize: size, lines: lines)
                    #expect(pieces.files == whole.files, "\(size) B / \(lines) lines, \(threads) threads")
                    #expect(pieces.diagnostics == whole.diagnostics, "\(size) B / \(lines) lines, \(threads) threads")
                }
            }
        }
    }

    /// The pieces are really cut (and so the equality above is not one reader against itself): the reader
    /// gives many pieces whose documents are the file's, and one piece holds a false cut in a CDATA section.
    @Test func theReaderCutsTheFileIntoWholeDocuments() throws {
        let text = Self.bundle(profiles: 60, falseCutsFrom: 0)
        try withBundle(text) { directory in
            let url = directory.appendingPathComponent("profiles.xml")
            let layout = try #require(XMLBundleLayout(head: Array(text.utf8.prefix(4096))))
            var reader = try #require(XMLBundlePieceReader(url: url, pieceSize: 150, maxLines: 60_000))
            #expect(reader.layout == layout)
            var buffer: [UInt8] = []
            var pieces: [XMLBundlePieceReader.Piece] = []
            var body: [UInt8] = []
            while let piece = reader.next(into: &buffer) {
                pieces.append(piece)
                let bytes = try #require(piece.bytes)
                let start = piece.index == 0 ? 0 : layout.header.count
                let end = piece.isLast ? bytes.count : bytes.count - layout.trailer.count
                if piece.index > 0 { #expect(Array(bytes[..<start]) == layout.header) }
                if !piece.isLast { #expect(Array(bytes[end...]) == layout.trailer) }
                body += bytes[start..<end]
                // The file's line of the piece's first byte is the piece's line plus the offset.
                let fileLine = 1 + text.utf8.prefix(body.count - (end - start)).filter { $0 == 0x0A }.count
                let pieceLine = 1 + bytes[..<start].filter { $0 == 0x0A }.count
                #expect(pieceLine + piece.lineOffset == fileLine)
            }
            #expect(body == Array(text.utf8))
            #expect(pieces.count > 20)
            #expect(pieces.last?.isLast == true)
            #expect(pieces.map(\.index) == Array(0..<pieces.count))
        }
    }

    /// A bundle broken in the middle: the documents before the error are kept and the error reported with its
    /// line, exactly as one reader does, on any piece size and thread count. (When the error comes right after
    /// the end of a child, libxml2's read-ahead makes one reader lose that child too; pieces keep it when it
    /// ends a clean piece: the README's "Bundles in pieces" notes it.)
    @Test func aMalformedBundleEndsAsWithOneReader() throws {
        try withBundle(Self.bundle(profiles: 200, falseCutsFrom: 150, brokenAt: 120)) { directory in
            let whole = try read(directory, threads: 1, pieceSize: nil)
            #expect(whole.diagnostics.contains { $0.code == "xml.malformed" && $0.message.contains("kept") })
            for (size, threads) in [(300, 1), (300, 2), (2_000, 4)] {
                let pieces = try read(directory, threads: threads, pieceSize: size)
                #expect(pieces.files == whole.files, "\(size) B, \(threads) threads")
                #expect(pieces.diagnostics == whole.diagnostics, "\(size) B, \(threads) threads")
            }
        }
    }

    /// Past line 65,535 libxml2 keeps no exact element line; pieces of at most 60,000 lines do, so every
    /// profile's source line is its start tag's line.
    @Test func linesPastTheSixteenBitLimitAreExact() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<profiles>\n"
        var expected: [String: Int] = [:]
        var line = 3
        for n in 0..<2_600 {
            let id = 76_561_198_000_000_000 + n
            expected[String(id)] = line
            let padding = String(repeating: "\t<x/>\n", count: 24 + n % 7)
            text += "<profile>\n\t<steamID64>\(id)</steamID64>\n\(padding)</profile>\n"
            line += 3 + 24 + n % 7
        }
        text += "</profiles>\n"
        #expect(line > 70_000)
        try withBundle(text) { directory in
            let pieces = try read(directory, threads: 2, pieceSize: 1 << 20)
            let players = try #require(pieces.files.first { $0.path == "players.csv" })
            let rows = String(decoding: players.bytes, as: UTF8.self).split(separator: "\r\n").dropFirst()
            #expect(rows.count == 2_600)
            for row in rows {
                let fields = row.split(separator: ",", omittingEmptySubsequences: false)
                let id = String(fields[0])
                #expect(fields.last == "in/profiles.xml:\(expected[id] ?? -1)", "\(id)")
            }
        }
    }
}
