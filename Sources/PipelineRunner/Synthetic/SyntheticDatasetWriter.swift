import Foundation
import PlayerModel
import SyntheticData

/// Writes a seeded synthetic dataset directory in the documented layout and publishes it atomically
/// (everything is written to a temporary directory beside the target, which then replaces it).
public enum SyntheticDatasetWriter {
    public struct Options: Sendable {
        public var players: Int
        public var seed: UInt64
        /// Write bundles (`profiles.xml`, `summaries.jsonl`, `owned_games.jsonl`, `friends.jsonl`) instead of
        /// per-player files.
        public var bundles: Bool
        /// A directory holding the shared real Steam fixtures, to place into the layout as well.
        public var steamFixturesDirectory: String?
        /// Share of players asking for lobbies (0: none, the default, which keeps earlier outputs' bytes).
        public var lobbyShare: Double
        /// Library statistics: `classic` (the default, which keeps earlier outputs' bytes) or `realPlaytime`.
        public var libraries: LibraryMix

        public init(players: Int, seed: UInt64, bundles: Bool = false, steamFixturesDirectory: String? = nil, lobbyShare: Double = 0,
                    libraries: LibraryMix = .classic) {
            self.players = players
            self.seed = seed
            self.bundles = bundles
            self.steamFixturesDirectory = steamFixturesDirectory
            self.lobbyShare = lobbyShare
            self.libraries = libraries
        }

        public var populationConfig: SyntheticPopulationConfig {
            var config = libraries.applied(to: SyntheticPopulationConfig(players: players, seed: seed))
            config.shareAskingForLobbies = lobbyShare
            return config
        }
    }

    /// What was written.
    public struct Summary: Sendable, Hashable {
        public var players = 0
        public var games = 0
        public var friendships = 0
        public var preferences = 0
        public var decisions = 0
        public var tradeRequests = 0
        public var files = 0
        public var bytes = 0
    }

    /// Generates the population in memory only (no files) and counts it: for sizing and scale checks.
    /// - Parameter expand: also expand to a `PlayerDataset` (80-byte game rows) instead of stopping at the
    ///   columnar form.
    public static func dryRun(_ options: Options, expand: Bool = false) -> Summary {
        let population = SyntheticPopulation.generateCompact(options.populationConfig)
        var summary = Summary()
        summary.players = population.players.count
        summary.games = population.libraries.rowCount
        summary.friendships = population.friendships.count
        summary.preferences = population.preferences.count
        if expand { summary.games = population.playerDataset().games.count }
        return summary
    }

    /// Generates and writes the dataset to `directory` through `AtomicPublisher` (locked, synced, swapped in
    /// whole); it replaces only a dataset written by `generate` (its `SyntheticDatasetMarker`) or an empty path,
    /// unless `policy.force`.
    @discardableResult
    public static func write(_ options: Options, to directory: String, policy: PublishPolicy = PublishPolicy()) throws -> Summary {
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        try OutputGuard.checkReplaceable(target, policy: policy, displayPath: directory)
        var summary = Summary()
        try AtomicPublisher.publish(to: target, policy: policy) { staging in
            summary = try writeContents(options, into: staging.path, displayedOut: directory)
            try Data(SyntheticDatasetMarker.contents.utf8).write(to: staging.appendingPathComponent(SyntheticDatasetMarker.fileName))
        }
        return summary
    }

    /// Writes every file of the dataset under `root` (which must exist).
    /// - Parameter displayedOut: the `--out` argument as given, echoed in the README when it is relative.
    public static func writeContents(_ options: Options, into root: String, displayedOut: String? = nil) throws -> Summary {
        let config = options.populationConfig
        let documents = SyntheticDocumentSet(config: config)
        let dataset = documents.dataset
        let decisions = SyntheticDecisions.generate(for: dataset, seed: config.seed, referenceTime: config.referenceTime)
        var summary = Summary()
        summary.players = dataset.players.count
        summary.games = dataset.games.count
        summary.friendships = dataset.friendships.count
        summary.preferences = dataset.preferences.count
        summary.decisions = decisions.count
        let rootURL = URL(fileURLWithPath: root)

        func file(_ relative: String, _ lines: (BufferedFileWriter) throws -> Void) throws {
            let url = rootURL.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let writer = try BufferedFileWriter(path: url.path)
            try lines(writer)
            try writer.close()
            summary.files += 1
            summary.bytes += writer.bytesWritten
        }

        /// A whole small document in one write (no large buffer per file).
        func small(_ relative: String, _ text: String) throws {
            let path = rootURL.appendingPathComponent(relative).path
            var text = text
            let count = try text.withUTF8 { bytes in
                // Plain open/write/close: Foundation's createFile writes atomically through a temporary file,
                // which is several times slower for thousands of small files (the whole tree is staged anyway).
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard fd >= 0 else { throw SyntheticWriteError.cannotCreate(path) }
                defer { close(fd) }
                var offset = 0
                while offset < bytes.count {
                    let n = posixWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                    guard n > 0 else { throw SyntheticWriteError.cannotCreate(path) }
                    offset += n
                }
                return bytes.count
            }
            summary.files += 1
            summary.bytes += count
        }

        if options.bundles {
            try file("profiles.xml") { out in
                try out.write(SyntheticDocumentSet.profileBundleHeader)
                for i in 0..<dataset.players.count { try out.write(documents.profileXML(player: i, declaration: false) + "\n") }
                try out.write(SyntheticDocumentSet.profileBundleFooter)
            }
            // GetPlayerSummaries answers up to 100 ids per call: one envelope (without an owner) per call.
            try file("summaries.jsonl") { out in
                for first in stride(from: 0, to: dataset.players.count, by: 100) {
                    let body = documents.playerSummariesJSON(players: first..<min(dataset.players.count, first + 100))
                    try out.write("{\"source\":\"GetPlayerSummaries\",\"fetched_at\":\"\(documents.fetchedAt)\",\"body\":\(body)}\n")
                }
            }
            try file("owned_games.jsonl") { out in
                for i in 0..<dataset.players.count { try out.write(documents.ownedGamesEnvelope(player: i) + "\n") }
            }
            try file("friends.jsonl") { out in
                for i in 0..<dataset.players.count {
                    guard let body = documents.friendListJSON(player: i) else { continue }
                    try out.write(documents.envelope(source: "GetFriendList", player: i, body: body) + "\n")
                }
            }
        } else {
            for (i, player) in dataset.players.enumerated() {
                let dir = "players/\(player.steamID)/"
                try FileManager.default.createDirectory(at: rootURL.appendingPathComponent(dir),
                                                        withIntermediateDirectories: true)
                try small(dir + "profile.xml", documents.profileXML(player: i))
                try small(dir + "summary.json", documents.playerSummariesJSON(player: i))
                try small(dir + "owned_games.json", documents.ownedGamesJSON(player: i))
                if let friends = documents.friendListJSON(player: i) { try small(dir + "friends.json", friends) }
            }
        }
        try file("preferences.jsonl") { out in
            for prefs in dataset.preferences { try out.write(documents.preferencesLine(prefs) + "\n") }
        }
        try file("decisions.jsonl") { out in
            for decision in decisions { try out.write(SyntheticDocumentSet.decisionLine(decision) + "\n") }
        }
        let requests = SyntheticTradeRequests.lines(for: dataset, count: max(1, dataset.players.count / 4), seed: options.seed)
        summary.tradeRequests = requests.count
        try file("trade_requests.jsonl") { out in
            for line in requests { try out.write(line + "\n") }
        }
        if let fixtures = options.steamFixturesDirectory {
            let placed = try SteamFixtureCopier.place(from: fixtures, into: root, fetchedAt: documents.fetchedAt)
            summary.files += placed.files
            summary.bytes += placed.bytes
        }
        try file("README.md") { try $0.write(readme(options, summary: summary, out: displayedOut)) }
        return summary
    }

    /// The dataset's README: says the data is synthetic and how to regenerate it.
    static func readme(_ options: Options, summary: Summary, out: String?) -> String {
        /// Relative paths are echoed; absolute ones would make the output machine-specific.
        func shown(_ path: String?, _ placeholder: String) -> String {
            guard let path, !path.hasPrefix("/"), !path.isEmpty else { return placeholder }
            return path
        }
        var command = "steam-mate generate --players \(options.players) --seed \(options.seed)"
        if options.bundles { command += " --bundles" }
        if options.lobbyShare > 0 { command += " --lobby-share \(options.lobbyShare)" }
        if let fixtures = options.steamFixturesDirectory {
            command += " --steam-fixtures " + shown(fixtures, "<the shared fixtures/steam folder>")
        }
        command += " --out " + shown(out, "<this directory>")
        var text = """
        # Synthetic Steam Mate dataset

        **Synthetic data.** Every player with a steamid from 76561199460265728 up (account ids from
        1,500,000,000), and every line of `preferences.jsonl`, `decisions.jsonl` and `trade_requests.jsonl`, was generated by
        `steam-mate generate` from a seed. Persona names, playtimes, friendships and preferences are made up;
        apps after the real popular head are named "Synthetic Game N" with app ids from 9000010 up, which Steam
        has not issued. Locations are real Steam location codes (city centres), so the players cluster in a few
        real cities.

        Regenerate (same bytes for the same arguments):

            \(command)

        Contents: \(summary.players) synthetic players, \(summary.games) library rows, \(summary.friendships) \
        friendships, \(summary.preferences) preference lines, \(summary.decisions) decisions, \(summary.tradeRequests) trade requests. Private players
        have a private profile, `{"response":{}}` games and no friend list (Steam answers HTTP 401 there).

        Layout: `players/<steamid64>/profile.xml` (community XML), `summary.json` (GetPlayerSummaries),
        `owned_games.json` (GetOwnedGames), `friends.json` (GetFriendList); `preferences.jsonl`,
        `decisions.jsonl` and `trade_requests.jsonl` (the app's exports) in the root.

        """
        if options.bundles {
            text += """
            This copy uses bundles instead of per-player files: `profiles.xml` (a `<profiles>` root holding one
            `<profile>` per player), and JSON Lines envelopes `summaries.jsonl` (one GetPlayerSummaries call of up to
            100 players per line), `owned_games.jsonl` and `friends.jsonl` (one player per line).

            """
        }
        if options.steamFixturesDirectory != nil {
            text += """

            ## Real Steam fixtures

            Besides the synthetic players, this dataset holds real Steam responses (byte-for-byte copies of the
            shared fixtures; provenance, blob ids and licences in `SOURCES.md`):

            """
            for entry in SteamFixturePlacement.entries {
                text += "- `\(entry.destination)` ← `\(entry.fixture)`: \(entry.note)\n"
            }
            text += "\nLeft out:\n\n"
            for excluded in SteamFixturePlacement.excluded {
                text += "- `\(excluded.fixture)`: \(excluded.reason)\n"
            }
        }
        return text
    }
}

/// The C `write(2)` (inside `SyntheticDatasetWriter` the bare name means its own `write`).
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}
