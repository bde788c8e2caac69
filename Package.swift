// swift-tools-version: 6.0
import PackageDescription

/// Stages are modules that import only downward:
/// CLibXML2 → XMLPullReader ─┐
/// JSONPullReader ───────────┼→ Ingest → Dota → Normalize ─┐
/// PipelineCore, PlayerModel, Geo (under everything) ├→ Emit → PipelineRunner → steam-mate
/// Pairing (→ Lobby, which also uses Dota's hero roles), Trade, SyntheticData ┘
/// CCbc (COIN-OR CBC's C API) → MIPSolver → Trade, Lobby (its exact oracle)
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
        .target(name: "PipelineCore"),
        .target(name: "PlayerModel"),
        .target(name: "Geo"),
        .target(name: "XMLPullReader", dependencies: ["CLibXML2", "PipelineCore"]),
        .target(name: "JSONPullReader", dependencies: ["PipelineCore"]),
        .target(name: "Ingest", dependencies: ["PipelineCore", "PlayerModel", "XMLPullReader", "JSONPullReader"]),
        .target(name: "Dota", dependencies: ["PipelineCore", "PlayerModel", "Ingest"]),
        .target(name: "Normalize", dependencies: ["PipelineCore", "PlayerModel", "Ingest", "Geo", "Dota"]),
        .target(name: "Pairing", dependencies: ["PipelineCore", "PlayerModel", "Geo", "JSONPullReader"]),
        .target(name: "MIPSolver", dependencies: ["CCbc"]),
        .target(name: "Trade", dependencies: ["PipelineCore", "PlayerModel", "Geo", "JSONPullReader", "MIPSolver"]),
        .target(name: "Lobby", dependencies: ["PipelineCore", "PlayerModel", "Geo", "Pairing", "Dota", "MIPSolver"]),
        .target(name: "SyntheticData", dependencies: ["PipelineCore", "PlayerModel", "Geo"]),
        .target(name: "Emit", dependencies: ["PipelineCore", "PlayerModel", "Pairing", "Trade"]),
        .target(
            name: "PipelineRunner",
            dependencies: [
                "PipelineCore", "PlayerModel", "Geo", "Ingest", "Normalize", "Pairing", "Lobby", "Trade", "Emit",
                "SyntheticData", "JSONPullReader", "Dota",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "steam-mate",
            dependencies: [
                "PipelineRunner", "PipelineCore", "Pairing", "Lobby", "SyntheticData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "PipelineTestSupport", dependencies: ["PipelineCore"]),
        // libFuzzer targets for the readers (`.ci/fuzz`); a corpus replayer in a normal build.
        .executableTarget(
            name: "steam-mate-fuzz",
            dependencies: ["Ingest", "Trade", "PipelineRunner", "PipelineCore"]
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
        .testTarget(name: "PairingTests", dependencies: ["Pairing", "PlayerModel", "Geo", "PipelineCore", "SyntheticData"]),
        .testTarget(
            name: "TradeTests",
            dependencies: ["Trade", "PipelineCore", "PlayerModel", "PipelineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "MIPSolverTests", dependencies: ["MIPSolver"]),
        .testTarget(name: "EmitTests", dependencies: ["Emit", "PipelineCore", "PlayerModel"]),
        .testTarget(name: "SyntheticDataTests", dependencies: ["SyntheticData", "PlayerModel", "Geo"]),
        .testTarget(
            name: "PipelineRunnerTests",
            dependencies: ["PipelineRunner", "PipelineCore", "PipelineTestSupport", "PlayerModel", "Emit"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "SteamMateCLITests", dependencies: ["PipelineTestSupport", "steam-mate"]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
