import Foundation
import Geo

/// A latitude/longitude grid of roughly square cells (`cellKm` tall; each row has as many columns as fit
/// its circumference). Cells are keyed `row << 32 | column`. `cells(near:radiusKm:)` returns every cell
/// that may hold a point within the radius of any point of a given cell (conservative, never misses).
struct GeoGrid: Sendable {
    let rowHeightDegrees: Double
    let rows: Int
    let columnsInRow: [Int]

    init(cellKm: Double) {
        let kmPerDegree = GeoPoint.earthRadiusKm * .pi / 180
        let height = max(0.01, min(180, cellKm / kmPerDegree))
        rowHeightDegrees = height
        rows = Int((180 / height).rounded(.up))
        columnsInRow = (0..<rows).map { r in
            let centre = -90 + (Double(r) + 0.5) * height
            return max(1, Int((360 * cos(centre * .pi / 180) / height).rounded(.down)))
        }
    }

    func row(latitude: Double) -> Int { min(rows - 1, max(0, Int(((latitude + 90) / rowHeightDegrees).rounded(.down)))) }

    func column(row: Int, longitude: Double) -> Int {
        let n = columnsInRow[row]
        return min(n - 1, max(0, Int(((longitude + 180) / 360 * Double(n)).rounded(.down))))
    }

    func key(latitude: Double, longitude: Double) -> UInt64 {
        let r = row(latitude: latitude)
        return UInt64(r) << 32 | UInt64(column(row: r, longitude: longitude))
    }

    /// Column ranges (row, first…last, possibly wrapping as two ranges) that may hold points within
    /// `radiusKm` of any point of `cell`.
    func neighbourRanges(of cell: UInt64, radiusKm: Double) -> [(row: Int, columns: ClosedRange<Int>)] {
        let r = Int(cell >> 32), c = Int(cell & 0xFFFF_FFFF)
        let radiusDegrees = (radiusKm + 1) / (GeoPoint.earthRadiusKm * .pi / 180)
        let latMin = -90 + Double(r) * rowHeightDegrees, latMax = latMin + rowHeightDegrees
        let lowRow = row(latitude: max(-90, latMin - radiusDegrees))
        let highRow = row(latitude: min(90, latMax + radiusDegrees))
        let n = columnsInRow[r]
        let lonMin = -180 + Double(c) * 360 / Double(n), lonMax = -180 + Double(c + 1) * 360 / Double(n)
        // Longitude half-width of a cap of this radius centred at the block's most poleward latitude.
        let poleward = max(abs(latMin), abs(latMax))
        var halfWidth = 360.0
        let angular = (radiusKm + 1) / GeoPoint.earthRadiusKm
        if poleward + radiusDegrees < 89.9, angular < .pi / 2 {
            let s = sin(angular) / cos(poleward * .pi / 180)
            if s < 1 { halfWidth = asin(s) * 180 / .pi }
        }
        var out: [(Int, ClosedRange<Int>)] = []
        for rr in lowRow...highRow {
            let m = columnsInRow[rr]
            if halfWidth >= 180 {
                out.append((rr, 0...(m - 1)))
                continue
            }
            let from = lonMin - halfWidth, to = lonMax + halfWidth
            if to - from >= 360 { out.append((rr, 0...(m - 1))); continue }
            func col(_ lon: Double) -> Int { min(m - 1, max(0, Int(((lon + 180) / 360 * Double(m)).rounded(.down)))) }
            if from < -180 {
                out.append((rr, 0...col(to)))
                out.append((rr, col(from + 360)...(m - 1)))
            } else if to > 180 {
                out.append((rr, col(from)...(m - 1)))
                out.append((rr, 0...col(to - 360)))
            } else {
                out.append((rr, col(from)...col(to)))
            }
        }
        return out
    }
}
