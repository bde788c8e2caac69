/// The position a hero is most often played in. A set of them (`DotaRoleSet`) is a player's role mask.
public enum DotaRole: String, CaseIterable, Sendable, Comparable {
    case carry, mid, offlane, support

    public var bit: DotaRoleSet {
        switch self {
        case .carry: .carry
        case .mid: .mid
        case .offlane: .offlane
        case .support: .support
        }
    }

    public static func < (lhs: DotaRole, rhs: DotaRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A set of `DotaRole`s as bits (carry 1, mid 2, offlane 4, support 8), the form the lobby stage can use.
public struct DotaRoleSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let carry = DotaRoleSet(rawValue: 1)
    public static let mid = DotaRoleSet(rawValue: 2)
    public static let offlane = DotaRoleSet(rawValue: 4)
    public static let support = DotaRoleSet(rawValue: 8)

    /// The roles in the set, in `DotaRole` order.
    public var roles: [DotaRole] { DotaRole.allCases.filter { contains($0.bit) } }
}
