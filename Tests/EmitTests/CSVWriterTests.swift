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
}
