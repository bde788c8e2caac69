// swift-tools-version: 6.0
import PackageDescription

/// Stages are modules that import only downward:
/// CLibXML2 → XMLPullReader ─┐
/// JSONPullReader ───────────┼→ Ingest → Dota → Normalize ─┐
/// CSHA256 → PipelineCore, PlayerModel, Geo (under everything) ├→ Emit → PipelineRunner (+ CDirectIO) → steam-mate
/// Pairing (+ CCacheHint, CScoreKernels; → Lobby, which also uses Dota's hero roles), Trade, SyntheticData ┘
/// Report (aggregates → report.html, pure) → PipelineRunner
/// PipelineSpec (the pipeline file's format, over Pairing, Lobby, Trade, Emit, Fetch) → PipelineRunner, steam-mate-fuzz
/// CCbc (COIN-OR CBC's C API) → MIPSolver (+ PipelineCore's seeded generator) → Trade, Lobby (its exact oracle)
let package = Package(
    name: "steam-mate",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "steam-mate", targets: ["steam-mate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already built for AsyncHTTPClient; named here so the fetch tests can run a stub server with NIOHTTP1.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCbc",
            pkgConfig: "cbc",
            providers: [.apt(["coinor-libcbc-dev"])]
        ),
        // SHA-256 block compression in C: SHA-NI when the CPU has it, portable otherwise (PipelineCore's SHA256).
        .target(name: "CSHA256"),
        // `O_DIRECT`, which Swift's Glibc module does not export, for the output writer (PipelineRunner).
        .target(name: "CDirectIO"),
        // A cache prefetch hint (`__builtin_prefetch`), which Swift lacks, for Pairing's explanations.
        .target(name: "CCacheHint"),
        // Pairing's dense-region kernels (adding dense game columns, the drain's band pass): AVX2 when the CPU has it.
        .target(name: "CScoreKernels"),
        .target(name: "PipelineCore", dependencies: ["CSHA256"]),
        .target(name: "PlayerModel"),
        .target(name: "Geo"),
        .target(name: "XMLPullReader", dependencies: ["CLibXML2", "PipelineCore"]),
        .target(name: "JSONPullReader", dependencies: ["PipelineCore"]),
        .target(name: "Ingest", dependencies: ["PipelineCore", "PlayerModel", "XMLPullReader", "JSONPullReader"]),
        .target(name: "Dota", dependencies: ["PipelineCore", "PlayerModel", "Ingest"]),
        .target(name: "Normalize", dependencies: ["PipelineCore", "PlayerModel", "Ingest", "Geo", "Dota"]),
        .target(name: "Pairing", dependencies: ["PipelineCore", "PlayerModel", "Geo", "JSONPullReader", "CCacheHint", "CScoreKernels"]),
        .target(name: "MIPSolver", dependencies: ["CCbc", "PipelineCore"]),
        .target(name: "Trade", dependencies: ["PipelineCore", "PlayerModel", "Geo", "JSONPullReader", "MIPSolver"]),
        .target(name: "Lobby", dependencies: ["PipelineCore", "PlayerModel", "Geo", "Pairing", "Dota", "MIPSolver"]),
        .target(name: "SyntheticData", dependencies: ["PipelineCore", "PlayerModel", "Geo"]),
        .target(name: "Report"),
        .target(name: "Emit", dependencies: ["PipelineCore", "PlayerModel", "Pairing", "Trade"]),
        // Fetch: pure request planning, rate/backoff math and failure typing (no I/O);
        // FetchIO: the HTTP client, cache, checkpoint and bundle files on top of it.
        .target(name: "Fetch", dependencies: ["PipelineCore", "PlayerModel", "JSONPullReader"]),
        .target(
            name: "FetchIO",
            dependencies: [
                "Fetch", "PipelineCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The pipeline file's format: definitions, stage options and their ranges, the YAML loader (no I/O but reading
        // the file); apart from PipelineRunner so the fuzzer links it without the HTTP stack.
        .target(
            name: "PipelineSpec",
            dependencies: [
                "PipelineCore", "PlayerModel", "Pairing", "Lobby", "Trade", "Emit", "Fetch",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "PipelineRunner",
            dependencies: [
                "PipelineCore", "PipelineSpec", "PlayerModel", "Geo", "Ingest", "Normalize", "Pairing", "Lobby", "Trade",
                "Emit", "SyntheticData", "JSONPullReader", "Dota", "Report", "Fetch", "FetchIO", "CDirectIO",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "steam-mate",
            dependencies: [
                "PipelineRunner", "PipelineSpec", "PipelineCore", "Pairing", "Lobby", "SyntheticData", "Fetch", "FetchIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "PipelineTestSupport", dependencies: ["PipelineCore"]),
        // libFuzzer targets for the readers (`.ci/fuzz`); a corpus replayer in a normal build.
        .executableTarget(
            name: "steam-mate-fuzz",
            dependencies: ["Ingest", "Trade", "PipelineSpec", "PipelineCore"]
        ),

        .testTarget(name: "PipelineCoreTests", dependencies: ["PipelineCore"]),
        .testTarget(name: "PlayerModelTests", dependencies: ["PlayerModel"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo", "PipelineCore"]),
        .testTarget(name: "XMLPullReaderTests", dependencies: ["XMLPullReader", "PipelineCore"]),
        .testTarget(name: "JSONPullReaderTests", dependencies: ["JSONPullReader", "PipelineCore"]),
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest", "PipelineCore", "PlayerModel", "PipelineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "DotaTests", dependencies: ["Dota", "Ingest", "PipelineCore", "PlayerModel"]),
        .testTarget(name: "NormalizeTests", dependencies: ["Normalize", "Ingest", "PlayerModel", "PipelineCore", "Geo"]),
        .testTarget(name: "LobbyTests", dependencies: ["Lobby", "Pairing", "PlayerModel", "PipelineCore", "SyntheticData", "Dota", "Ingest"]),
        .testTarget(name: "PairingTests", dependencies: ["Pairing", "PlayerModel", "Geo", "PipelineCore", "SyntheticData", "CScoreKernels",
                                                   "PipelineTestSupport"]),
        .testTarget(
            name: "TradeTests",
            dependencies: ["Trade", "MIPSolver", "PipelineCore", "PlayerModel", "PipelineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "MIPSolverTests", dependencies: ["MIPSolver"]),
        .testTarget(name: "EmitTests", dependencies: ["Emit", "PipelineCore", "PlayerModel"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "PipelineTestSupport"]),
        .testTarget(name: "SyntheticDataTests", dependencies: ["SyntheticData", "PlayerModel", "Geo"]),
        .testTarget(
            name: "PipelineRunnerTests",
            dependencies: ["PipelineRunner", "PipelineSpec", "PipelineCore", "PipelineTestSupport", "PlayerModel", "Emit", "Pairing", "SyntheticData"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "PipelineSpecTests", dependencies: ["PipelineSpec", "PipelineCore", "PipelineTestSupport"]),
        .testTarget(name: "SteamMateCLITests", dependencies: ["PipelineTestSupport", "steam-mate"]),
        .testTarget(name: "FetchTests", dependencies: ["Fetch", "PipelineCore", "PlayerModel"]),
        .testTarget(
            name: "FetchIOTests",
            dependencies: [
                "FetchIO", "Fetch", "PipelineCore", "PipelineTestSupport", "Ingest",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)

for target in package.targets where target.type != .system && !["CSHA256", "CDirectIO", "CCacheHint", "CScoreKernels"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
