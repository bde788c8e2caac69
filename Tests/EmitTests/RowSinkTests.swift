import Emit
import PipelineCore
import Testing

/// Rows given field by field to `CSVRowSink` / `JSONLinesRowSink` render to the same bytes as the same rows
/// as cells through `CSVWriter` / `JSONLinesWriter` (what keeps the sink-rendered dataset tables byte-identical).
@Suite struct RowSinkTests {
    static let strings = ["plain", "", "comma, here", "quote \" here", "line\nbreak", "cr\rhere", "tab\there", "ctl \u{1}",
                          "back\\slash", "semi;colon", "ünïcödé ●", "a string longer than fifteen bytes"]

    static let table: Table = {
        var table = Table(name: "t", columns: ["id", "s", "n", "x", "b", "list", "cell", "empty"])
        var generator = SeededGenerator(seed: 5)
        for i in 0..<400 {
            let pick = { (n: Int) in Int.random(in: 0..<n, using: &generator) }
            let list = (0..<pick(4)).map { _ in Cell.string(strings[pick(strings.count)]) }
            table.append([
                i % 7 == 0 ? .null : .id(UInt64.random(in: 0...UInt64.max, using: &generator)),
                i % 5 == 0 ? .null : .string(strings[pick(strings.count)]),
                .int(Int64.random(in: Int64.min...Int64.max, using: &generator) >> pick(64)),
                i % 3 == 0 ? .null : .fixed(Double.random(in: -1e6...1e6, using: &generator), places: pick(10)),
                i % 4 == 0 ? .null : .bool(i % 2 == 0),
                .list(list),
                .object([.init("k", list.first ?? .null), .init("v", .list([.int(Int64(i)), .fixed(0.5, places: 0)]))]),
                .list([]),
            ])
        }
        return table
    }()

    static func feed(_ row: [Cell], to sink: any RowFieldSink) {
        for cell in row {
            switch cell {
            case .null: sink.null()
            case .string(let s): sink.string(s)
            case .int(let i): sink.int(i)
            case .id(let i): sink.id(i)
            case .bool(let b): sink.bool(b)
            case .fixed(let d, let places): sink.fixed(d, places: places)
            case .list(let items):
                let texts = items.compactMap { item -> String? in if case .string(let s) = item { s } else { nil } }
                if texts.count == items.count { sink.strings(texts) } else { sink.cell(cell) }
            case .object: sink.cell(cell)
            }
        }
        sink.endRow()
    }

    @Test func csvSinkEqualsTheCellWriter() {
        let sink = CSVRowSink()
        CSVWriter.appendHeader(Self.table.columns, to: &sink.bytes)
        for row in Self.table.rows { Self.feed(row, to: sink) }
        #expect(sink.bytes == CSVWriter.render(Self.table))
        #expect(sink.rows == Self.table.rows.count)
    }

    @Test func jsonLinesSinkEqualsTheCellWriter() {
        let sink = JSONLinesRowSink(columns: Self.table.columns)
        for row in Self.table.rows { Self.feed(row, to: sink) }
        #expect(sink.bytes == JSONLinesWriter.render(Self.table))
        #expect(sink.rows == Self.table.rows.count)
    }

    @Test func cellSinkCollectsTheSameRows() {
        let sink = CellRowSink()
        for row in Self.table.rows { Self.feed(row, to: sink) }
        #expect(sink.rows == Self.table.rows)
    }
}
