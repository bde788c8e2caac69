import Foundation
import Geo
import JSONPullReader
import PipelineCore
import PlayerModel

/// Reads trade requests from JSON Lines or CSV (schema in `TradeRequest`). Every bad line becomes a
/// diagnostic with its line number and is skipped. JSON Lines are read in place with the project's
/// `JSONPullReader` (no `Data` copy or `Decodable` per line).
public enum TradeRequestDecoder {
    private struct Raw {
        var request_id: String?
        var author: String?
        var offered_appid: Int64?
        var offered_title: String?
        var accepted_appids: [Int64]?
        var status: String?
        var created_at: String?
        var country: String?
        var state: String?
        var city_id: Int?
        var latitude: Double?
        var longitude: Double?
        var accuracy_km: Double?
    }

    public static func decodeJSONLines(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> [TradeRequest] {
        var requests: [TradeRequest] = []
        var number = 0
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let trimmed = lineBytes.drop(while: { $0 <= 0x20 })
            if trimmed.isEmpty { continue }
            let at = SourceLocation(file: file, line: number)
            guard let raw = trimmed.withUnsafeBytes({ Self.raw(json: $0) }) else {
                sink.error("trade.request.badJSON", "not a JSON trade request object", at: at)
                continue
            }
            if let request = validate(raw, at: at, sink: sink) { requests.append(request) }
        }
        return requests
    }

    public static func decodeCSV(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> [TradeRequest] {
        var requests: [TradeRequest] = []
        var header: [String]? = nil
        var number = 0
        // Split on LF bytes: in Swift "\r\n" is one Character, so splitting the String on "\n" would miss CRLF.
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let line = Substring(String(decoding: lineBytes, as: UTF8.self))
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed.isEmpty { continue }
            let at = SourceLocation(file: file, line: number)
            guard let fields = splitCSV(trimmed) else {
                sink.error("trade.request.badCSV", "unbalanced quotes", at: at)
                continue
            }
            guard let columns = header else {
                header = fields
                for required in ["request_id", "author", "offered_appid", "accepted_appids"] where !fields.contains(required) {
                    sink.error("trade.request.missingColumn", "CSV header lacks column \(required)", at: at)
                }
                continue
            }
            var map: [String: String] = [:]
            for (k, name) in columns.enumerated() where k < fields.count && !fields[k].isEmpty { map[name] = fields[k] }
            func int(_ key: String) -> Int64? { map[key].flatMap { Int64($0) } }
            func double(_ key: String) -> Double? { map[key].flatMap { Double($0) } }
            var raw = Raw()
            raw.request_id = map["request_id"]
            raw.author = map["author"]
            raw.offered_appid = int("offered_appid")
            raw.offered_title = map["offered_title"]
            if let list = map["accepted_appids"] {
                let parts = list.split(separator: ";").map { Int64($0.trimmingCharacters(in: .whitespaces)) }
                if parts.contains(nil) {
                    sink.error("trade.request.badAppID", "accepted_appids must be integers joined by ';'", at: at)
                    continue
                }
                raw.accepted_appids = parts.map { $0! }
            }
            raw.status = map["status"]
            raw.created_at = map["created_at"]
            raw.country = map["country"]
            raw.state = map["state"]
            raw.city_id = int("city_id").map { Int($0) }
            raw.latitude = double("latitude")
            raw.longitude = double("longitude")
            raw.accuracy_km = double("accuracy_km")
            if let request = validate(raw, at: at, sink: sink) { requests.append(request) }
        }
        return requests
    }

    /// One JSON line as a `Raw`; nil when it is not JSON, not an object, or a known key has a value of the
    /// wrong type (`null` counts as absent; unknown keys are skipped).
    private static func raw(json bytes: UnsafeRawBufferPointer) -> Raw? {
        var reader = JSONPullReader(bytes: bytes)
        var raw = Raw()
        do {
            guard try reader.next() == .objectBegin else { return nil }
            while try reader.nextKey() {
                let ok: Bool
                if reader.keyEquals("request_id") { ok = try string(&reader, into: &raw.request_id) }
                else if reader.keyEquals("author") { ok = try string(&reader, into: &raw.author) }
                else if reader.keyEquals("offered_appid") { ok = try number(&reader, into: &raw.offered_appid) { r throws(JSONError) in try r.int64() } }
                else if reader.keyEquals("offered_title") { ok = try string(&reader, into: &raw.offered_title) }
                else if reader.keyEquals("accepted_appids") { ok = try integers(&reader, into: &raw.accepted_appids) }
                else if reader.keyEquals("status") { ok = try string(&reader, into: &raw.status) }
                else if reader.keyEquals("created_at") { ok = try string(&reader, into: &raw.created_at) }
                else if reader.keyEquals("country") { ok = try string(&reader, into: &raw.country) }
                else if reader.keyEquals("state") { ok = try string(&reader, into: &raw.state) }
                else if reader.keyEquals("city_id") {
                    ok = try number(&reader, into: &raw.city_id) { r throws(JSONError) in Int(try r.int64()) }
                }
                else if reader.keyEquals("latitude") { ok = try number(&reader, into: &raw.latitude) { r throws(JSONError) in try r.double() } }
                else if reader.keyEquals("longitude") { ok = try number(&reader, into: &raw.longitude) { r throws(JSONError) in try r.double() } }
                else if reader.keyEquals("accuracy_km") { ok = try number(&reader, into: &raw.accuracy_km) { r throws(JSONError) in try r.double() } }
                else { try reader.skipValue(); ok = true }
                guard ok else { return nil }
            }
            guard try reader.next() == .endOfDocument else { return nil }
        } catch {
            return nil
        }
        return raw
    }

    private static func string(_ reader: inout JSONPullReader, into slot: inout String?) throws(JSONError) -> Bool {
        switch try reader.next() {
        case .string: slot = reader.string(); return true
        case .null: slot = nil; return true
        default: return false
        }
    }

    private static func number<Value>(_ reader: inout JSONPullReader, into slot: inout Value?,
                                      _ read: (JSONPullReader) throws(JSONError) -> Value) throws(JSONError) -> Bool {
        switch try reader.next() {
        case .number: slot = try read(reader); return true
        case .null: slot = nil; return true
        default: return false
        }
    }

    private static func integers(_ reader: inout JSONPullReader, into slot: inout [Int64]?) throws(JSONError) -> Bool {
        switch try reader.next() {
        case .null: slot = nil; return true
        case .arrayBegin:
            var values: [Int64] = []
            while true {
                switch try reader.next() {
                case .number: values.append(try reader.int64())
                case .arrayEnd: slot = values; return true
                default: return false
                }
            }
        default: return false
        }
    }

    private static func validate(_ raw: Raw, at: SourceLocation, sink: any DiagnosticSink) -> TradeRequest? {
        guard let id = raw.request_id, !id.isEmpty else {
            sink.error("trade.request.missingID", "trade request without request_id", at: at)
            return nil
        }
        guard let authorText = raw.author else {
            sink.error("trade.request.missingAuthor", "request \(id) has no author", at: at)
            return nil
        }
        guard let author = SteamID64(authorText) else {
            sink.error("steamid.invalid", "request \(id): author '\(authorText)' is not a SteamID64", at: at)
            return nil
        }
        guard let offered = raw.offered_appid, let appid = UInt32(exactly: offered), appid > 0 else {
            sink.error("trade.request.badAppID", "request \(id): offered_appid missing or invalid", at: at)
            return nil
        }
        var accepted: [UInt32] = []
        for value in raw.accepted_appids ?? [] {
            guard let a = UInt32(exactly: value), a > 0 else {
                sink.error("trade.request.badAppID", "request \(id): accepted appid \(value) invalid; ignored", at: at)
                continue
            }
            accepted.append(a)
        }
        let statusText = raw.status ?? "active"
        guard let status = TradeRequest.Status(rawValue: statusText) else {
            sink.error("trade.request.badStatus", "request \(id): status '\(statusText)' is not active|in_progress|sold", at: at)
            return nil
        }
        var point: GeoPoint? = nil
        if let lat = raw.latitude, let lon = raw.longitude {
            if (-90...90).contains(lat) && (-180...180).contains(lon) {
                point = GeoPoint(latitude: lat, longitude: lon)
            } else {
                sink.error("trade.request.badLocation", "request \(id): latitude/longitude out of range; ignored", at: at)
            }
        } else if (raw.latitude == nil) != (raw.longitude == nil) {
            sink.error("trade.request.badLocation", "request \(id): latitude and longitude must come together; ignored", at: at)
        }
        var accuracyKm = raw.accuracy_km
        if let accuracy = accuracyKm, !(accuracy.isFinite && (0...20_100).contains(accuracy)) {
            sink.error("trade.request.badLocation", "request \(id): accuracy_km \(accuracy) is not a distance in 0…20100 km; ignored", at: at)
            accuracyKm = nil
        }
        return TradeRequest(id: id, author: author, offeredAppID: appid, offeredTitle: raw.offered_title ?? "",
                            acceptedAppIDs: accepted, status: status, createdAt: raw.created_at ?? "",
                            country: raw.country, state: raw.state, cityID: raw.city_id, point: point,
                            accuracyKm: accuracyKm, line: at.line ?? 0)
    }

    /// RFC 4180 fields of one line (no embedded newlines); nil when quotes do not balance.
    static func splitCSV(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = line.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let n = chars.next() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" && field.isEmpty {
                quoted = true
            } else if c == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        if quoted { return nil }
        fields.append(field)
        return fields
    }
}
