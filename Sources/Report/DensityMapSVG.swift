/// The density map: one rectangle per occupied grid cell on an equirectangular projection (x = longitude,
/// y = −latitude, one SVG unit per degree), shaded on a square-root scale, each with its count in a tooltip.
public enum DensityMapSVG {
    public static func render(_ grid: DensityGrid) -> String {
        let cells = grid.occupiedCells
        let maxCount = max(1, cells.map(\.count).max() ?? 1)
        var svg = "<svg viewBox=\"0 0 360 180\" class=\"map\" role=\"img\" aria-label=\"Player density map\">"
        svg += "<rect class=\"sea\" x=\"0\" y=\"0\" width=\"360\" height=\"180\"/>"
        for longitude in stride(from: 30, to: 360, by: 30) {
            svg += "<line class=\"grid\" x1=\"\(longitude)\" y1=\"0\" x2=\"\(longitude)\" y2=\"180\"/>"
        }
        for latitude in stride(from: 30, to: 180, by: 30) {
            svg += "<line class=\"grid\" x1=\"0\" y1=\"\(latitude)\" x2=\"360\" y2=\"\(latitude)\"/>"
        }
        let d = grid.cellDegrees
        for cell in cells {
            let level = shade(cell.count, max: maxCount)
            let corner = grid.corner(row: cell.row, column: cell.column)
            svg += "<rect class=\"d\(level)\" x=\"\(cell.column * d)\" y=\"\(cell.row * d)\" width=\"\(d)\" height=\"\(d)\">"
            svg += "<title>lat \(corner.latitude)…\(corner.latitude + d), lon \(corner.longitude)…\(corner.longitude + d): "
            svg += "\(NumberText.grouped(cell.count)) player\(cell.count == 1 ? "" : "s")</title></rect>"
        }
        return svg + "</svg>"
    }

    /// 1…5 on a square-root scale of `count` against the densest cell.
    static func shade(_ count: Int, max maxCount: Int) -> Int {
        guard maxCount > 1 else { return 5 }
        let ratio = (Double(count).squareRoot() - 1) / (Double(maxCount).squareRoot() - 1)
        return 1 + min(4, Int(ratio * 5))
    }
}
