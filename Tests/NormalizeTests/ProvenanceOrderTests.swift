import PipelineCore
import Testing
@testable import Normalize

@Suite struct ProvenanceOrderTests {
    /// The order computed from file and line is the order of the `file:line` texts, for equal files (lines of
    /// every digit count, a whole file against its lines), different files (one a prefix of the other, one
    /// spelled `x:1` as a whole text), canonically equivalent spellings and negative lines.
    @Test func ordersAsTheProvenanceTexts() {
        var rng = SeededGenerator(seed: 11)
        let files = ["a.jsonl", "a.jsonl.1", "a.jsonl:1", "a", "b.xml", "players/76561197960287930/profile.xml",
                     "Caf\u{E9}.jsonl", "Cafe\u{301}.jsonl", "z\u{301}"]
        func line() -> Int? {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return nil
            case 1: return Int.random(in: -20...20, using: &rng)
            case 2: return Int.random(in: 0...9, using: &rng)
            case 3: return [1, 10, 100, 11, 2, 19, 9_999_999_999].randomElement(using: &rng)!
            default: return Int.random(in: 0...Int(Int32.max), using: &rng)
            }
        }
        for _ in 0..<20_000 {
            let (a, b) = (files.randomElement(using: &rng)!, Bool.random(using: &rng) ? files.randomElement(using: &rng)! : nil)
            let (x, y) = (line(), line())
            let other = b ?? a
            let expected = ProvenanceOrder.text(file: a, line: x) < ProvenanceOrder.text(file: other, line: y)
            #expect(ProvenanceOrder.less(file: a, line: x, thanFile: other, line: y) == expected, "\(a) \(String(describing: x)) \(other) \(String(describing: y))")
        }
    }

    @Test func decimalTextsCompareAsText() {
        var rng = SeededGenerator(seed: 5)
        let edges: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 1_000, 12, 3, UInt64(UInt32.max), .max, .max - 1, 10_000_000_000_000_000_000]
        var values = edges
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...19, using: &rng)
            values.append(UInt64.random(in: 0..<[UInt64](repeating: 10, count: digits).reduce(1, *), using: &rng))
        }
        for x in values {
            for y in values.prefix(60) {
                #expect(ProvenanceOrder.decimalTextLess(x, y) == (String(x) < String(y)), "\(x) \(y)")
                #expect(ProvenanceOrder.decimalTextLess(y, x) == (String(y) < String(x)), "\(y) \(x)")
            }
        }
    }

    @Test func textIsFileOrFileColonLine() {
        #expect(ProvenanceOrder.text(file: "a.jsonl", line: nil) == "a.jsonl")
        #expect(ProvenanceOrder.text(file: "a.jsonl", line: 42) == "a.jsonl:42")
    }
}
