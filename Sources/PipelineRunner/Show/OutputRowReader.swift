import Foundation

/// Reads the rows of one `<table>.jsonl` of an output directory that mention given ids, streaming the file
/// in chunks (a line is parsed only when it contains one of the ids' text), so it works on outputs of any
/// size. Only `steam-mate show` uses it.
struct OutputRowReader {
    let directory: URL

    /// Whether `<table>.jsonl` exists.
    func has(_ table: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(table).jsonl").path)
    }

    /// Rows of `table` (as JSON objects) whose `column` holds one of `ids` (as a JSON string).
    func rows(_ table: String, where columns: [String], in ids: Set<String>) throws -> [[String: Any]] {
        let url = directory.appendingPathComponent("\(table).jsonl")
        guard FileManager.default.fileExists(atPath: url.path), !ids.isEmpty else { return [] }
        let needles = ids.map { Array("\"\($0)\"".utf8) }
        var reader = try ChunkedLineReader(url: url)
        var result: [[String: Any]] = []
        while let chunk = try reader.next() {
            var start = 0
            let bytes = chunk.bytes
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = bytes[start..<end]
                if needles.contains(where: { Self.contains(line, $0) }),
                   let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                   columns.contains(where: { (object[$0] as? String).map(ids.contains) == true }) {
                    result.append(object)
                }
                start = end + 1
            }
        }
        return result
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
