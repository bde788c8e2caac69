import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner

/// `steam-mate bench sha256`: SHA-256 throughput of the SHA-extension path and the portable path, same run.
struct BenchSHA256Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sha256",
        abstract: "Hash seeded bytes with the SHA-extension and the portable SHA-256 block compression, print MB/s of both."
    )

    @Option(help: "Megabytes to hash per pass.")
    var mb = 256

    @Option(name: .customLong("piece-kb"), help: "Size of each update call in KiB (the output writers hash 64 KiB pieces).")
    var pieceKilobytes = 64

    @Option(help: "Passes per implementation (the fastest is reported).")
    var passes = 3

    @Option(help: "Seed of the bytes.")
    var seed: UInt64 = 1

    func validate() throws {
        guard mb > 0, pieceKilobytes > 0, passes > 0 else { throw ValidationError("--mb, --piece-kb and --passes must be positive") }
    }

    func run() throws {
        var random = SeededGenerator(seed: seed)
        var bytes = [UInt8](repeating: 0, count: mb << 20)
        bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for i in words.indices { words[i] = random.next() }
        }
        let piece = pieceKilobytes << 10
        var lines = ["bench sha256 (release build recommended): \(mb) MB of seeded bytes in \(pieceKilobytes) KiB pieces, best of \(passes)"]
        var rates: [SHA256.Implementation: (wall: Double, cpu: Double)] = [:]
        var digests: [String] = []
        let implementations: [SHA256.Implementation] = SHA256.shaExtensionsAvailable ? [.shaExtensions, .portable] : [.portable]
        for implementation in implementations {
            var best = (wall: Double.infinity, cpu: Double.infinity)
            var digest = ""
            for _ in 0..<passes {
                let start = ProcessClock.now()
                var hasher = SHA256(implementation: implementation)
                bytes.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let end = min(raw.count, offset + piece)
                        hasher.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                        offset = end
                    }
                }
                digest = hasher.finalizeHex()
                let end = ProcessClock.now()
                best = (min(best.wall, end.wall - start.wall), min(best.cpu, end.cpu - start.cpu))
            }
            digests.append(digest)
            let megabytes = Double(bytes.count) / 1_000_000
            rates[implementation] = (megabytes / best.wall, megabytes / max(best.cpu, 1e-9))
            let name = implementation == .shaExtensions ? "SHA extensions (SHA-NI)" : "portable C"
            lines.append("  " + name.padding(toLength: 26, withPad: " ", startingAt: 0)
                         + String(format: " %8.1f MB/s %8.1f MB/CPU-s  %7.3f s  sha256 %@", megabytes / best.wall,
                                  megabytes / max(best.cpu, 1e-9), best.wall, digest))
        }
        if !SHA256.shaExtensionsAvailable { lines.append("  this CPU has no SHA extensions: only the portable path runs") }
        if let fast = rates[.shaExtensions], let portable = rates[.portable] {
            lines.append(String(format: "  SHA-NI vs portable: %.2f× (wall)  %.2f× (CPU)", fast.wall / portable.wall, fast.cpu / portable.cpu))
        }
        if Set(digests).count > 1 {
            lines.append("  ERROR: the implementations disagree")
            print(lines.joined(separator: "\n"))
            throw ExitCode.failure
        }
        print(lines.joined(separator: "\n"))
    }
}
