import PipelineCore
import Testing
@testable import Trade

@Suite struct WantListParserTests {
    private func parse(_ text: String) throws -> (TradeProblem, [Diagnostic]) {
        let (problem, log) = try FixtureSupport.parse(text)
        return (problem, log.sorted())
    }

    private func edges(_ problem: TradeProblem) -> [String] {
        problem.edges.map { "\(problem.items[Int($0.receiver)].name)>\(problem.items[Int($0.wanted)].name)@\($0.rank)=\($0.cost)" }
    }

    private func fatal(_ text: String) -> Diagnostic? {
        do {
            _ = try FixtureSupport.parse(text)
            return nil
        } catch {
            return error.diagnostic
        }
    }

    @Test func optionsLastValueWinsAndUnknownOptionWarns() throws {
        let (problem, diagnostics) = try parse("""
            #! LINEAR-PRIORITIES SMALL-STEP=2 METRIC=USERS-TRADING
            #! SMALL-STEP=3 ITERATIONS=20
            A : B C
            B : A
            C : A
            """)
        #expect(problem.options.smallStep == 3)
        #expect(edges(problem) == ["A>B@1=1", "A>C@4=4", "B>A@1=1", "C>A@1=1"])
        let unknown = diagnostics.filter { $0.code == "trade.option.unknown" }
        #expect(unknown.count == 1)
        #expect(unknown.first?.location?.line == 1)
        #expect(unknown.first?.message.contains("METRIC=USERS-TRADING") == true)
    }

    @Test func colonsSemicolonsAndEmptyWantLists() throws {
        let (problem, diagnostics) = try parse("""
            #! LINEAR-PRIORITIES BIG-STEP=5
            A: B;C
            B :A ; ; C
            C
            D :
            """)
        #expect(diagnostics.isEmpty)
        #expect(problem.realItemCount == 4)
        #expect(edges(problem) == ["A>B@1=1", "A>C@7=7", "B>A@1=1", "B>C@12=12"])
    }

    @Test func prioritySchemes() throws {
        let triangle = try parse("#! TRIANGLE-PRIORITIES\nA : X B\nB : A\nX : A").0
        #expect(edges(triangle) == ["A>X@1=1", "A>B@2=3", "B>A@1=1", "X>A@1=1"])
        let square = try parse("#! SQUARE-PRIORITIES\nA : X B\nB : A\nX : A").0
        #expect(edges(square) == ["A>X@1=1", "A>B@2=4", "B>A@1=1", "X>A@1=1"])
        let explicit = try parse("#! EXPLICIT-PRIORITIES\nA : X=5 B\nB : A\nX : A").0
        #expect(edges(explicit) == ["A>X@5=5", "A>B@6=6", "B>A@1=1", "X>A@1=1"])
        let tiers = try parse("#! LINEAR-PRIORITIES SMALL-STEP=0 BIG-STEP=1\nA : X B ; C\nB : A\nX : A\nC : A").0
        #expect(edges(tiers).prefix(3) == ["A>X@1=1", "A>B@1=1", "A>C@2=2"])
    }

    @Test func usernamesDummiesScopedPerUserAndNested() throws {
        let (problem, diagnostics) = try parse("""
            #! ALLOW-DUMMIES REQUIRE-USERNAMES
            (Ryan L) 1-A : %PINK
            (Dr. Burd) 2-B : %PINK
            (Ryan L) %PINK : %INNER
            (Ryan L) %INNER : 2-B
            (Dr. Burd) %PINK : 1-A
            """)
        #expect(diagnostics.isEmpty)
        #expect(problem.items.map(\.owner) == ["RYAN L", "DR. BURD", "RYAN L", "RYAN L", "DR. BURD"])
        #expect(problem.realItemCount == 2)
        #expect(problem.users == ["DR. BURD", "RYAN L"])
        // Each user's %PINK is their own item; dummy out-edges cost the non-trade cost.
        #expect(problem.edges.map { [$0.receiver, $0.wanted] } == [[0, 2], [1, 4], [2, 3], [3, 1], [4, 0]])
        #expect(problem.edges[2].cost == 1_000_000_000)
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == 2)
        #expect(result.stats.totalCost == 2)
        #expect(result.loops.count == 1)
        #expect(FixtureSupport.violations(of: result) == [])
    }

    @Test func realFileQuirks() throws {
        var bytes = Array("#! ALLOW-DUMMIES\r\n# comment\r\n   (alice) a-1 : b-2\r\n(bob) b-2 : a-1 %orléans\r\n".utf8)
        bytes += Array("# caf".utf8) + [0xE9, 0x96] + Array("\r\n#pragma user \"bob\"\r\n".utf8)
        bytes += Array("(bob) %orléans : a-1\r\n".utf8) + [0x1A]
        let log = DiagnosticLog()
        let problem = try WantListParser(file: "q.txt", sink: log).parse(bytes)
        #expect(problem.items.map(\.name) == ["A-1", "B-2", "%ORLÉANS"])
        let codes = log.sorted().map(\.code)
        #expect(codes == ["trade.encodingFallback"])
        #expect(log.sorted().first?.location?.line == 5)
        #expect(problem.items.map(\.owner) == ["ALICE", "BOB", "BOB"])
        #expect(TradeSolver.solve(problem).stats.trades == 2)
        let lines = WantListLineReader.lines(of: Array("x\r\ny".utf8) + [0xE9, 0x0A, 0x1A]).lines
        #expect(lines.map(\.text) == ["x", "yé"])
        let mixed = WantListLineReader.lines(of: [0xEF, 0xBB, 0xBF] + Array("#! A\rB\r\n\nC".utf8)).lines
        #expect(mixed.map(\.text) == ["#! A", "B", "C"])
        #expect(mixed.map(\.number) == [1, 2, 4])
    }

    @Test func caseSensitiveKeepsCase() throws {
        let (problem, _) = try parse("#! CASE-SENSITIVE\na : A\nA : a")
        #expect(problem.items.map(\.name) == ["a", "A"])
        let (folded, diagnostics) = try parse("a : A\nB : a")
        #expect(folded.items.map(\.name) == ["A", "B"])
        #expect(diagnostics.map(\.code) == ["trade.selfWant"])
    }

    @Test func nonFatalErrorsCarryLineNumbers() throws {
        let (_, diagnostics) = try parse("""
            #! ALLOW-DUMMIES
            (u1) A : B B A C missing-official missing-official
            (u1) C : A
            (u2) B : A X=3
            (u2) B : A
            %D : A
            (u3) E : A %NOPE
            """)
        let unknown = diagnostics.first { $0.code == "trade.unknownItem" && $0.location?.line == 2 }
        #expect(unknown?.message == "unknown item MISSING-OFFICIAL (2 occurrences)")
        #expect(Set(diagnostics.map(\.code)) == [
            "trade.repeatedWant", "trade.selfWant", "trade.sameUserWant", "trade.unknownItem",
            "trade.explicitPriority.disallowed", "trade.duplicateWantList", "trade.dummyWithoutUsername",
        ])
        #expect(diagnostics.first { $0.code == "trade.duplicateWantList" }?.location?.line == 5)
        #expect(diagnostics.first { $0.code == "trade.dummyWithoutUsername" }?.location?.line == 6)
        #expect(diagnostics.first { $0.code == "trade.explicitPriority.disallowed" }?.location?.line == 4)
        #expect(diagnostics.first { $0.code == "trade.sameUserWant" }?.location?.line == 2)
        #expect(diagnostics.first { $0.code == "trade.unknownItem" && $0.location?.line == 7 }?.message.contains("%NOPE") == true)
        #expect(diagnostics.first?.description.hasPrefix("test.txt:2: error: ") == true)
    }

    @Test func officialNamesBlock() throws {
        let (problem, diagnostics) = try parse("""
            #! LINEAR-PRIORITIES SHOW-MISSING
            !BEGIN-OFFICIAL-NAMES
            0001-THRSIS ==> "Three Sisters" (from mongooseroar) # with a hash
            0002-GONE ==> "Gone"
            0003-HERE:description
            !END-OFFICIAL-NAMES
            0001-THRSIS : 0002-GONE 0003-HERE
            0003-HERE : 0001-THRSIS
            0009-ROGUE : 0001-THRSIS
            """)
        #expect(problem.items.map(\.name) == ["0001-THRSIS", "0003-HERE"])
        #expect(edges(problem) == ["0001-THRSIS>0003-HERE@2=2", "0003-HERE>0001-THRSIS@1=1"])
        #expect(problem.missingOfficial == ["0002-GONE"])
        #expect(diagnostics.contains { $0.code == "trade.notOfficial" && $0.location?.line == 9 })
        #expect(diagnostics.contains { $0.code == "trade.missingWantList" && $0.message.contains("0002-GONE") })
        #expect(fatal("!BEGIN-OFFICIAL-NAMES\nA\nA\n!END-OFFICIAL-NAMES")?.code == "trade.officialNames.duplicate")
        #expect(fatal("!BEGIN-OFFICIAL-NAMES\n%A\n!END-OFFICIAL-NAMES")?.code == "trade.officialNames.badName")
        #expect(fatal("A : B\n!BEGIN-OFFICIAL-NAMES\n!END-OFFICIAL-NAMES")?.code == "trade.officialNames.misplaced")
        #expect(fatal("!BEGIN-OFFICIAL-NAMES\nA")?.code == "trade.officialNames.unterminated")
    }

    @Test func ozCashExtensionIsSkippedLikeTheSanitisedFile() throws {
        let oz = """
            #! ALLOW-DUMMIES REQUIRE-COLONS REQUIRE-USERNAMES LINEAR-PRIORITIES
            (alice) $70 : 0002-B 0003-C
            (alice) LIMIT : $90
            (alice) 0001-A : $15 0002-B 0003-C
            (bob) 0002-B : 0001-A $5
            (carl) 0003-C : 0001-A
            (bob) LIMIT: $12
            """
        let sanitised = """
            #! ALLOW-DUMMIES REQUIRE-COLONS REQUIRE-USERNAMES LINEAR-PRIORITIES
            (alice) 0001-A : 0002-B 0003-C
            (bob) 0002-B : 0001-A
            (carl) 0003-C : 0001-A
            """
        let (a, diagnostics) = try parse(oz)
        let (b, clean) = try parse(sanitised)
        #expect(clean.isEmpty)
        #expect(edges(a) == edges(b))
        #expect(diagnostics.map { "\($0.location?.line ?? 0) \($0.code)" } == ["2 trade.cash.bid", "3 trade.cash.limit", "4 trade.cash.want"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.first { $0.code == "trade.cash.limit" }?.message.hasPrefix("2 ") == true)
    }

    @Test func fatalStructuralErrors() {
        let cases: [(String, String, Int)] = [
            ("A : B # note", "trade.commentNotAtStart", 1),
            ("A : B\n#! ALLOW-DUMMIES", "trade.optionsAfterWants", 2),
            ("A : B : C", "trade.colon.multiple", 1),
            ("#! REQUIRE-COLONS\nA : B\nB A", "trade.colon.missing", 3),
            ("#! REQUIRE-USERNAMES\n(u) A : B\nB : A", "trade.username.missing", 3),
            ("() A : B", "trade.username.empty", 1),
            ("(u) A : (v) B", "trade.username.malformed", 1),
            ("A ; B : C", "trade.semicolon.misplaced", 1),
            ("; A B", "trade.semicolon.misplaced", 1),
            ("A B : C", "trade.colon.position", 1),
        ]
        for (text, code, line) in cases {
            let diagnostic = fatal(text)
            #expect(diagnostic?.code == code, "\(text)")
            #expect(diagnostic?.location?.line == line, "\(text)")
        }
    }

    @Test func hugeStepsSaturateInsteadOfOverflowing() throws {
        let (problem, _) = try parse("#! SQUARE-PRIORITIES BIG-STEP=1000000000000 NONTRADE-COST=1000000000000\nA : ; ; ; B\nB : A")
        #expect(problem.edges[0].cost == PriorityScheme.maximumCost)
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == 2)
        #expect(FixtureSupport.violations(of: result) == [])
    }

    @Test func hideRepeatsSilencesRepeatedWants() throws {
        let (problem, diagnostics) = try parse("#! HIDE-REPEATS\nA : B B\nB : A")
        #expect(diagnostics.isEmpty)
        #expect(problem.edges.count == 2)
    }

    @Test func nontradeCostOptionAndBadValues() throws {
        let (problem, diagnostics) = try parse("#! NONTRADE-COST=50 SMALL-STEP=x\nA : B\nB : A")
        #expect(problem.nontradeCost == 50)
        #expect(diagnostics.map(\.code) == ["trade.option.badValue"])
    }
}
