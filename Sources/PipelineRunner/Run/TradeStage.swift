import Emit
import Foundation
import Geo
import Normalize
import Pairing
import PipelineCore
import PipelineSpec
import PlayerModel
import Trade

/// The `trade` stage of a pipeline run: the app's trade requests (`trade_requests.jsonl` or `.csv` in the
/// dataset root) → optimal trade loops among players who can meet and have not blocked each other.
///
/// Authors must be players of the normalized dataset; a request's position is its own latitude/longitude,
/// else its Steam location codes resolved with the location table, else its author's location.
/// Emits `trade_loops`, `trade_summary.json` and `trade_report.txt` (TradeMaximizer style).
struct TradeStage: Sendable {
    var options: StageOptions
    var locator: (any PlayerLocator)?

    struct Result: Sendable {
        var tables: [Table]
        var files: [OutputFile]
        var figures: [String: Int]
    }

    /// `players`: the dataset's players as trade reads them; `knownApps`: the app ids of the dataset's `games` rows.
    func run(players: TradePlayers, knownApps: Set<UInt32>, requestsFile: DatasetFile?, blocked: Set<BlockedPair>,
             diagnostics: some DiagnosticSink) -> Result {
        var requests: [TradeRequest] = []
        var inputBytes: [UInt8] = []
        if let requestsFile {
            if let data = FileManager.default.contents(atPath: requestsFile.url.path) {
                inputBytes = Array(data)
                requests = requestsFile.relativePath.lowercased().hasSuffix(".csv")
                    ? TradeRequestDecoder.decodeCSV(inputBytes, file: requestsFile.relativePath, sink: diagnostics)
                    : TradeRequestDecoder.decodeJSONLines(inputBytes, file: requestsFile.relativePath, sink: diagnostics)
            } else {
                diagnostics.error("input.unreadable", "cannot read the trade requests", at: SourceLocation(file: requestsFile.relativePath))
            }
        }
        let locator = self.locator
        let result = TradeRequestMatcher.solve(
            requests: requests, players: players, knownApps: knownApps, blockedPairs: blocked,
            requestLocation: { request in
                guard request.country != nil,
                      let position = locator?.locate(country: request.country, state: request.state, cityID: request.cityID, displayText: nil)
                else { return nil }
                return TradeLocation(point: GeoPoint(latitude: position.latitude, longitude: position.longitude),
                                     accuracyKm: position.accuracyKm)
            },
            options: TradeStageOptions.requestOptions(options), file: requestsFile?.relativePath ?? "trade_requests.jsonl",
            sink: diagnostics)
        let loops = TradeReport.loopsTable(TradeReport.shipments(result))
        let summary = TradeJob.summaryJSON(result, inputSHA256: SHA256.hex(of: inputBytes), diagnostics: [], includeLoops: false)
        return Result(
            tables: [loops],
            files: [OutputFile(path: "trade_summary.json", text: summary),
                    OutputFile(path: "trade_report.txt", text: TradeMaximizerTextReport.render(result, diagnostics: []))],
            figures: ["trades": loops.rows.count])
    }
}
