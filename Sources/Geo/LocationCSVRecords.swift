/// Splits RFC 4180 CSV text into records of fields, with the 1-based line each record starts on.
/// Quoted fields may hold commas, doubled quotes and line breaks; `\r\n` and `\n` both end a record.
struct LocationCSVRecords {
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Parses `text`; an unterminated quote or a stray quote inside an unquoted field is a `LocationTableError`.
    static func parse(_ text: String) throws(LocationTableError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1
        var inQuotes = false, fieldWasQuoted = false, afterClosingQuote = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldWasQuoted = false
            afterClosingQuote = false
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
                afterClosingQuote = false
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\r":
                let next = iterator.next()
                if next != "\n" {
                    throw LocationTableError(code: "locations.malformedRow", line: line, message: "bare carriage return")
                }
                endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !fieldWasQuoted else {
                    throw LocationTableError(code: "locations.malformedRow", line: line, message: "stray quote in a field")
                }
                inQuotes = true
                fieldWasQuoted = true
            default:
                if afterClosingQuote {
                    throw LocationTableError(
                        code: "locations.malformedRow", line: line, message: "text after a closing quote")
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes {
            throw LocationTableError(code: "locations.malformedRow", line: recordLine, message: "unterminated quoted field")
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
