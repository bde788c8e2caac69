import ArgumentParser
import Foundation
import PipelineRunner
import PipelineSpec
import SyntheticData

/// `steam-mate generate`: writes a seeded synthetic dataset directory.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a seeded synthetic dataset (Steam documents plus app exports) in the dataset layout."
    )

    @Option(help: "Number of synthetic players.")
    var players: Int = 1_000

    @Option(help: "Random seed; the same seed and arguments give the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "Output directory; replaced atomically.")
    var out: String?

    @Flag(help: "Write bundles (profiles.xml, *.jsonl envelopes) instead of per-player files.")
    var bundles = false

    @Option(help: "Also place the shared real Steam fixtures from this directory into the layout.")
    var steamFixtures: String?

    @Option(help: "Share of players asking for lobbies in preferences.jsonl (0 to 1).")
    var lobbyShare: Double = 0

    @Option(help: "Library statistics: classic (default) or real (the real playtime set's, as `quality` uses).")
    var libraries: LibraryMix = .classic

    @Flag(help: "Generate in memory only and print counts, time and peak RSS; write nothing.")
    var dryRun = false

    @Flag(help: "With --dry-run: also expand to the canonical PlayerDataset (80-byte game rows).")
    var expand = false

    @Flag(help: "Replace --out even if it is not a dataset written by generate (otherwise refused, exit 2).")
    var force = false

    func validate() throws {
        guard (0...1).contains(lobbyShare) else { throw ValidationError("--lobby-share must be between 0 and 1") }
        guard dryRun || out != nil else { throw ValidationError("--out is required (unless --dry-run)") }
    }

    func run() throws {
        try OptionCheck.require([("--players", Double(players), OptionRanges.syntheticPlayers)])
        let options = SyntheticDatasetWriter.Options(players: players, seed: seed, bundles: bundles,
                                                     steamFixturesDirectory: steamFixtures, lobbyShare: lobbyShare,
                                                     libraries: libraries)
        if dryRun {
            let start = ContinuousClock.now
            let summary = SyntheticDatasetWriter.dryRun(options, expand: expand)
            let elapsed = ContinuousClock.now - start
            print("""
                players \(summary.players), library rows \(summary.games), friendships \(summary.friendships), \
                preferences \(summary.preferences); generated in \(elapsed), \
                peak RSS \(IngestBenchmark.peakRSSBytes() >> 20) MB
                """)
            return
        }
        let summary: SyntheticDatasetWriter.Summary
        do {
            summary = try SyntheticDatasetWriter.write(options, to: out ?? ".", policy: PublishPolicy(force: force))
        } catch {
            throw OptionCheck.publishFailure(error, diagnostics: [])
        }
        print("""
            players \(summary.players), library rows \(summary.games), friendships \(summary.friendships), \
            preferences \(summary.preferences), decisions \(summary.decisions); \
            \(summary.files) files, \(summary.bytes) bytes
            """)
    }
}
