import Testing
import PipelineCore

@Suite struct CellTests {
    @Test(arguments: [
        (1.25, 1, "1.3"), (0.0, 3, "0.000"), (-0.0004, 3, "0.000"), (-2.5, 0, "-3"), (12.3456, 1, "12.3"), (47.61, 5, "47.61000"),
    ])
    func fixedFormatting(value: Double, places: Int, expected: String) {
        #expect(Cell.formatFixed(value, places: places) == expected)
    }

    @Test func seededGeneratorIsReproducible() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        let xs = (0..<5).map { _ in a.next() }, ys = (0..<5).map { _ in b.next() }
        #expect(xs == ys)
        #expect(Set(xs).count == 5)
    }
}
