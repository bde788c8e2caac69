import PipelineCore
import PlayerModel
import Testing
@testable import Pairing

@Suite struct DecisionParserTests {
    @Test func parsesGoodLinesAndReportsBadOnesWithLineNumbers() throws {
        let text = """
        {"from":"76561198000000001","to":"76561198000000002","decision":"accept","at":"2025-05-01T12:00:00Z"}
        not json
        {"from":"76561198000000001","to":"123","decision":"accept","at":"2025-05-01T12:00:00Z"}
        {"from":"76561198000000001","to":"76561198000000003","decision":"maybe","at":"2025-05-01T12:00:00Z"}

        {"from":"76561198000000001","to":"76561198000000003","decision":"reject","at":"yesterday"}
        {"from":"76561198000000001","to":"76561198000000003","decision":"block"}
        {"from":"76561198000000001","to":"76561198000000001","decision":"block","at":"2025-05-01T12:00:00Z"}
        {"from":"76561198000000002","to":"76561198000000001","decision":"block","at":"2025-05-02T00:00:00+01:00"}
        """
        let log = DiagnosticLog()
        let decisions = DecisionParser.parse(Array(text.utf8), file: "decisions.jsonl", sink: log)
        #expect(decisions.count == 2)
        #expect(decisions[0].kind == .accept && decisions[0].line == 1)
        #expect(decisions[1].kind == .block && decisions[1].line == 9 && decisions[1].at == 1_746_140_400)
        let found = log.sorted().map { "\($0.code)@\($0.location?.line ?? 0)" }
        #expect(found == [
            "decisions.invalidJSON@2", "decisions.invalidSteamID@3", "decisions.invalidKind@4",
            "decisions.invalidTimestamp@6", "decisions.missingField@7", "decisions.selfDecision@8",
        ])
    }

    @Test func emptyInputGivesNothing() {
        let log = DiagnosticLog()
        #expect(DecisionParser.parse([], file: "d.jsonl", sink: log).isEmpty)
        #expect(DecisionParser.parse(Array("\n\n".utf8), file: "d.jsonl", sink: log).isEmpty)
        #expect(log.all.isEmpty)
    }
}
