/// A 64-bit Steam group (clan) id: `103582791429521408 + accountID`.
/// The bare base value (account 0) is what `primaryclanid` carries for "no primary group".
public struct GroupID64: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public static let base: UInt64 = 103_582_791_429_521_408
    public static let validRange: ClosedRange<UInt64> = (base + 1)...(base + UInt64(UInt32.max))

    public init?(rawValue: UInt64) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Parses decimal digits; `nil` for anything else, including the "no group" base value.
    public init?(_ text: some StringProtocol) {
        var value: UInt64 = 0
        var digits = 0
        for byte in text.utf8 {
            if isSpace(byte) { continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
            digits += 1
        }
        guard digits > 0 else { return nil }
        self.init(rawValue: value)
    }

    public var accountID: UInt32 { UInt32(rawValue - Self.base) }
    public var steam3: String { "[g:1:\(accountID)]" }
    public var description: String { String(rawValue) }
    public static func < (lhs: GroupID64, rhs: GroupID64) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = GroupID64(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a valid group id: \(text)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
