/// The exposure Lorenz curve against the line of perfect equality, as inline SVG.
public enum LorenzChartSVG {
    public static func render(_ curve: ExposureCurve) -> String {
        let size = 300
        let pad = 36
        func x(_ share: Double) -> String { NumberText.fixed(Double(pad) + share * Double(size - 2 * pad), 1) }
        func y(_ share: Double) -> String { NumberText.fixed(Double(size - pad) - share * Double(size - 2 * pad), 1) }
        let points = curve.lorenzPoints()
        var svg = "<svg viewBox=\"0 0 \(size) \(size)\" class=\"square\" role=\"img\" aria-label=\"Exposure Lorenz curve\">"
        svg += "<rect class=\"frame\" x=\"\(pad)\" y=\"\(pad)\" width=\"\(size - 2 * pad)\" height=\"\(size - 2 * pad)\"/>"
        svg += "<line class=\"equal\" x1=\"\(x(0))\" y1=\"\(y(0))\" x2=\"\(x(1))\" y2=\"\(y(1))\"><title>perfect equality</title></line>"
        svg += "<polyline class=\"curve\" points=\"" + points.map { "\(x($0.players)),\(y($0.appearances))" }.joined(separator: " ")
        svg += "\"><title>Gini \(NumberText.fixed(curve.gini, 4))</title></polyline>"
        for point in points.enumerated() where point.offset > 0 && point.offset % 4 == 0 {
            let p = point.element
            svg += "<circle class=\"dot\" cx=\"\(x(p.players))\" cy=\"\(y(p.appearances))\" r=\"3\"><title>"
            svg += "\(NumberText.fixed(p.players * 100, 0)) % of players hold \(NumberText.fixed(p.appearances * 100, 1)) % of appearances</title></circle>"
        }
        svg += "<text x=\"\(size / 2)\" y=\"\(size - 8)\" text-anchor=\"middle\" class=\"small\">share of players (least exposed first)</text>"
        svg += "<text x=\"12\" y=\"\(size / 2)\" text-anchor=\"middle\" class=\"small\" transform=\"rotate(-90 12 \(size / 2))\">share of appearances</text>"
        svg += "<text x=\"\(pad + 6)\" y=\"\(pad + 16)\">Gini \(NumberText.fixed(curve.gini, 4))</text>"
        return svg + "</svg>"
    }
}
