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
    /// Popularity of each entry, normalised to sum to 1.
    public let popularity: [Double]
    /// Walker/Vose alias table: O(1) sampling of the popularity distribution.
    let aliasThreshold: [Double]
    let alias: [Int32]

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
        let weights = (0..<size).map { 1.0 / pow(Double($0 + 1) + zipfOffset, zipfExponent) }
        let sum = weights.reduce(0, +)
        self.entries = entries
        self.popularity = weights.map { $0 / sum }
        (aliasThreshold, alias) = Self.aliasTable(popularity)
    }

    /// Vose's alias method; small and large work lists are processed in index order, so the table is
    /// the same on every machine.
    static func aliasTable(_ probabilities: [Double]) -> ([Double], [Int32]) {
        let n = probabilities.count
        var scaled = probabilities.map { $0 * Double(n) }
        var threshold = [Double](repeating: 1, count: n)
        var alias = (0..<n).map { Int32($0) }
        var small: [Int] = [], large: [Int] = []
        for i in 0..<n { if scaled[i] < 1 { small.append(i) } else { large.append(i) } }
        while let s = small.popLast(), let l = large.last {
            threshold[s] = scaled[s]
            alias[s] = Int32(l)
            scaled[l] -= 1 - scaled[s]
            if scaled[l] < 1 {
                large.removeLast()
                small.append(l)
            }
        }
        return (threshold, alias)
    }

    public var count: Int { entries.count }

    /// App ids by catalogue index (popularity rank).
    public var appIDs: [UInt32] { entries.map(\.appID) }

    /// A name lookup by app id (nil for apps outside the catalogue), cheap enough for per-row use.
    var nameByAppID: @Sendable (UInt32) -> String? {
        let entries = self.entries
        let headCount = Self.realHead.count
        var head: [UInt32: String] = [:]
        for entry in entries.prefix(headCount) { head[entry.appID] = entry.name }
        let frozen = head
        return { appID in
            if appID > Self.syntheticAppIDBase {
                let n = Int(appID - Self.syntheticAppIDBase)
                let index = headCount + n / 10 - 1
                return n % 10 == 0 && index < entries.count ? entries[index].name : nil
            }
            return frozen[appID]
        }
    }

    /// The catalogue index drawn (with probability `popularity[i]`) for `unit` ∈ [0, 1).
    @inline(__always) func index(forUnit unit: Double) -> Int {
        let scaled = unit * Double(aliasThreshold.count)
        let column = min(Int(scaled), aliasThreshold.count - 1)
        return scaled - Double(column) < aliasThreshold[column] ? column : Int(alias[column])
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
