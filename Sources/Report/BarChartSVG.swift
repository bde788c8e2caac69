/// Bar charts as inline SVG. Every bar carries its label and value in a `<title>` tooltip, and the value is
/// printed beside it, so the numbers are on the page and not only in the picture.
public enum BarChartSVG {
    /// Horizontal bars, one row per entry (for long labels: kinds, reasons, games). Empty input draws nothing.
    public static func horizontal(_ bars: [NamedCount], label: String) -> String {
        guard !bars.isEmpty else { return "<p class=\"empty\">No data.</p>" }
        let row = 22
        let height = bars.count * row + 8
        let maxValue = max(1, bars.map(\.count).max() ?? 1)
        let labelWidth = 180
        let plot = 250
        var svg = "<svg viewBox=\"0 0 520 \(height)\" class=\"hbar\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">"
        for (i, bar) in bars.enumerated() {
            let y = 4 + i * row
            let width = bar.count == 0 ? 0 : max(1, bar.count * plot / maxValue)
            let name = HTMLText.escape(bar.name)
            svg += "<g><title>\(name): \(NumberText.grouped(bar.count))</title>"
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 15)\" text-anchor=\"end\">\(HTMLText.escape(truncated(bar.name, 25)))</text>"
            svg += "<rect class=\"bar\" x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(width)\" height=\"\(row - 6)\"/>"
            svg += "<text x=\"\(labelWidth + width + 5)\" y=\"\(y + 15)\">\(NumberText.grouped(bar.count))</text></g>"
        }
        return svg + "</svg>"
    }

    /// Vertical bars for a histogram whose bins have short labels, drawn left to right in the given order.
    public static func vertical(_ bars: [NamedCount], label: String, highlight: Set<Int> = []) -> String {
        guard !bars.isEmpty else { return "<p class=\"empty\">No data.</p>" }
        let width = 420
        let top = 18
        let plotHeight = 150
        let left = 8
        let slot = Double(width - 2 * left) / Double(bars.count)
        let maxValue = max(1, bars.map(\.count).max() ?? 1)
        let labelEvery = max(1, (bars.count + 11) / 12)
        // Labels wider than their slot are slanted so neighbours do not overlap.
        let slanted = bars.contains { $0.name.count * 5 > Int(slot) * labelEvery }
        var svg = "<svg viewBox=\"0 0 \(width) \(top + plotHeight + (slanted ? 62 : 26))\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">"
        svg += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(width - left)\" y2=\"\(top + plotHeight)\"/>"
        for (i, bar) in bars.enumerated() {
            let h = bar.count == 0 ? 0 : max(1, bar.count * plotHeight / maxValue)
            let x = Double(left) + Double(i) * slot
            let name = HTMLText.escape(bar.name)
            let cls = highlight.contains(i) ? "bar alt" : "bar"
            svg += "<g><title>\(name): \(NumberText.grouped(bar.count))</title>"
            svg += "<rect class=\"\(cls)\" x=\"\(NumberText.fixed(x + slot * 0.1, 1))\" y=\"\(top + plotHeight - h)\" width=\"\(NumberText.fixed(slot * 0.8, 1))\" height=\"\(h)\"/>"
            let centre = NumberText.fixed(x + slot / 2, 1)
            if bars.count <= 16 {
                svg += "<text x=\"\(centre)\" y=\"\(top + plotHeight - h - 4)\" text-anchor=\"middle\" class=\"small\">\(NumberText.grouped(bar.count))</text>"
            }
            if i % labelEvery == 0 {
                let y = top + plotHeight + 14
                svg += slanted
                    ? "<text x=\"\(centre)\" y=\"\(y)\" text-anchor=\"end\" class=\"small\" transform=\"rotate(-35 \(centre) \(y))\">\(name)</text>"
                    : "<text x=\"\(centre)\" y=\"\(y)\" text-anchor=\"middle\" class=\"small\">\(name)</text>"
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }

    static func truncated(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
