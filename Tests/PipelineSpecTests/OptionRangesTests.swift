import PipelineCore
import Testing
@testable import PipelineSpec

/// Issue #12, items 5 and 6 at the loader: every numeric key is range-checked with `file:line`, and an alias
/// bomb used as a mapping key is rejected before Yams composes (and hashes) it.
@Suite struct OptionRangesTests {
    func problems(_ yaml: String) -> [String] {
        do {
            _ = try PipelineDefinitionLoader.load(yaml: yaml, file: "p.yml", defaultName: "p")
            return []
        } catch let error as PipelineDefinitionError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test(arguments: [
        ("pair: {k: 1000000000}", "p.yml:3: error: 'k' in stage 'pair' must be an integer in 1…1000 (got 1000000000) [pipeline.outOfRange]"),
        ("pair: {k: 9223372036854775807}", "p.yml:3: error: 'k' in stage 'pair' must be an integer in 1…1000 (got 9223372036854775807) [pipeline.outOfRange]"),
        ("pair: {exposure_cap: 1e300}", "p.yml:3: error: 'exposure_cap' in stage 'pair' must be a number in 0…1000 (got 1e+300) [pipeline.outOfRange]"),
        ("pair: {default_max_distance_km: 50000}", "p.yml:3: error: 'default_max_distance_km' in stage 'pair' must be a number in 0…20100 (got 50000) [pipeline.outOfRange]"),
        ("trade: {max_loop_length: 100001}", "p.yml:3: error: 'max_loop_length' in stage 'trade' must be an integer in 0…100000 (got 100001) [pipeline.outOfRange]"),
        ("trade: {max_loop_length: 1}", "p.yml:3: error: 'max_loop_length' in stage 'trade' must be 0 (uncapped) or at least 2: a loop needs two traders (got 1) [pipeline.outOfRange]"),
        ("trade: {gap_tolerance: 0.6}", "p.yml:3: error: 'gap_tolerance' in stage 'trade' must be a number in 0…0.5 (got 0.6) [pipeline.outOfRange]"),
    ])
    func outOfRangeStageValuesAreErrorsAtTheirLine(stage: String, expected: String) {
        #expect(problems("input: d\nstages:\n  \(stage)\n") == [expected])
    }

    @Test func threadsAndPublishKeys() throws {
        #expect(problems("input: d\nthreads: 5000\n") == ["p.yml:2: error: 'threads' must be an integer in 0…1024 (0 = all cores) [pipeline.outOfRange]"])
        let definition = try PipelineDefinitionLoader.load(yaml: "input: d\nforce: true\nallow_empty: true\n", file: "p.yml", defaultName: "p")
        #expect(definition.force && definition.allowEmpty)
        #expect(problems("input: d\nforce: maybe\n") == ["p.yml:2: error: 'force' must be true or false [pipeline.badValue]"])
    }

    @Test func rangesRejectNaNInfinityAndFractionsForIntegers() {
        #expect(!OptionRanges.exposureCap.contains(Double.nan))
        #expect(!OptionRanges.distanceKm.contains(Double.infinity))
        #expect(!OptionRanges.k.contains(2.5))
        #expect(OptionRanges.k.contains(1000) && !OptionRanges.k.contains(1001) && !OptionRanges.k.contains(Int.min))
        #expect(OptionRanges.check([("--k", -1, OptionRanges.k), ("--exposure-cap", nil, OptionRanges.exposureCap)]).map(\.description)
            == ["error: --k must be an integer in 1…1000 (got -1) [option.outOfRange]"])
    }

    /// Nine levels of nine-fold aliases: expanding the key once would take 9⁹ nodes; hashing it hangs Yams.
    static let bomb = """
        a: &a [x, x, x, x, x, x, x, x, x]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
        g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
        h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
        i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]

        """

    @Test(arguments: [
        ("? [*i, *i]\n: 1\ninput: d\n", "p.yml:10: error: an alias (*i) used as a mapping key is not allowed [pipeline.aliasKey]"),
        ("*i : 1\ninput: d\n", "p.yml:10: error: an alias (*i) used as a mapping key is not allowed [pipeline.aliasKey]"),
        ("{k: {*i : 1}}: 2\ninput: d\n", "p.yml:10: error: an alias (*i) used as a mapping key is not allowed [pipeline.aliasKey]"),
    ])
    func aliasBombAsAKeyIsRejectedAtOnce(key: String, expected: String) {
        #expect(problems(Self.bomb + key) == [expected])
    }

    @Test func aliasesAsValuesStillWork() {
        #expect(YAMLAliasGuard.firstAliasKey(in: "x: &n 3\ninput: d\nthreads: *n\n") == nil)
        #expect(YAMLAliasGuard.firstAliasKey(in: "list: [&a {k: 1}, *a]\n") == nil)
    }
}
