/// One trade loop drawn as a cycle: its traders on a circle, an arrow from each giver to its receiver labelled
/// with the game sent. Ids are shortened to their last six digits on the drawing; tooltips carry them whole.
public enum LoopGraphSVG {
    public static func render(_ hops: [TradeFigures.Hop], number: Int) -> String {
        let size = 300.0
        let centre = size / 2
        let radius = hops.count <= 2 ? 80.0 : 95.0
        let count = max(1, hops.count)
        func position(_ i: Int) -> (Double, Double) {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(count)
            return (centre + radius * cosine(angle), centre + radius * sine(angle))
        }
        var svg = "<svg viewBox=\"0 0 300 300\" class=\"square\" role=\"img\" aria-label=\"Trade loop \(number)\">"
        for (i, hop) in hops.enumerated() {
            let (x1, y1) = position(i)
            let target = hops.firstIndex { $0.giver == hop.receiver } ?? (i + 1) % count
            let (x2, y2) = position(target)
            let dx = x2 - x1
            let dy = y2 - y1
            let length = max(1, (dx * dx + dy * dy).squareRoot())
            let (ux, uy) = (dx / length, dy / length)
            let (sx, sy) = (x1 + ux * 16, y1 + uy * 16)
            let (ex, ey) = (x2 - ux * 18, y2 - uy * 18)
            let head = [(ex, ey), (ex - ux * 9 - uy * 5, ey - uy * 9 + ux * 5), (ex - ux * 9 + uy * 5, ey - uy * 9 - ux * 5)]
            let title = "\(HTMLText.escape(hop.giver)) sends \(HTMLText.escape(hop.item)) to \(HTMLText.escape(hop.receiver))"
            svg += "<g><title>\(title)</title>"
            svg += "<line class=\"edge\" x1=\"\(f(sx))\" y1=\"\(f(sy))\" x2=\"\(f(ex))\" y2=\"\(f(ey))\"/>"
            svg += "<polygon class=\"head\" points=\"" + head.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ") + "\"/>"
            let (mx, my) = ((x1 + x2) / 2 - uy * 12, (y1 + y2) / 2 + ux * 12)
            svg += "<text x=\"\(f(mx))\" y=\"\(f(my))\" text-anchor=\"middle\" class=\"small item\">\(HTMLText.escape(BarChartSVG.truncated(hop.item, 22)))</text></g>"
        }
        for (i, hop) in hops.enumerated() {
            let (x, y) = position(i)
            svg += "<g><title>\(HTMLText.escape(hop.giver))</title><circle class=\"node\" cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"14\"/>"
            svg += "<text x=\"\(f(x))\" y=\"\(f(y + 4))\" text-anchor=\"middle\" class=\"small\">\(HTMLText.escape(String(hop.giver.suffix(6))))</text></g>"
        }
        return svg + "</svg>"
    }

    private static func f(_ x: Double) -> String { NumberText.fixed(x, 1) }

    // Angles are multiples of 2π/n for small n; a short series is plenty for drawing and keeps the module free
    // of libm, whose last-bit results may differ between platforms (the page must be the same bytes everywhere).
    static func sine(_ x: Double) -> Double {
        var angle = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if angle > Double.pi { angle -= 2 * Double.pi }
        if angle < -Double.pi { angle += 2 * Double.pi }
        var term = angle
        var sum = angle
        for n in 1...12 {
            term *= -angle * angle / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}
