/// One value of an output table, typed so that CSV and JSON render it consistently.
///
/// 64-bit ids are `.id`: digits in CSV and a JSON *string*, so no consumer reads them through `Double`.
/// Decimals are `.fixed`: always exactly `places` digits after the point, rounded half away from zero,
/// so output never depends on float printing. Not `indirect`: lists and objects already live in array
/// storage, so scalar cells need no box of their own.
public enum Cell: Sendable, Hashable {
    case null
    case string(String)
    case int(Int64)
    case id(UInt64)
    case bool(Bool)
    case fixed(Double, places: Int)
    case list([Cell])
    case object([ObjectField])

    public struct ObjectField: Sendable, Hashable {
        public var key: String
        public var value: Cell
        public init(_ key: String, _ value: Cell) {
            self.key = key
            self.value = value
        }
    }

    public static func int(_ value: Int) -> Cell { .int(Int64(value)) }

    public static func optional(_ value: String?) -> Cell { value.map(Cell.string) ?? .null }
    public static func optional(_ value: Int?) -> Cell { value.map { .int(Int64($0)) } ?? .null }
    public static func optional(_ value: Int64?) -> Cell { value.map(Cell.int) ?? .null }
    public static func optional(_ value: Bool?) -> Cell { value.map(Cell.bool) ?? .null }
    public static func optional(id value: UInt64?) -> Cell { value.map(Cell.id) ?? .null }
    public static func optional(_ value: Double?, places: Int) -> Cell {
        value.map { .fixed($0, places: places) } ?? .null
    }

    /// Decimal text of `value` with exactly `places` fractional digits (0 ≤ places ≤ 9).
    public static func formatFixed(_ value: Double, places: Int) -> String {
        precondition((0...9).contains(places))
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else { return String(value) }
        let units = UInt64(scaled)
        let negative = value < 0 && units != 0
        let divisor = UInt64(scale)
        let whole = units / divisor
        var text = negative ? "-" : ""
        text += String(whole)
        if places > 0 {
            let frac = String(units % divisor)
            text += "." + String(repeating: "0", count: places - frac.count) + frac
        }
        return text
    }
}
