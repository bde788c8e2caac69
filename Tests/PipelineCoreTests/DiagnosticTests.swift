import Testing
import PipelineCore

@Suite struct DiagnosticTests {
    @Test func rendersCompilerStyle() {
        let d = Diagnostic.error("xml.mismatchedTag", "Opening and ending tag mismatch", at: SourceLocation(file: "players/1/p.xml", line: 4))
        #expect(d.description == "players/1/p.xml:4: error: Opening and ending tag mismatch [xml.mismatchedTag]")
        #expect(Diagnostic.warning("x.y", "no location").description == "warning: no location [x.y]")
    }

    @Test func logSortsAndDeduplicates() {
        let log = DiagnosticLog()
        let b = Diagnostic.error("b", "second", at: SourceLocation(file: "b.json", line: 1))
        let a = Diagnostic.error("a", "first", at: SourceLocation(file: "a.json", line: 9))
        log.emit(b); log.emit(a); log.emit(b)
        #expect(log.sorted() == [a, b])
        #expect(log.hasErrors)
        #expect(log.count(.warning) == 0)
    }
}
