// THROWAWAY benchmark (not committed): libxml2 bare walk vs XMLPullReader events vs the Steam decoder.
import Foundation
import Ingest
import PipelineCore
import XMLPullReader

@main struct XMLBench {
    static func main() {
        let path = CommandLine.arguments[1]
        let rounds = Int(CommandLine.arguments.dropFirst(2).first ?? "3") ?? 3
        let size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000
        let clock = CPUClock()
        if CommandLine.arguments.count > 3 {
            let reader = XMLPullReader(names: ["profile", "steamID64"])
            reader.open(path: path)
            var events = 0
            if CommandLine.arguments[3] == "walk" {
                loop: while true {
                    switch reader.next() {
                    case .start, .end: events += 1
                    case .finished, .failed: break loop
                    }
                }
            } else {
                XMLDocumentDecoder.decodeFile(path: path, origin: DocumentOrigin(file: "p"), diagnostics: DiagnosticLog()) { _ in events += 1 }
            }
            print(events)
            return
        }
        func mbps(_ d: Double) -> Double { size / d }
        for round in 1...rounds {
            var nodes = 0
            let bare = clock.measure { nodes = XMLPullReader.countNodes(path: path) ?? -1 }
            var events = 0
            var textBytes = 0
            let walk = clock.measure {
                let reader = XMLPullReader(names: ["profile", "steamID64"])
                reader.open(path: path)
                while true {
                    switch reader.next() {
                    case .start: events += 1
                    case .end: events += 1; textBytes &+= reader.withText { $0.count }
                    case .finished, .failed: return
                    }
                }
            }
            let log = DiagnosticLog()
            var documents = 0
            var games = 0
            var groups = 0
            var checksum: UInt64 = 0
            let decode = clock.measure {
                XMLDocumentDecoder.decodeFile(path: path, origin: DocumentOrigin(file: "profiles.xml"), diagnostics: log) { doc in
                    documents += 1
                    if case .profile(let p) = doc.content {
                        checksum &+= p.steamID.rawValue
                        games += p.mostPlayedGames?.count ?? 0
                        groups += p.groups?.count ?? 0
                        for g in p.mostPlayedGames ?? [] { checksum &+= UInt64(g.minutesTotal ?? 0) }
                    }
                }
            }
            let b = mbps(bare), w = mbps(walk), d = mbps(decode)
            print(String(format: "round %d: %.1f MB | bare libxml2 walk %.0f MB/s (%d nodes) | XMLPullReader events %.0f MB/s (%d events) | decoder %.0f MB/s (%d docs, %d games, %d groups, %d diags, checksum %llu) | decoder = %.0f%% of bare walk, %.0f%% of pull walk",
                         round, size, b, nodes, w, events, d, documents, games, groups, log.all.count, checksum, 100 * d / b, 100 * d / w))
        }
    }
}

/// Thread CPU time (less sensitive than wall time to the other processes sharing the 2 cores).
struct CPUClock {
    func measure(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }
}
