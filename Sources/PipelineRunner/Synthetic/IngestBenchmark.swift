import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Ingest
import PipelineCore
import PlayerModel
import SyntheticData

/// `bench ingest`: writes a seeded profile-XML bundle and a GetOwnedGames JSONL bundle, decodes both with
/// the pipeline's bundle decoders and, in the same process, with baselines (a raw read of the file, the
/// I/O ceiling; Foundation `JSONSerialization` on every JSONL line), then reports MB/s, ratios and peak RSS.
public enum IngestBenchmark {
    public struct Options: Sendable {
        public var xmlMegabytes: Double
        public var jsonMegabytes: Double
        public var seed: UInt64
        /// Where to write the bundles (kept); `nil` = a temporary directory, removed afterwards.
        public var directory: String?
        /// Bytes per JSONL read.
        public var chunkBytes: Int

        public init(xmlMegabytes: Double = 200, jsonMegabytes: Double = 100, seed: UInt64 = 1, directory: String? = nil,
                    chunkBytes: Int = 8 << 20) {
            self.xmlMegabytes = xmlMegabytes
            self.jsonMegabytes = jsonMegabytes
            self.seed = seed
            self.directory = directory
            self.chunkBytes = chunkBytes
        }
    }

    /// One timed pass over a file.
    public struct Measurement: Sendable {
        public var name: String
        public var bytes: Int
        public var seconds: Double
        /// User + system CPU time of the process during the pass (robust when other processes share the cores).
        public var cpuSeconds: Double = 0
        /// Documents (or lines) the pass produced.
        public var items: Int
        /// Records inside them (profiles, library rows), where the pass counts them.
        public var records: Int
        public var errors: Int
        public var firstError: String?

        public var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0 }
        public var megabytesPerCPUSecond: Double { cpuSeconds > 0 ? Double(bytes) / 1_048_576 / cpuSeconds : 0 }
    }

    public struct Report: Sendable {
        public var xmlBytes = 0
        public var xmlProfilesWritten = 0
        public var jsonBytes = 0
        public var jsonLinesWritten = 0
        public var jsonGamesWritten = 0
        public var measurements: [Measurement] = []
        public var peakRSSAfterGeneration = 0
        public var peakRSSAfterXML = 0
        public var peakRSSAfterJSON = 0
        public var peakRSSAfterBaselines = 0
        public var directory = ""

        public func measurement(_ name: String) -> Measurement? { measurements.first { $0.name == name } }
    }

    public static let xmlDecoderPass = "XMLDocumentDecoder.decodeFile"
    public static let xmlRawPass = "XML raw read (I/O ceiling)"
    public static let xmlParserPass = "Foundation XMLParser (SAX)"
    public static let jsonDecoderPass = "JSONLinesDecoder.decode"
    public static let jsonSerializationPass = "JSONSerialization per line"
    public static let jsonRawPass = "JSONL raw read (I/O ceiling)"

    public static func run(_ options: Options) throws -> Report {
        let (directory, temporary) = try workingDirectory(options.directory, label: "ingest")
        defer { if temporary { try? FileManager.default.removeItem(at: directory) } }
        let xmlPath = directory.appendingPathComponent("profiles.xml").path
        let jsonPath = directory.appendingPathComponent("owned_games.jsonl").path

        var report = Report()
        report.directory = directory.path
        (report.xmlBytes, report.xmlProfilesWritten) = try writeProfileBundle(
            path: xmlPath, targetBytes: Int(options.xmlMegabytes * 1_048_576), seed: options.seed)
        (report.jsonBytes, report.jsonLinesWritten, report.jsonGamesWritten) = try writeOwnedGamesBundle(
            path: jsonPath, targetBytes: Int(options.jsonMegabytes * 1_048_576), seed: options.seed)
        report.peakRSSAfterGeneration = peakRSSBytes()

        // The pipeline's decoders first, so their peak RSS is not inflated by the baselines (XMLParser holds
        // the whole file in memory).
        report.measurements.append(try timed { try rawRead(path: xmlPath, name: xmlRawPass, chunkBytes: options.chunkBytes) })
        report.measurements.append(timed { decodeXML(path: xmlPath) })
        report.peakRSSAfterXML = peakRSSBytes()
        report.measurements.append(try timed { try rawRead(path: jsonPath, name: jsonRawPass, chunkBytes: options.chunkBytes) })
        report.measurements.append(try timed { try decodeJSONLines(path: jsonPath, chunkBytes: options.chunkBytes) })
        report.peakRSSAfterJSON = peakRSSBytes()
        report.measurements.append(try timed { try parserBaseline(path: xmlPath) })
        report.measurements.append(try timed { try serializationBaseline(path: jsonPath, chunkBytes: options.chunkBytes) })
        report.peakRSSAfterBaselines = peakRSSBytes()
        return report
    }

    // MARK: - Writing

    /// Players per generated batch; each batch has its own seed and account-id range.
    static let batchPlayers = 8_192

    static func batches(seed: UInt64) -> some Sequence<SyntheticDocumentSet> {
        (0...).lazy.map { (k: Int) -> SyntheticDocumentSet in
            SyntheticDocumentSet(config: SyntheticPopulationConfig(
                players: batchPlayers, seed: seed &+ UInt64(k),
                firstAccountID: 1_500_000_000 + UInt32(k) * UInt32(batchPlayers * 4)))
        }
    }

    static func writeProfileBundle(path: String, targetBytes: Int, seed: UInt64) throws -> (bytes: Int, profiles: Int) {
        let out = try BufferedFileWriter(path: path)
        try out.write(SyntheticDocumentSet.profileBundleHeader)
        var profiles = 0
        outer: for documents in batches(seed: seed) {
            for i in 0..<documents.playerCount {
                if out.bytesWritten >= targetBytes { break outer }
                try out.write(documents.profileXML(player: i, declaration: false) + "\n")
                profiles += 1
            }
        }
        try out.write(SyntheticDocumentSet.profileBundleFooter)
        try out.close()
        return (out.bytesWritten, profiles)
    }

    static func writeOwnedGamesBundle(path: String, targetBytes: Int,
                                      seed: UInt64) throws -> (bytes: Int, lines: Int, games: Int) {
        let out = try BufferedFileWriter(path: path)
        var lines = 0, games = 0
        outer: for documents in batches(seed: seed &+ 1_000_003) {
            for i in 0..<documents.playerCount {
                if out.bytesWritten >= targetBytes { break outer }
                try out.write(documents.ownedGamesEnvelope(player: i) + "\n")
                lines += 1
                if documents.dataset.players[i].gamesKnown { games += documents.games(ofPlayer: i).count }
            }
        }
        try out.close()
        return (out.bytesWritten, lines, games)
    }

    // MARK: - Passes

    /// Runs a pass and adds the process CPU time it took.
    /// `path` (created), or a new temporary directory to remove afterwards (`temporary` true).
    static func workingDirectory(_ path: String?, label: String) throws -> (url: URL, temporary: Bool) {
        let directory = path.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("steam-mate-bench-\(label)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, path == nil)
    }

    static func timed(_ pass: () throws -> Measurement) rethrows -> Measurement {
        let before = cpuSeconds()
        var measurement = try pass()
        measurement.cpuSeconds = cpuSeconds() - before
        return measurement
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Counts `<profile>` elements and gathers element text with Foundation's SAX `XMLParser`: the XML baseline.
    static func parserBaseline(path: String) throws -> Measurement {
        final class Counter: NSObject, XMLParserDelegate {
            var profiles = 0, elements = 0, textBytes = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                elements += 1
                if name == "profile" { profiles += 1 }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { textBytes += string.utf8.count }
            func parser(_ parser: XMLParser, foundCDATA block: Data) { textBytes += block.count }
        }
        let start = ContinuousClock.now
        // From a stream: `XMLParser(data:)` fails on Linux past about 1 MB (swift-corelibs-foundation #4851).
        guard let stream = InputStream(fileAtPath: path) else { throw SyntheticWriteError.cannotRead(path) }
        let parser = XMLParser(stream: stream)
        let counter = Counter()
        parser.delegate = counter
        let ok = parser.parse()
        return Measurement(name: xmlParserPass, bytes: fileSize(path), seconds: seconds(since: start), items: counter.elements,
                           records: counter.profiles, errors: ok ? 0 : 1,
                           firstError: ok ? nil : parser.parserError.map { "\($0)" })
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static func decodeXML(path: String) -> Measurement {
        let log = DiagnosticLog()
        var documents = 0, profiles = 0
        let bytes = fileSize(path)
        let start = ContinuousClock.now
        XMLDocumentDecoder.decodeFile(path: path, origin: DocumentOrigin(file: "profiles.xml"), diagnostics: log) { doc in
            documents += 1
            if case .profile = doc.content { profiles += 1 }
        }
        let elapsed = seconds(since: start)
        let errors = log.all.filter { $0.severity == .error }
        return Measurement(name: xmlDecoderPass, bytes: bytes, seconds: elapsed, items: documents, records: profiles,
                           errors: errors.count, firstError: errors.first.map { "\($0)" })
    }

    static func decodeJSONLines(path: String, chunkBytes: Int) throws -> Measurement {
        let log = DiagnosticLog()
        var documents = 0, games = 0
        let origin = DocumentOrigin(file: "owned_games.jsonl")
        let start = ContinuousClock.now
        let bytes = try forEachLineChunk(path: path, chunkBytes: chunkBytes) { chunk, firstLine in
            JSONLinesDecoder.decode(chunk: chunk, firstLine: firstLine, origin: origin, diagnostics: log) { doc in
                documents += 1
                if case .gameLibrary(let library) = doc.content { games += library.games?.count ?? 0 }
            }
        }
        let elapsed = seconds(since: start)
        let errors = log.all.filter { $0.severity == .error }
        return Measurement(name: jsonDecoderPass, bytes: bytes, seconds: elapsed, items: documents, records: games,
                           errors: errors.count, firstError: errors.first.map { "\($0)" })
    }

    /// Foundation's `JSONSerialization` on every line, counting the games arrays: the baseline.
    static func serializationBaseline(path: String, chunkBytes: Int) throws -> Measurement {
        var lines = 0, games = 0, errors = 0
        let start = ContinuousClock.now
        let bytes = try forEachLineChunk(path: path, chunkBytes: chunkBytes) { chunk, _ in
            var lineStart = 0
            for i in 0..<chunk.count where chunk[i] == 0x0A {
                defer { lineStart = i + 1 }
                guard i > lineStart else { continue }
                let data = Data(UnsafeRawBufferPointer(rebasing: chunk[lineStart..<i]))
                lines += 1
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let body = object["body"] as? [String: Any] else { errors += 1; continue }
                if let response = body["response"] as? [String: Any], let list = response["games"] as? [Any] {
                    games += list.count
                }
            }
        }
        return Measurement(name: jsonSerializationPass, bytes: bytes, seconds: seconds(since: start), items: lines,
                           records: games, errors: errors, firstError: nil)
    }

    /// Reads the file in chunks and touches every 64th byte: the I/O (page cache) ceiling.
    static func rawRead(path: String, name: String, chunkBytes: Int) throws -> Measurement {
        var checksum: UInt64 = 0
        var lines = 0
        let start = ContinuousClock.now
        let bytes = try forEachLineChunk(path: path, chunkBytes: chunkBytes) { chunk, _ in
            var i = 0
            while i < chunk.count { checksum &+= UInt64(chunk[i]); i += 64 }
            lines += 1
        }
        let elapsed = seconds(since: start)
        return Measurement(name: name, bytes: bytes, seconds: elapsed, items: lines, records: Int(checksum & 1),
                           errors: 0, firstError: nil)
    }

    /// Calls `body` with chunks of whole lines (each ending at a newline, except a final unterminated line)
    /// and the 1-based number of the chunk's first line. Returns the bytes read.
    static func forEachLineChunk(path: String, chunkBytes: Int,
                                 _ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws -> Int {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw SyntheticWriteError.cannotRead(path) }
        defer { close(fd) }
        var capacity = max(4_096, chunkBytes)
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
        defer { buffer.deallocate() }
        var filled = 0, total = 0, line = 1
        while true {
            let n = read(fd, buffer.baseAddress! + filled, capacity - filled)
            guard n >= 0 else { throw SyntheticWriteError.cannotRead(path) }
            filled += n
            total += n
            let atEnd = n == 0
            if filled == 0 { break }
            var cut = filled
            while cut > 0, buffer[cut - 1] != 0x0A { cut -= 1 }
            if cut == 0 {
                if atEnd { cut = filled } else if filled == capacity {
                    // A line longer than the buffer: grow it.
                    let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity * 2, alignment: 64)
                    bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                    buffer.deallocate()
                    buffer = bigger
                    capacity *= 2
                    continue
                } else { continue }
            }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<cut])
            try body(chunk, line)
            for byte in chunk where byte == 0x0A { line += 1 }
            let rest = filled - cut
            if rest > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + cut, rest) }
            filled = rest
            if atEnd && filled == 0 { break }
        }
        return total
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Peak resident set size of this process so far (`getrusage`; Linux reports KiB).
    public static func peakRSSBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1_024
    }
}
