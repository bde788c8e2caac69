import Foundation

/// Places the shared real Steam fixtures into a dataset directory (see `SteamFixturePlacement`).
enum SteamFixtureCopier {
    static func place(from source: String, into root: String, fetchedAt: String) throws -> (files: Int, bytes: Int) {
        let fm = FileManager.default
        let rootURL = URL(fileURLWithPath: root)
        var files = 0, bytes = 0
        var bundles: [(path: String, lines: [String])] = []
        for entry in SteamFixturePlacement.entries {
            let from = URL(fileURLWithPath: source).appendingPathComponent(entry.fixture)
            guard let data = fm.contents(atPath: from.path) else { throw SyntheticWriteError.fixtureMissing(from.path) }
            switch entry.mode {
            case .copy:
                let to = rootURL.appendingPathComponent(entry.destination)
                try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: to)
                files += 1
                bytes += data.count
            case .bundleLine(let kind):
                guard let body = compactJSON([UInt8](data)), body.first == "{" else {
                    throw SyntheticWriteError.fixtureNotJSON(from.path)
                }
                let line = "{\"source\":\"\(kind)\",\"fetched_at\":\"\(fetchedAt)\",\"body\":\(body)}"
                if let i = bundles.firstIndex(where: { $0.path == entry.destination }) {
                    bundles[i].lines.append(line)
                } else {
                    bundles.append((entry.destination, [line]))
                }
            }
        }
        for bundle in bundles {
            let text = bundle.lines.map { $0 + "\n" }.joined()
            try Data(text.utf8).write(to: rootURL.appendingPathComponent(bundle.path))
            files += 1
            bytes += text.utf8.count
        }
        return (files, bytes)
    }

    /// Removes whitespace outside JSON strings (CR/LF/tab/space), keeping every other byte; `nil` if a string
    /// is unterminated.
    static func compactJSON(_ bytes: [UInt8]) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false, escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            } else {
                if byte == UInt8(ascii: "\"") { inString = true }
                out.append(byte)
            }
        }
        return inString ? nil : String(decoding: out, as: UTF8.self)
    }
}
