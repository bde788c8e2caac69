/// Splits RFC 4180 CSV (UTF-8 bytes) into records of fields, with the 1-based line each record starts on.
/// Quoted fields may hold commas, doubled quotes and line breaks; `\r\n` and `\n` both end a record; blank
/// lines are skipped. Works on bytes: every delimiter is ASCII, so UTF-8 sequences pass through untouched.
struct LocationCSVRecords {
    struct Record {
        var line: Int
        var fields: [String]
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"),
        carriageReturn = UInt8(ascii: "\r")

    /// Parses `bytes`; an unterminated quote, a stray quote or text after a closing quote is a `LocationTableError`.
    static func parse(_ bytes: [UInt8]) throws(LocationTableError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var line = 1, recordLine = 1
        var i = 0
        let n = bytes.count
        func fail(_ message: String, _ at: Int) -> LocationTableError {
            LocationTableError(code: "locations.malformedRow", line: at, message: message)
        }
        while i < n {
            // One field starts at i.
            var field: String
            if bytes[i] == quote {
                var raw: [UInt8] = []
                i += 1
                let openLine = line
                while true {
                    guard i < n else { throw fail("unterminated quoted field", openLine) }
                    let b = bytes[i]
                    if b == quote {
                        if i + 1 < n, bytes[i + 1] == quote {
                            raw.append(quote)
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    if b == newline { line += 1 }
                    raw.append(b)
                    i += 1
                }
                field = String(decoding: raw, as: UTF8.self)
                if i < n, bytes[i] != comma, bytes[i] != newline, bytes[i] != carriageReturn {
                    throw fail("text after a closing quote", line)
                }
            } else {
                let start = i
                while i < n, bytes[i] != comma, bytes[i] != newline, bytes[i] != carriageReturn {
                    if bytes[i] == quote { throw fail("stray quote in a field", line) }
                    i += 1
                }
                field = String(decoding: bytes[start..<i], as: UTF8.self)
            }
            fields.append(field)
            // The delimiter after the field.
            if i < n, bytes[i] == comma {
                i += 1
                if i == n { fields.append("") }
                continue
            }
            if i < n, bytes[i] == carriageReturn {
                guard i + 1 < n, bytes[i + 1] == newline else { throw fail("bare carriage return", line) }
                i += 1
            }
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            i += 1  // past "\n" (or past the end)
            line += 1
            recordLine = line
        }
        if !fields.isEmpty { records.append(Record(line: recordLine, fields: fields)) }  // "a,b," at the very end
        return records
    }
}
