@testable import Emit
import PipelineCore
import Testing

@Suite struct ByteCursorTests {
    /// Pieces written through the cursor give the same bytes as the array appends they replace: short and long byte
    /// runs (the word-copy path and memmove), integers at every digit count, fixed decimals, booleans and literals.
    @Test func piecesEqualArrayAppends() {
        var generator = SeededGenerator(seed: 21)
        var expected: [UInt8] = [], written: [UInt8] = [], scratch: [UInt8] = []
        for round in 0..<400 {
            var pieces: [(inout ByteCursor, inout [UInt8]) -> Void] = []
            let length = Int(generator.next() % 90)
            let run = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            pieces.append { c, a in c.bytes(run); a += run }
            let shift = UInt64(generator.next() % 64)
            let integer = generator.next() >> shift
            pieces.append { c, a in c.decimal(integer); a += Array(String(integer).utf8) }
            let signed = Int(truncatingIfNeeded: generator.next()) >> Int(shift)
            pieces.append { c, a in c.decimal(signed); a += Array(String(signed).utf8) }
            let value = (Double(generator.next() % 2_000_000) - 1_000_000) / Double(1 << (generator.next() % 20))
            let places = Int(generator.next() % 10)
            pieces.append { c, a in c.fixed(value, places: places); a += Array(Cell.formatFixed(value, places: places).utf8) }
            let flag = generator.next() % 2 == 0
            pieces.append { c, a in c.bool(flag); a += Array((flag ? "true" : "false").utf8) }
            pieces.append { c, a in c.literal(#"","favorite_them":"#); a += Array(#"","favorite_them":"#.utf8) }
            pieces.append { c, a in c.byte(UInt8(round % 256)); a.append(UInt8(round % 256)) }
            ByteCursor.rendering(into: &written, bound: 512, scratch: &scratch) { cursor in
                for piece in pieces { piece(&cursor, &expected) }
            }
        }
        #expect(written == expected)
    }

    @Test func integersAtEveryDigitCount() {
        var values: [UInt64] = [0, 9, 10, 99, 100, 101, UInt64.max, UInt64.max - 1, 76_561_197_960_435_530]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            var bytes: [UInt8] = []
            DecimalText.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    /// A scratch smaller than the bound is grown; a piece past the bound traps instead of writing past the memory.
    @Test func growsScratchAndTrapsPastTheBound() async {
        var out: [UInt8] = [], scratch: [UInt8] = [1]
        ByteCursor.rendering(into: &out, bound: 100, scratch: &scratch) { cursor in
            for _ in 0..<100 { cursor.byte(UInt8(ascii: "x")) }
        }
        #expect(out == [UInt8](repeating: UInt8(ascii: "x"), count: 100))
        #expect(scratch.count >= 100)
        await #expect(processExitsWith: .failure) {
            var out: [UInt8] = [], scratch: [UInt8] = []
            ByteCursor.rendering(into: &out, bound: 4, scratch: &scratch) { cursor in cursor.literal("longer than four") }
        }
    }
}
