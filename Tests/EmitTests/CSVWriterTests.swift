import Emit
import PipelineCore
import Testing

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhenNeededAndEndsLinesWithCRLF() {
        var table = Table(name: "t", columns: ["id", "name", "note", "n", "ok", "x", "tags"])
        table.append([.id(76_561_197_960_435_530), .string("Robin, \"the\" Walker"), .string("line1\nline2"), .int(-3), .bool(true),
                      .fixed(47.610_15, places: 3), .list([.int(570), .int(730)])])
        table.append([.null, .string(""), .string("plain"), .int(0), .bool(false), .null, .list([])])
        let text = String(decoding: CSVWriter.render(table), as: UTF8.self)
        #expect(text == "id,name,note,n,ok,x,tags\r\n"
            + "76561197960435530,\"Robin, \"\"the\"\" Walker\",\"line1\nline2\",-3,true,47.610,570;730\r\n"
            + ",,plain,0,false,,\r\n")
    }

    @Test func nonASCIIAndHTMLPassThroughUnchanged() {
        var table = Table(name: "t", columns: ["name"])
        table.append([.string("C.Α.™ ● Hakuna-Matata. <br />")])
        #expect(String(decoding: CSVWriter.render(table), as: UTF8.self) == "name\r\nC.Α.™ ● Hakuna-Matata. <br />\r\n")
    }

    /// A field from contiguous bytes (copied in spans) equals the byte-by-byte path and RFC 4180's rule, for texts
    /// with quotes at the ends, doubled, adjacent to commas and line breaks, and none at all.
    @Test func contiguousFieldsEqualTheByteByBytePath() {
        var generator = SeededGenerator(seed: 12)
        let alphabet: [UInt8] = Array("ab ,\"\r\n;é".utf8)
        var texts: [[UInt8]] = [[], Array("\"".utf8), Array("\"\"".utf8), Array("a\"".utf8), Array("\"a".utf8), Array("plain".utf8)]
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 12)
            texts.append((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for text in texts {
            var contiguous: [UInt8] = [], generic: [UInt8] = []
            CSVWriter.appendField(utf8: text, to: &contiguous)
            CSVWriter.appendField(utf8: text.lazy.map { $0 }, to: &generic)  // not contiguous: the byte-by-byte path
            let special = text.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            let expected = special ? [UInt8(ascii: "\"")] + text.flatMap { $0 == UInt8(ascii: "\"") ? [$0, $0] : [$0] } + [UInt8(ascii: "\"")] : text
            #expect(contiguous == expected, "\(text)")
            #expect(generic == expected, "\(text)")
        }
    }
}
