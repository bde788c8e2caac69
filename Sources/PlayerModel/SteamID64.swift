/// A 64-bit Steam user id (`7656119…`). Parsed from text only, never through `Double`.
///
/// Valid individual accounts lie in [76561197960265729, 76561197960265728 + 2³² − 1]
/// (universe 1, type 1, instance 1, account id > 0).
public struct SteamID64: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: UInt64

    public static let base: UInt64 = 76_561_197_960_265_728
    public static let validRange: ClosedRange<UInt64> = (base + 1)...(base + UInt64(UInt32.max))

    /// Why a text is not a SteamID64.
    public enum ParseError: Error, Sendable, Hashable {
        case empty
        case notDigits
        case outOfRange
    }

    /// Accepts only in-range values; use `parse(_:)` to learn why a text was rejected.
    public init?(rawValue: UInt64) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The id whose account number is `accountID` (1 … 2³² − 1).
    public init?(accountID: UInt32) {
        self.init(rawValue: Self.base + UInt64(accountID))
    }

    public init?(_ text: some StringProtocol) {
        guard case .success(let id) = Self.parse(text) else { return nil }
        self = id
    }

    /// Parses decimal digits (surrounding ASCII whitespace allowed) into a validated id.
    public static func parse(_ text: some StringProtocol) -> Result<SteamID64, ParseError> {
        let trimmed = text.utf8.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        guard !trimmed.isEmpty else { return .failure(.empty) }
        var value: UInt64 = 0
        for byte in trimmed {
            guard byte >= 0x30, byte <= 0x39 else { return .failure(.notDigits) }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - 0x30))
            if o1 || o2 { return .failure(.outOfRange) }
            value = sum
        }
        guard let id = SteamID64(rawValue: value) else { return .failure(.outOfRange) }
        return .success(id)
    }

    /// The 32-bit account number W.
    public var accountID: UInt32 { UInt32(rawValue - Self.base) }

    /// `STEAM_0:Y:Z` (universe printed as 0, as older games do).
    public var steam2: String { "STEAM_0:\(accountID & 1):\(accountID >> 1)" }

    /// `[U:1:W]`.
    public var steam3: String { "[U:1:\(accountID)]" }

    public var description: String { String(rawValue) }

    public static func < (lhs: SteamID64, rhs: SteamID64) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = SteamID64(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a valid SteamID64: \(text)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

@inline(__always) func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
