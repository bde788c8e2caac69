@testable import Emit
import PipelineCore
import Testing

@Suite struct DecimalTextTests {
    /// The byte formatter the writers use must give exactly `Cell.formatFixed`'s text, for every kind of value.
    @Test func fixedBytesEqualFormatFixed() {
        var generator = SeededGenerator(seed: 10)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.05, -0.04999, 1.005, 2.675, 999.9999, -999.99995, 1e17, -1e17, 8.9e18, 1e19,
                                .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 123_456_789.123_456_789,
                                0.0005, 0.00049999, 1e-12, -1e-12, 9.9e18, 0.125, 0.9999995, -7.0, 1.25, -1.25]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...12, using: &generator)
            values.append(Double.random(in: -1...1, using: &generator) * pow10(magnitude))
        }
        for value in values {
            for places in 0...9 {
                var bytes: [UInt8] = []
                DecimalText.appendFixed(value, places: places, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == Cell.formatFixed(value, places: places), "\(value) places \(places)")
            }
        }
    }

    /// The renderers pass constant `places` through `ByteCursor.fixed` (inlined into them, where the optimiser may
    /// specialise on the constant): the text at each constant is `Cell.formatFixed`'s, as with a run-time one.
    @Test func constantPlacesAtTheCallSiteGiveTheSameText() {
        var generator = SeededGenerator(seed: 12)
        var values: [Double] = [0, -0.0, 0.05, -0.04999, 1.005, 2.675, 0.9999995, 0.00049999, 9.9e18, 1e19, .nan, -.infinity]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1...1, using: &generator) * pow10(Double.random(in: -6...12, using: &generator)))
        }
        var written: [UInt8] = [], expected: [UInt8] = [], scratch: [UInt8] = []
        ByteCursor.rendering(into: &written, bound: 64 * values.count, scratch: &scratch) { cursor in
            for value in values {
                cursor.fixed(value, places: 0); cursor.byte(32)
                cursor.fixed(value, places: 1); cursor.byte(32)
                cursor.fixed(value, places: 3); cursor.byte(32)
                cursor.fixed(value, places: 4); cursor.byte(32)
                cursor.fixed(value, places: 6); cursor.byte(10)
            }
        }
        for value in values {
            expected += Array([0, 1, 3, 4, 6].map { Cell.formatFixed(value, places: $0) }.joined(separator: " ").utf8) + [10]
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func nestedListsAndObjectsRenderAsTheirText() {
        let cell = Cell.list([.string("a,b"), .fixed(1.25, places: 1), .list([.id(7), .null]), .object([.init("k", .string("v\""))])])
        var table = Table(name: "t", columns: ["x"])
        table.append([cell])
        #expect(CSVWriter.text(of: cell) == "a,b;1.3;7;;{\"k\":\"v\\\"\"}")
        #expect(String(decoding: CSVWriter.render(table), as: UTF8.self) == "x\r\n\"a,b;1.3;7;;{\"\"k\"\":\"\"v\\\"\"\"\"}\"\r\n")
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let whole = Int(exponent.rounded(.down))
        for _ in 0..<abs(whole) { result = whole < 0 ? result / 10 : result * 10 }
        return result * (1 + exponent - exponent.rounded(.down))
    }
}
