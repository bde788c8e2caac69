import Foundation
import Geo
import PlayerModel

/// The population in the flat, index-addressed form every scorer reads. Players are dense indices in
/// steamid order, games are dense indices in appid order, and each player's game vector is a sorted run
/// in `vectorGame`/`vectorWeight` (`vectorRanges`). Built once per run; read-only afterwards, so threads share it.
public struct PreparedPopulation: Sendable, Equatable {
    public let config: PairingConfig
    public let steamIDs: [SteamID64]
    /// Dense game index → appid (ascending).
    public let appIDs: [UInt32]
    /// appid → display name, where some row named it.
    public let gameNames: [UInt32: String]

    /// Where each player's vector lies in the entry columns. The runs are laid out in grid-cell order, not player
    /// order (`cellOrder`): a region index is built from the players of whole cells, and reads their vectors nearly
    /// in address order instead of paying a cache miss per member.
    let vectorRanges: [Range<Int>]
    let vectorGame: [UInt32]
    /// Quantised weights (at most `ScoreModel.weightScale`, so 2 bytes an entry); scorers widen them to 32 bits.
    let vectorWeight: [UInt16]
    /// Raw figures behind each vector entry, for explanations (4 bytes an entry; reads give the exact `Int`).
    let vectorMinutes: MinuteColumn
    let vectorRecentMinutes: MinuteColumn
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
    /// Every player's `PlayerSide`, assembled once from the columns above at the end of `init`: the scorers and the
    /// explanations read one record per partner (two cache lines) instead of a dozen columns.
    private(set) var sideRecords: [PlayerSide] = []

    /// Largest finite cap among located players (bounds the search radius of `anywhere` players).
    let maxFiniteCapKm: Double

    public var count: Int { steamIDs.count }

    /// The IDF statistics used (computed, or the frozen ones passed in).
    public let statistics: GameStatistics

    /// Prepares a canonical dataset: players sorted by steamid (the first row of a repeated id kept), each
    /// player's rows merged by appid (largest minutes), favourites from the player's first preferences line.
    ///
    /// `statistics` and `maxFiniteCapKm` freeze the two population-wide inputs (IDF, and the search radius of
    /// `anywhere` players) at another population's values: a shard of a sharded run (`PairingShardPlan`) prepares
    /// only its players and halo, with the whole population's values.
    public init(dataset: PlayerDataset, exclusions: PairExclusions = PairExclusions(), config: PairingConfig,
                statistics frozen: GameStatistics? = nil, maxFiniteCapKm frozenCap: Double? = nil) {
        let players: [Player]
        if Self.isSortedAndUnique(dataset.players) {
            players = dataset.players  // a canonical dataset's (no copy)
        } else {
            var seen = Set<SteamID64>()
            players = dataset.players.sorted { $0.steamID < $1.steamID }.filter { seen.insert($0.steamID).inserted }
        }
        let indexOf = Self.indexByID(players)
        // The rows are read field by field (`games[r].steamID`): a `for g in games` would copy each row, retaining and
        // releasing its name and sources, 27M times at 1M players.
        let games = dataset.games
        var names: [UInt32: String] = [:]
        for r in games.indices {
            if let name = games[r].name { GameLibraryColumns.offerName(name, app: games[r].appID, to: &names) }
        }
        // Group the rows by player with a counting sort over a permutation (the rows are not copied).
        precondition(dataset.games.count < Int(UInt32.max), "more game rows than a UInt32 permutation holds")
        var start = [Int](repeating: 0, count: players.count + 1)
        var lastID: SteamID64?, lastIndex: Int?
        func owner(_ id: SteamID64) -> Int? {
            if id != lastID { lastID = id; lastIndex = indexOf[id] }
            return lastIndex
        }
        for r in games.indices { if let i = owner(games[r].steamID) { start[i + 1] += 1 } }
        for i in 0..<players.count { start[i + 1] += start[i] }
        var cursor = start
        var order = [UInt32](repeating: 0, count: start[players.count])
        for r in games.indices {
            guard let i = owner(games[r].steamID) else { continue }
            order[cursor[i]] = UInt32(r)
            cursor[i] += 1
        }
        self.init(players: consume players, indexOf: indexOf, preferences: dataset.preferences,
                  rows: DatasetLibraryRows(games: dataset.games, order: order, start: start), gameNames: names,
                  exclusions: exclusions, config: config, statistics: frozen, maxFiniteCapKm: frozenCap)
    }

    /// Prepares a population whose libraries are columns (`libraries.start` has one run per entry of `players`).
    /// The result equals `init(dataset:)` on the same population with the rows expanded to `PlayerGame`s
    /// (steamid of the run's player, `libraries.names[appid]`, two-week minutes nil when ≤ 0), without ever
    /// materialising those rows.
    ///
    /// Both inputs are consumed: hand them over (`consume`) and the players' and rows' memory is released as
    /// soon as construction is done with them, which keeps the peak low at a million players.
    public init(players: consuming [Player], libraries: consuming GameLibraryColumns, preferences: [PlayerPreferences],
                exclusions: PairExclusions = PairExclusions(), config: PairingConfig,
                statistics frozen: GameStatistics? = nil, maxFiniteCapKm frozenCap: Double? = nil) {
        precondition(libraries.start.count == players.count + 1, "one library run per player")
        precondition(libraries.rowCount < Int(UInt32.max), "more game rows than a UInt32 permutation holds")
        let names = Self.namesOfPresentApps(libraries)
        if Self.isSortedAndUnique(players) {
            let indexOf = Self.indexByID(players)
            let start = libraries.start
            self.init(players: consume players, indexOf: indexOf, preferences: preferences,
                      rows: ColumnLibraryRows(columns: consume libraries, order: nil, start: start),
                      gameNames: names, exclusions: exclusions, config: config, statistics: frozen, maxFiniteCapKm: frozenCap)
        } else {
            // Same order and de-duplication as the dataset path; every run goes to its steamid's dense player.
            var seen = Set<SteamID64>()
            let dense = players.sorted { $0.steamID < $1.steamID }.filter { seen.insert($0.steamID).inserted }
            let indexOf = Self.indexByID(dense)
            let denseOf = players.map { indexOf[$0.steamID]! }
            _ = consume players
            var start = [Int](repeating: 0, count: dense.count + 1)
            for (k, i) in denseOf.enumerated() { start[i + 1] += libraries.rows(ofPlayer: k).count }
            for i in 0..<dense.count { start[i + 1] += start[i] }
            var cursor = start
            var order = [UInt32](repeating: 0, count: libraries.rowCount)
            for (k, i) in denseOf.enumerated() {
                for r in libraries.rows(ofPlayer: k) {
                    order[cursor[i]] = UInt32(r)
                    cursor[i] += 1
                }
            }
            self.init(players: dense, indexOf: indexOf, preferences: preferences,
                      rows: ColumnLibraryRows(columns: consume libraries, order: order, start: start), gameNames: names,
                      exclusions: exclusions, config: config, statistics: frozen, maxFiniteCapKm: frozenCap)
        }
    }

    static func isSortedAndUnique(_ players: [Player]) -> Bool {
        players.withUnsafeBufferPointer { b in
            var i = 1
            while i < b.count {
                if !(b[i - 1].steamID < b[i].steamID) { return false }
                i += 1
            }
            return true
        }
    }

    static func indexByID(_ players: [Player]) -> [SteamID64: Int] {
        var indexOf: [SteamID64: Int] = [:]
        indexOf.reserveCapacity(players.count)
        for i in players.indices { indexOf[players[i].steamID] = i }
        return indexOf
    }

    /// The non-empty names of apps that have at least one row (what the dataset path collects from its rows).
    static func namesOfPresentApps(_ libraries: GameLibraryColumns) -> [UInt32: String] {
        let named = libraries.names.filter { !$0.value.isEmpty }
        guard let low = named.keys.min(), let high = named.keys.max() else { return [:] }
        let span = Int(high - low) + 1
        if span <= 1 << 27 {
            // A bit per app id in the named range: a row costs a shift and an OR, not a hash.
            var present = [UInt64](repeating: 0, count: (span + 63) / 64)
            for app in libraries.appIDs where app >= low && app <= high {
                let d = Int(app - low)
                present[d >> 6] |= 1 << UInt64(d & 63)
            }
            return named.filter { present[Int($0.key - low) >> 6] & (1 << UInt64(Int($0.key - low) & 63)) != 0 }
        }
        var present = Set<UInt32>()
        for app in libraries.appIDs where named[app] != nil { present.insert(app) }
        return named.filter { present.contains($0.key) }
    }

    /// The shared construction. `players` are dense (sorted by steamid, unique); `rows` are grouped by them.
    /// Built with flat arrays and reused scratch buffers: no per-player arrays, sets or dictionaries.
    private init(players: consuming [Player], indexOf: [SteamID64: Int], preferences: [PlayerPreferences],
                 rows: consuming some LibraryRows,
                 gameNames: [UInt32: String], exclusions: PairExclusions, config: PairingConfig,
                 statistics frozen: GameStatistics?, maxFiniteCapKm frozenCap: Double?) {
        self.config = config
        steamIDs = players.map(\.steamID)
        self.gameNames = gameNames
        let n = players.count

        // The first preferences line of each player.
        var preferenceOf = [Int32](repeating: -1, count: n)
        for k in preferences.indices {
            if let i = indexOf[preferences[k].steamID], preferenceOf[i] < 0 { preferenceOf[i] = Int32(k) }
        }

        // Location, caps, languages, availability.
        var loc = [Bool](repeating: false, count: n)
        var ux = [Double](repeating: 0, count: n), uy = ux, uz = ux, lat = ux, lon = ux
        var cap = [Double](repeating: config.defaultMaxDistanceKm, count: n)
        var acc = [Double](repeating: 0, count: n)
        var anyw = [Bool](repeating: config.defaultAnywhere, count: n)
        var languages = Set<String>()
        for k in preferences.indices { languages.formUnion(preferences[k].languages) }
        var langIDs: [String: Int32] = [:]
        for l in languages.sorted() { langIDs[l] = Int32(langIDs.count) }
        var lStart = [Int](); lStart.reserveCapacity(n + 1); lStart.append(0)
        var lID: [Int32] = []
        var stated: [Int32] = []
        var avail = [WeeklyHourMask?](repeating: nil, count: n)
        var maxCap = 0.0
        // Players and preferences are read field by field, not copied whole (each copy retains every string field).
        for i in 0..<n {
            if let la = players[i].latitude, let lo = players[i].longitude, la.isFinite, lo.isFinite, abs(la) <= 90, abs(lo) <= 180 {
                loc[i] = true
                lat[i] = la; lon[i] = lo
                let u = GeoPoint(latitude: la, longitude: lo).unitVector
                ux[i] = u.x; uy[i] = u.y; uz[i] = u.z
                let a = players[i].locationAccuracyKm ?? config.defaultAccuracyKm
                acc[i] = a.isFinite && a > 0 ? a : 0
            }
            if preferenceOf[i] >= 0 {
                let k = Int(preferenceOf[i])
                anyw[i] = preferences[k].anywhere
                if let m = preferences[k].maxDistanceKm, m.isFinite, m >= 0 { cap[i] = m }
                stated.removeAll(keepingCapacity: true)
                for l in preferences[k].languages { if let id = langIDs[l] { stated.append(id) } }
                stated.sort()
                for (k, id) in stated.enumerated() where k == 0 || stated[k - 1] != id { lID.append(id) }
                if let a = preferences[k].availability, a.count > 0 { avail[i] = a }
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
        maxFiniteCapKm = frozenCap ?? maxCap

        // The players are not needed any more: when the caller handed them over, their memory goes now.
        _ = consume players

        // Entries per player, merged by appid: played rows (largest minutes and two-week minutes) and
        // favourites. Games get a slot when first seen; slots become dense game indices once all are known.
        var capacity = 0
        for i in 0..<n {
            for r in rows.rows(of: i) where rows.minutesTotal(r) > 0 { capacity += 1 }
            if preferenceOf[i] >= 0 { capacity += preferences[Int(preferenceOf[i])].favoriteAppIDs.count }
        }
        var entryGame: [UInt32] = [], entryFavourite: [Bool] = []
        var entryMinutes = MinuteColumn(), entryRecent = MinuteColumn()
        entryGame.reserveCapacity(capacity); entryFavourite.reserveCapacity(capacity)
        entryMinutes.reserveCapacity(capacity); entryRecent.reserveCapacity(capacity)
        var vStart = [Int](); vStart.reserveCapacity(n + 1); vStart.append(0)
        var favStart = [Int](); favStart.reserveCapacity(n + 1); favStart.append(0)
        var favGame: [UInt32] = []
        var played = [Int](repeating: 0, count: n)
        var slotOf: [UInt32: UInt32] = [:]
        var slotApp: [UInt32] = []
        var scratch: [(app: UInt32, minutes: Int, recent: Int)] = []
        var favourites: [UInt32] = []
        func append(_ app: UInt32, minutes: Int, recent: Int, favourite: Bool) {
            let slot: UInt32
            if let s = slotOf[app] { slot = s } else {
                slot = UInt32(slotApp.count)
                slotOf[app] = slot
                slotApp.append(app)
            }
            entryGame.append(slot)
            entryMinutes.append(minutes)
            entryRecent.append(recent)
            entryFavourite.append(favourite)
            if favourite { favGame.append(slot) }
        }
        for i in 0..<n {
            scratch.removeAll(keepingCapacity: true)
            var sorted = true
            for r in rows.rows(of: i) {
                let minutes = rows.minutesTotal(r)
                guard minutes > 0 else { continue }
                let app = rows.appID(r)
                if let last = scratch.last, last.app > app { sorted = false }
                scratch.append((app, minutes, rows.minutes2Weeks(r)))
            }
            if !sorted { scratch.sort { $0.app < $1.app } }
            var merged = 0
            for x in scratch {
                if merged > 0 && scratch[merged - 1].app == x.app {
                    scratch[merged - 1].minutes = max(scratch[merged - 1].minutes, x.minutes)
                    scratch[merged - 1].recent = max(scratch[merged - 1].recent, x.recent)
                } else {
                    scratch[merged] = (x.app, x.minutes, max(0, x.recent))
                    merged += 1
                }
            }
            played[i] = merged
            favourites.removeAll(keepingCapacity: true)
            if preferenceOf[i] >= 0 {
                favourites.append(contentsOf: preferences[Int(preferenceOf[i])].favoriteAppIDs)
                favourites.sort()
            }
            // Played and favourite runs are both sorted by appid: merge them (a favourite appears once).
            var a = 0, b = 0
            while a < merged || b < favourites.count {
                if b < favourites.count && b > 0 && favourites[b] == favourites[b - 1] { b += 1; continue }
                if b == favourites.count || (a < merged && scratch[a].app < favourites[b]) {
                    append(scratch[a].app, minutes: scratch[a].minutes, recent: scratch[a].recent, favourite: false)
                    a += 1
                } else if a == merged || favourites[b] < scratch[a].app {
                    append(favourites[b], minutes: 0, recent: 0, favourite: true)
                    b += 1
                } else {
                    append(scratch[a].app, minutes: scratch[a].minutes, recent: scratch[a].recent, favourite: true)
                    a += 1; b += 1
                }
            }
            vStart.append(entryGame.count)
            favStart.append(favGame.count)
        }
        slotOf = [:]
        _ = consume rows  // likewise the rows (the largest input)
        // Slots → dense game indices in appid order. Entries are sorted by appid, hence by dense index too.
        let bySlot = slotApp.indices.sorted { slotApp[$0] < slotApp[$1] }
        appIDs = bySlot.map { slotApp[$0] }
        var denseOfSlot = [UInt32](repeating: 0, count: slotApp.count)
        for (g, slot) in bySlot.enumerated() { denseOfSlot[slot] = UInt32(g) }
        var documentFrequency = [Int](repeating: 0, count: appIDs.count)
        for e in entryGame.indices {
            let g = denseOfSlot[Int(entryGame[e])]
            entryGame[e] = g
            documentFrequency[Int(g)] += 1
        }
        for f in favGame.indices { favGame[f] = denseOfSlot[Int(favGame[f])] }
        favouriteStart = favStart
        favouriteGame = favGame
        playedCount = played

        let apps = appIDs
        var computed = GameStatistics(players: (0..<n).reduce(0) { $0 + (vStart[$1 + 1] > vStart[$1] ? 1 : 0) },
                                      documentFrequency: [:])
        for (g, df) in documentFrequency.enumerated() { computed.documentFrequency[apps[g]] = df }
        let stats = frozen ?? computed
        statistics = stats
        var idf = [Double](repeating: 0, count: apps.count)
        for g in apps.indices {
            let df = stats.documentFrequency[apps[g]] ?? documentFrequency[g]
            idf[g] = config.gameWeighting.idf(players: stats.players, documentFrequency: df)
        }
        // Weights: each vector divided by its depth-damped length (`ScoreModel.vectorDivisor`), quantised to weightScale.
        var vWeight: [UInt16] = []
        vWeight.reserveCapacity(entryGame.count)
        var raw: [Double] = []
        var maxSquares: UInt64 = 0
        for i in 0..<n {
            raw.removeAll(keepingCapacity: true)
            for e in vStart[i]..<vStart[i + 1] {
                let base = config.gameWeighting.hoursTerm(minutes: entryMinutes[e])
                    + (entryFavourite[e] ? ScoreModel.favouriteBoost : 0)
                raw.append(idf[Int(entryGame[e])] * base * (entryRecent[e] > 0 ? 1 + ScoreModel.recentBoost : 1))
            }
            let norm = ScoreModel.vectorDivisor(norm: raw.reduce(0) { $0 + $1 * $1 }.squareRoot(), exponent: config.normExponent)
            var squares: UInt64 = 0
            for w in raw {
                let q = norm > 0 ? (w / norm * Double(ScoreModel.weightScale)).rounded(.down) : 0
                let weight = max(1, UInt16(min(q, Double(ScoreModel.weightScale))))
                vWeight.append(weight)
                squares += UInt64(weight) * UInt64(weight)
            }
            maxSquares = max(maxSquares, squares)
        }
        vectorNormBound = UInt64(Double(maxSquares).squareRoot().rounded(.up)) + 1
        // The entry columns are rewritten in the layout's order, one at a time (each old column freed as its copy is done).
        let layout = Self.cellOrder(located: loc, latitude: lat, longitude: lon, hasVector: { vStart[$0 + 1] > vStart[$0] },
                                    grid: GeoGrid(cellKm: config.gridCellKm))
        let runs = layout.map { vStart[$0]..<vStart[$0 + 1] }
        var ranges = [Range<Int>](repeating: 0..<0, count: n)
        var laidOut = 0
        for (k, u) in layout.enumerated() {
            ranges[u] = laidOut..<(laidOut + runs[k].count)
            laidOut += runs[k].count
        }
        vectorRanges = ranges
        vectorGame = Self.gathering(runs, of: entryGame)
        entryGame = []
        vectorWeight = Self.gathering(runs, of: consume vWeight)
        vectorFavourite = Self.gathering(runs, of: entryFavourite)
        entryFavourite = []
        vectorMinutes = entryMinutes.gathering(runs)
        entryMinutes = MinuteColumn()
        vectorRecentMinutes = entryRecent.gathering(runs)
        entryRecent = MinuteColumn()

        // Exclusions as sorted, duplicate-free per-player neighbour lists: directed edges counting-sorted by
        // their first player, then each run sorted and de-duplicated in place.
        var edgeFrom: [Int32] = [], edgeTo: [Int32] = []
        edgeFrom.reserveCapacity(2 * exclusions.pairKeys.count + exclusions.directed.count)
        edgeTo.reserveCapacity(2 * exclusions.pairKeys.count + exclusions.directed.count)
        for key in exclusions.pairKeys {
            guard let a = indexOf[key.a], let b = indexOf[key.b], a != b else { continue }
            edgeFrom.append(Int32(a)); edgeTo.append(Int32(b))
            edgeFrom.append(Int32(b)); edgeTo.append(Int32(a))
        }
        for d in exclusions.directed {
            guard let a = indexOf[d.from], let b = indexOf[d.to], a != b else { continue }
            edgeFrom.append(Int32(a)); edgeTo.append(Int32(b))
        }
        var eStart = [Int](repeating: 0, count: n + 1)
        for a in edgeFrom { eStart[Int(a) + 1] += 1 }
        for i in 0..<n { eStart[i + 1] += eStart[i] }
        var eOther = [Int32](repeating: 0, count: edgeFrom.count)
        var cursor = eStart
        for (a, b) in zip(edgeFrom, edgeTo) {
            eOther[cursor[Int(a)]] = b
            cursor[Int(a)] += 1
        }
        edgeFrom = []; edgeTo = []
        var written = 0
        for i in 0..<n {
            let run = eStart[i]..<eStart[i + 1]
            eOther[run].sort()
            eStart[i] = written
            for k in run where k == run.lowerBound || eOther[k] != eOther[k - 1] {
                eOther[written] = eOther[k]
                written += 1
            }
        }
        eStart[n] = written
        eOther.removeLast(eOther.count - written)
        exclusionStart = eStart; exclusionOther = eOther
        sideRecords = (0..<n).map(assembleSide)
    }

    public func index(of id: SteamID64) -> Int? {
        SteamIDLookup.index(of: id, in: steamIDs, within: steamIDs.indices)
    }

    public func hasVector(_ i: Int) -> Bool { !vectorRanges[i].isEmpty }

    /// The located players with a vector and their grid cells, by (cell, index): the order `BulkPairer.cells` groups
    /// them in, and the first part of `cellOrder`.
    static func locatedByCell(located: [Bool], latitude: [Double], longitude: [Double], hasVector: (Int) -> Bool,
                              grid: GeoGrid) -> [(key: UInt64, player: Int32)] {
        var keyed: [(key: UInt64, player: Int32)] = []
        for u in located.indices where located[u] && hasVector(u) {
            keyed.append((grid.key(latitude: latitude[u], longitude: longitude[u]), Int32(u)))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.player < $1.player }
        return keyed
    }

    /// The order vectors are laid out in: `locatedByCell`'s players, then every other player by index.
    static func cellOrder(located: [Bool], latitude: [Double], longitude: [Double], hasVector: (Int) -> Bool,
                          grid: GeoGrid) -> [Int] {
        let rest = located.indices.filter { !(located[$0] && hasVector($0)) }
        return locatedByCell(located: located, latitude: latitude, longitude: longitude, hasVector: hasVector, grid: grid)
            .map { Int($0.player) } + rest
    }

    /// `column`'s runs concatenated in the order given.
    static func gathering<Element>(_ runs: [Range<Int>], of column: [Element]) -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(column.count)
        for run in runs { out.append(contentsOf: column[run]) }
        return out
    }
    public func isLocated(_ i: Int) -> Bool { located[i] }
    public func isAnywhere(_ i: Int) -> Bool { anywhere[i] }
}
