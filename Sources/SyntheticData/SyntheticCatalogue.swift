import Foundation

/// The fixed game catalogue synthetic players draw from: real apps at the popular head, then a long tail of
/// clearly synthetic titles ("Synthetic Game N", app ids from 9,000,000 up, which Steam has not issued).
/// Popularity follows a Zipf law over rank: weight(r) = 1 / (r + offset)^exponent.
public struct SyntheticCatalogue: Sendable {
    public struct Entry: Sendable, Hashable {
        public var appID: UInt32
        public var name: String
        /// True for real Steam apps (icon hashes and stats flags are still synthetic).
        public var isReal: Bool
    }

    public let entries: [Entry]
    /// Cumulative popularity, normalised to end at 1, for inverse-CDF sampling.
    let cumulative: [Double]

    /// Real apps in rough popularity order (ids and names as on the Steam store).
    public static let realHead: [(UInt32, String)] = [
        (570, "Dota 2"), (730, "Counter-Strike 2"), (440, "Team Fortress 2"), (578080, "PUBG: BATTLEGROUNDS"),
        (1172470, "Apex Legends"), (252490, "Rust"), (271590, "Grand Theft Auto V"), (105600, "Terraria"),
        (413150, "Stardew Valley"), (4000, "Garry's Mod"), (1086940, "Baldur's Gate 3"),
        (292030, "The Witcher 3: Wild Hunt"), (1245620, "ELDEN RING"), (230410, "Warframe"),
        (359550, "Tom Clancy's Rainbow Six® Siege"), (1091500, "Cyberpunk 2077"), (892970, "Valheim"),
        (550, "Left 4 Dead 2"), (620, "Portal 2"), (400, "Portal"), (220, "Half-Life 2"), (218620, "PAYDAY 2"),
        (381210, "Dead by Daylight"), (322330, "Don't Starve Together"), (304930, "Unturned"), (1085660, "Destiny 2"),
        (252950, "Rocket League®"), (346110, "ARK: Survival Evolved"),
        (489830, "The Elder Scrolls V: Skyrim Special Edition"), (236390, "War Thunder"), (945360, "Among Us"),
        (108600, "Project Zomboid"), (394360, "Hearts of Iron IV"), (289070, "Sid Meier's Civilization® VI"),
        (548430, "Deep Rock Galactic"), (1966720, "Lethal Company"), (553850, "HELLDIVERS™ 2"),
        (2357570, "Overwatch® 2"), (435150, "Divinity: Original Sin 2 - Definitive Edition"),
        (8930, "Sid Meier's Civilization® V"), (227300, "Euro Truck Simulator 2"), (255710, "Cities: Skylines"),
        (294100, "RimWorld"), (264710, "Subnautica"), (367520, "Hollow Knight"), (1145360, "Hades"),
        (239140, "Dying Light"), (10, "Counter-Strike"), (240, "Counter-Strike: Source"), (500, "Left 4 Dead"),
    ]

    /// The first synthetic app id; tail entry n (1-based) gets `syntheticAppIDBase + 10·n`.
    public static let syntheticAppIDBase: UInt32 = 9_000_000

    public init(size: Int, zipfExponent: Double = 1.0, zipfOffset: Double = 3.0) {
        let size = max(1, size)
        var entries: [Entry] = []
        entries.reserveCapacity(size)
        for (appID, name) in Self.realHead.prefix(size) {
            entries.append(Entry(appID: appID, name: name, isReal: true))
        }
        var n = 1
        while entries.count < size {
            entries.append(Entry(appID: Self.syntheticAppIDBase + UInt32(10 * n), name: "Synthetic Game \(n)", isReal: false))
            n += 1
        }
        var cumulative: [Double] = []
        cumulative.reserveCapacity(size)
        var sum = 0.0
        for rank in 0..<size {
            sum += 1.0 / pow(Double(rank + 1) + zipfOffset, zipfExponent)
            cumulative.append(sum)
        }
        self.entries = entries
        self.cumulative = cumulative.map { $0 / sum }
    }

    public var count: Int { entries.count }

    /// The catalogue index of popularity rank drawn for `unit` ∈ [0, 1).
    @inline(__always) func index(forUnit unit: Double) -> Int {
        var low = 0, high = cumulative.count - 1
        while low < high {
            let mid = (low + high) >> 1
            if cumulative[mid] > unit { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The catalogue index of an app id, if it is in the catalogue.
    public func index(ofAppID appID: UInt32) -> Int? {
        if appID > Self.syntheticAppIDBase {
            let n = Int(appID - Self.syntheticAppIDBase)
            guard n % 10 == 0 else { return nil }
            let index = Self.realHead.count + n / 10 - 1
            return index < entries.count && entries[index].appID == appID ? index : nil
        }
        return entries.prefix(Self.realHead.count).firstIndex { $0.appID == appID }
    }
}
