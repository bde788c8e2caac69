import Foundation
import Geo
import PlayerModel

/// The population in the flat, index-addressed form every scorer reads. Players are dense indices in
/// steamid order, games are dense indices in appid order, and each player's game vector is a sorted run
/// in `vectorGame`/`vectorWeight` (CSR). Built once per run; read-only afterwards, so threads share it.
public struct PreparedPopulation: Sendable {
    public let config: PairingConfig
    public let steamIDs: [SteamID64]
    /// Dense game index → appid (ascending).
    public let appIDs: [UInt32]
    /// appid → display name, where some row named it.
    public let gameNames: [UInt32: String]

    let vectorStart: [Int]
    let vectorGame: [UInt32]
    let vectorWeight: [UInt32]
    /// Raw figures behind each vector entry, for explanations.
    let vectorMinutes: [Int]
    let vectorRecentMinutes: [Int]
    let vectorFavourite: [Bool]
    /// Played games (minutes_total > 0) per player.
    public let playedCount: [Int]

    let located: [Bool]
    let unitX: [Double], unitY: [Double], unitZ: [Double]
    let latitude: [Double], longitude: [Double]
    /// `.infinity` for `anywhere` players.
    let capKm: [Double]
    let accuracyKm: [Double]
    let anywhere: [Bool]

    let favouriteStart: [Int]
    let favouriteGame: [UInt32]
    let languageStart: [Int]
    let languageID: [Int32]
    let availability: [WeeklyHourMask?]
    /// Languages as a bit set when every language id is below 64 (`languageMaskExact`).
    let languageMask: [UInt64]
    let languageMaskExact: Bool
    /// Availability as 3 words per player and its hour count (0 = not stated).
    let availabilityWords: [UInt64]
    let availabilityHours: [Int32]

    let exclusionStart: [Int]
    let exclusionOther: [Int32]

    /// Upper bound on every vector's L2 norm in weight units (≥ ScoreModel.weightScale).
    let vectorNormBound: UInt64

    /// Largest finite cap among located players (bounds the search radius of `anywhere` players).
    let maxFiniteCapKm: Double

    public var count: Int { steamIDs.count }

    /// The IDF statistics used (computed, or the frozen ones passed in).
    public let statistics: GameStatistics

    public init(dataset: PlayerDataset, exclusions: PairExclusions = PairExclusions(), config: PairingConfig,
                statistics frozen: GameStatistics? = nil) {
        self.config = config
        var seen = Set<SteamID64>()
        let players = dataset.players.sorted { $0.steamID < $1.steamID }.filter { seen.insert($0.steamID).inserted }
        steamIDs = players.map(\.steamID)
        let n = players.count
        var indexOf: [SteamID64: Int] = [:]
        indexOf.reserveCapacity(n)
        for (i, id) in steamIDs.enumerated() { indexOf[id] = i }

        var prefsOf = [PlayerPreferences?](repeating: nil, count: n)
        for p in dataset.preferences {
            if let i = indexOf[p.steamID], prefsOf[i] == nil { prefsOf[i] = p }
        }

        // Games per player (dataset order is arbitrary: sort per player).
        var rowsOf = [[PlayerGame]](repeating: [], count: n)
        var names: [UInt32: String] = [:]
        var allApps = Set<UInt32>()
        for g in dataset.games {
            if let name = g.name, !name.isEmpty {
                if let old = names[g.appID] { if name < old { names[g.appID] = name } } else { names[g.appID] = name }
            }
            guard let i = indexOf[g.steamID] else { continue }
            rowsOf[i].append(g)
        }
        for i in 0..<n {
            rowsOf[i].sort { ($0.appID, $0.minutesTotal) < ($1.appID, $1.minutesTotal) }
            for g in rowsOf[i] where g.minutesTotal > 0 { allApps.insert(g.appID) }
            for f in prefsOf[i]?.favoriteAppIDs ?? [] { allApps.insert(f) }
        }
        appIDs = allApps.sorted()
        gameNames = names
        var gameIndex: [UInt32: UInt32] = [:]
        for (i, a) in appIDs.enumerated() { gameIndex[a] = UInt32(i) }

        // Entries: (game, minutes, recent, favourite) per player, merged by appid.
        struct Entry { var game: UInt32; var minutes: Int; var recent: Int; var favourite: Bool }
        var entriesOf = [[Entry]](repeating: [], count: n)
        var documentFrequency = [Int](repeating: 0, count: appIDs.count)
        var played = [Int](repeating: 0, count: n)
        var favStart = [0], favGame: [UInt32] = []
        for i in 0..<n {
            var byApp: [UInt32: Entry] = [:]
            for g in rowsOf[i] where g.minutesTotal > 0 {
                let gi = gameIndex[g.appID]!
                var e = byApp[g.appID] ?? Entry(game: gi, minutes: 0, recent: 0, favourite: false)
                e.minutes = max(e.minutes, g.minutesTotal)
                e.recent = max(e.recent, g.minutes2Weeks ?? 0)
                byApp[g.appID] = e
            }
            played[i] = byApp.count
            var favs: [UInt32] = []
            for f in prefsOf[i]?.favoriteAppIDs ?? [] {
                let gi = gameIndex[f]!
                favs.append(gi)
                var e = byApp[f] ?? Entry(game: gi, minutes: 0, recent: 0, favourite: false)
                e.favourite = true
                byApp[f] = e
            }
            favGame.append(contentsOf: Set(favs).sorted())
            favStart.append(favGame.count)
            let entries = byApp.values.sorted { $0.game < $1.game }
            for e in entries { documentFrequency[Int(e.game)] += 1 }
            entriesOf[i] = entries
        }
        favouriteStart = favStart
        favouriteGame = favGame
        playedCount = played

        let apps = appIDs
        var computed = GameStatistics(players: entriesOf.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }, documentFrequency: [:])
        for (g, df) in documentFrequency.enumerated() { computed.documentFrequency[apps[g]] = df }
        let stats = frozen ?? computed
        statistics = stats
        var idf = [Double](repeating: 0, count: apps.count)
        for g in apps.indices {
            let df = stats.documentFrequency[apps[g]] ?? documentFrequency[g]
            idf[g] = ScoreModel.idf(players: stats.players, documentFrequency: df)
        }
        var vStart = [0], vGame: [UInt32] = [], vWeight: [UInt32] = [], vMin: [Int] = [], vRecent: [Int] = []
        var vFav: [Bool] = []
        for i in 0..<n {
            let entries = entriesOf[i]
            let raw = entries.map { e -> Double in
                let base = ScoreModel.saturate(minutes: e.minutes) + (e.favourite ? ScoreModel.favouriteBoost : 0)
                return idf[Int(e.game)] * base * (e.recent > 0 ? 1 + ScoreModel.recentBoost : 1)
            }
            let norm = raw.reduce(0) { $0 + $1 * $1 }.squareRoot()
            for (e, w) in zip(entries, raw) {
                let q = norm > 0 ? (w / norm * Double(ScoreModel.weightScale)).rounded(.down) : 0
                vGame.append(e.game)
                vWeight.append(max(1, UInt32(min(q, Double(ScoreModel.weightScale)))))
                vMin.append(e.minutes)
                vRecent.append(e.recent)
                vFav.append(e.favourite)
            }
            vStart.append(vGame.count)
        }
        vectorStart = vStart; vectorGame = vGame; vectorWeight = vWeight
        var maxSquares: UInt64 = 0
        for i in 0..<n {
            var sq: UInt64 = 0
            for j in vStart[i]..<vStart[i + 1] { sq += UInt64(vWeight[j]) * UInt64(vWeight[j]) }
            maxSquares = max(maxSquares, sq)
        }
        vectorNormBound = UInt64(Double(maxSquares).squareRoot().rounded(.up)) + 1
        vectorMinutes = vMin; vectorRecentMinutes = vRecent; vectorFavourite = vFav

        // Location, caps, languages, availability.
        var loc = [Bool](repeating: false, count: n)
        var ux = [Double](repeating: 0, count: n), uy = ux, uz = ux, lat = ux, lon = ux
        var cap = [Double](repeating: config.defaultMaxDistanceKm, count: n)
        var acc = [Double](repeating: 0, count: n)
        var anyw = [Bool](repeating: config.defaultAnywhere, count: n)
        var langIDs: [String: Int32] = [:]
        for l in Set(dataset.preferences.flatMap(\.languages)).sorted() { langIDs[l] = Int32(langIDs.count) }
        var lStart = [0], lID: [Int32] = []
        var avail = [WeeklyHourMask?](repeating: nil, count: n)
        var maxCap = 0.0
        for (i, p) in players.enumerated() {
            if let la = p.latitude, let lo = p.longitude, la.isFinite, lo.isFinite, abs(la) <= 90, abs(lo) <= 180 {
                loc[i] = true
                lat[i] = la; lon[i] = lo
                let u = GeoPoint(latitude: la, longitude: lo).unitVector
                ux[i] = u.x; uy[i] = u.y; uz[i] = u.z
                let a = p.locationAccuracyKm ?? config.defaultAccuracyKm
                acc[i] = a.isFinite && a > 0 ? a : 0
            }
            if let prefs = prefsOf[i] {
                anyw[i] = prefs.anywhere
                if let m = prefs.maxDistanceKm, m.isFinite, m >= 0 { cap[i] = m }
                lID.append(contentsOf: Set(prefs.languages.compactMap { langIDs[$0] }).sorted())
                if let a = prefs.availability, a.count > 0 { avail[i] = a }
            }
            lStart.append(lID.count)
            if anyw[i] { cap[i] = .infinity } else if loc[i] { maxCap = max(maxCap, cap[i]) }
        }
        located = loc; unitX = ux; unitY = uy; unitZ = uz; latitude = lat; longitude = lon
        capKm = cap; accuracyKm = acc; anywhere = anyw
        languageStart = lStart; languageID = lID; availability = avail
        languageMaskExact = langIDs.count <= 64
        languageMask = (0..<n).map { i in
            lID[lStart[i]..<lStart[i + 1]].reduce(UInt64(0)) { $1 < 64 ? $0 | (1 << UInt64($1)) : $0 }
        }
        var words = [UInt64](repeating: 0, count: 3 * n)
        var hours = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            guard let a = avail[i] else { continue }
            for w in 0..<min(3, a.words.count) { words[3 * i + w] = a.words[w] }
            hours[i] = Int32(a.count)
        }
        availabilityWords = words
        availabilityHours = hours
        maxFiniteCapKm = maxCap

        // Exclusions as sorted per-player neighbour lists.
        var excl = [[Int32]](repeating: [], count: n)
        for key in exclusions.pairKeys {
            guard let a = indexOf[key.a], let b = indexOf[key.b], a != b else { continue }
            excl[a].append(Int32(b)); excl[b].append(Int32(a))
        }
        for d in exclusions.directed {
            guard let a = indexOf[d.from], let b = indexOf[d.to], a != b else { continue }
            excl[a].append(Int32(b))
        }
        var eStart = [0], eOther: [Int32] = []
        for i in 0..<n {
            eOther.append(contentsOf: Set(excl[i]).sorted())
            eStart.append(eOther.count)
        }
        exclusionStart = eStart; exclusionOther = eOther
    }

    public func index(of id: SteamID64) -> Int? {
        var lo = 0, hi = steamIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steamIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < steamIDs.count && steamIDs[lo] == id ? lo : nil
    }

    public func hasVector(_ i: Int) -> Bool { vectorStart[i + 1] > vectorStart[i] }
    public func isLocated(_ i: Int) -> Bool { located[i] }
    public func isAnywhere(_ i: Int) -> Bool { anywhere[i] }
}
