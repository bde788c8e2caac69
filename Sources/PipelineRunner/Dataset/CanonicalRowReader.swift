import JSONPullReader
import PipelineCore

/// Reads one row object of a canonical `.jsonl` table: calls `field` for every key with the reader
/// positioned on the value's first token. Values the closure does not consume are skipped.
struct CanonicalRowReader {
    var reader: JSONPullReader

    /// Why a row could not be read.
    struct RowError: Error {
        var message: String
    }

    init(bytes: UnsafeRawBufferPointer) {
        reader = JSONPullReader(bytes: bytes)
    }

    /// Reads one object; for every key calls `field` with the key's index in `keys` (nil when not listed)
    /// and the value's first token. Returning false skips the value.
    mutating func readObject(keys: [StaticString], _ field: (inout CanonicalRowReader, Int?, JSONToken) throws -> Bool) throws {
        guard try reader.next() == .objectBegin else { throw RowError(message: "a row must be a JSON object") }
        while try reader.nextKey() {
            let index = keys.firstIndex { reader.keyEquals($0) }
            let token = try reader.next()
            if try !field(&self, index, token) { try reader.skipRest(of: token) }
        }
        guard try reader.next() == .endOfDocument else { throw RowError(message: "trailing data after the row") }
    }

    func string(_ token: JSONToken) -> String? { token == .string ? reader.string() : nil }

    func int(_ token: JSONToken) throws -> Int64? {
        switch token {
        case .number: return try reader.int64()
        case .null: return nil
        default: throw RowError(message: "expected an integer")
        }
    }

    func double(_ token: JSONToken) throws -> Double? {
        switch token {
        case .number: return try reader.double()
        case .null: return nil
        default: throw RowError(message: "expected a number")
        }
    }

    func bool(_ token: JSONToken) throws -> Bool? {
        switch token {
        case .bool(let b): return b
        case .null: return nil
        default: throw RowError(message: "expected true or false")
        }
    }

    /// An array of strings (consumes the array).
    mutating func strings(_ token: JSONToken) throws -> [String] {
        guard token == .arrayBegin else {
            if token == .null { return [] }
            throw RowError(message: "expected an array")
        }
        var out: [String] = []
        while true {
            let item = try reader.next()
            if item == .arrayEnd { return out }
            guard item == .string else { throw RowError(message: "expected an array of strings") }
            out.append(reader.string())
        }
    }

    /// An array of integers (consumes the array).
    mutating func ints(_ token: JSONToken) throws -> [Int64] {
        guard token == .arrayBegin else {
            if token == .null { return [] }
            throw RowError(message: "expected an array")
        }
        var out: [Int64] = []
        while true {
            let item = try reader.next()
            if item == .arrayEnd { return out }
            guard item == .number else { throw RowError(message: "expected an array of integers") }
            out.append(try reader.int64())
        }
    }
}
