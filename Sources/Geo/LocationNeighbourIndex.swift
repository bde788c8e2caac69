import Foundation

/// Finds, for a point and a radius, the indexed locations within it. Built once per run from the distinct
/// locations present in a dataset; results are member indices (positions in the `points` array given to `init`)
/// in ascending order, so output is deterministic.
///
/// Layout: members with `accuracyKm ≤ wideAccuracyKm` are counting-sorted into a lat/lon grid of
/// `cellDegrees`-sized cells; members with a larger accuracy (country- and big state-level locations) are kept in a
/// short list that every query scans. A query visits the grid rows in its latitude band and, per row, the columns
/// in the longitude half-width `asin(sin θ / cos φ)` of the spherical cap (the whole row when the cap reaches a
/// pole), then tests each candidate exactly with one dot product.
public struct LocationNeighbourIndex: Sendable {
    public let points: [GeoPoint]
    public let accuracyKm: [Double]
    private let vectors: [UnitVector]
    private let cellDegrees: Double
    private let rows: Int
    private let columns: Int
    /// `cellStart[c] ..< cellStart[c + 1]` is the range of `cellMembers` in cell `c = row * columns + column`.
    private let cellStart: [Int32]
    private let cellMembers: [Int32]
    /// Members kept out of the grid because of their large accuracy, ascending.
    private let wideMembers: [Int32]
    /// The largest accuracy among grid members (widens conservative queries).
    private let gridMaxAccuracyKm: Double

    /// - Parameters:
    ///   - points: the distinct locations.
    ///   - accuracyKm: one radius per point for the conservative queries; nil means 0 for all. Must have
    ///     `points.count` entries (a programming error otherwise).
    ///   - cellDegrees: grid cell size in degrees (0.5° ≈ 55 km of latitude).
    ///   - wideAccuracyKm: members less accurate than this are scanned linearly instead of gridded.
    public init(points: [GeoPoint], accuracyKm: [Double]? = nil, cellDegrees: Double = 0.5, wideAccuracyKm: Double = 100) {
        precondition(accuracyKm == nil || accuracyKm!.count == points.count, "one accuracy per point")
        precondition(cellDegrees > 0 && cellDegrees <= 180, "cellDegrees in (0, 180]")
        self.points = points
        // A negative or non-finite accuracy counts as 0.
        self.accuracyKm = (accuracyKm ?? Array(repeating: 0, count: points.count)).map { $0.isFinite && $0 > 0 ? $0 : 0 }
        self.vectors = points.map(\.unitVector)
        self.cellDegrees = cellDegrees
        let rows = Int((180 / cellDegrees).rounded(.up))
        let columns = Int((360 / cellDegrees).rounded(.up))
        self.rows = rows
        self.columns = columns

        var cellOf = [Int](repeating: -1, count: points.count)
        var counts = [Int32](repeating: 0, count: rows * columns + 1)
        var wide: [Int32] = []
        var gridMax = 0.0
        var gridded = 0
        for i in points.indices {
            // A point without finite coordinates is never within any distance (its dot products are NaN).
            guard points[i].latitude.isFinite, points[i].longitude.isFinite else { continue }
            let accuracy = self.accuracyKm[i]
            if accuracy > wideAccuracyKm {
                wide.append(Int32(i))
                continue
            }
            gridMax = max(gridMax, accuracy)
            let cell = Self.row(of: points[i].latitude, cellDegrees: cellDegrees, rows: rows) * columns
                + Self.column(of: points[i].longitude, cellDegrees: cellDegrees, columns: columns)
            cellOf[i] = cell
            counts[cell + 1] += 1
            gridded += 1
        }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        var fill = counts
        var members = [Int32](repeating: 0, count: gridded)
        for i in points.indices where cellOf[i] >= 0 {
            members[Int(fill[cellOf[i]])] = Int32(i)
            fill[cellOf[i]] += 1
        }
        self.cellStart = counts
        self.cellMembers = members
        self.wideMembers = wide
        self.gridMaxAccuracyKm = gridMax
    }

    /// Builds the index over resolved locations, using their accuracies.
    public init(locations: [ResolvedLocation], cellDegrees: Double = 0.5, wideAccuracyKm: Double = 100) {
        self.init(
            points: locations.map(\.point), accuracyKm: locations.map(\.accuracyKm), cellDegrees: cellDegrees,
            wideAccuracyKm: wideAccuracyKm)
    }

    public var count: Int { points.count }

    /// Members whose point is within `radiusKm` of `point` (great-circle, `p·q ≥ cos(radius/R)`), ascending.
    public func neighbours(of point: GeoPoint, withinKm radiusKm: Double) -> [Int] {
        let q = point.unitVector
        let threshold = UnitVector.cosine(ofKm: radiusKm)
        var out: [Int] = []
        visitGrid(around: point, radiusKm: radiusKm) { i in
            if q.dot(vectors[i]) >= threshold { out.append(i) }
        }
        for w in wideMembers where q.dot(vectors[Int(w)]) >= threshold { out.append(Int(w)) }
        out.sort()
        return out
    }

    /// Members that may be within `capKm` of a location at `point` with accuracy `accuracyKm`, by the conservative
    /// rule `distance − accuracyKm − accuracy_member ≤ capKm` (see `ResolvedLocation.mayBeWithin`), ascending.
    public func neighbours(of point: GeoPoint, accuracyKm: Double, mayBeWithinKm capKm: Double) -> [Int] {
        let q = point.unitVector
        var out: [Int] = []
        visitGrid(around: point, radiusKm: capKm + accuracyKm + gridMaxAccuracyKm) { i in
            if q.dot(vectors[i]) >= UnitVector.cosine(ofKm: capKm + accuracyKm + self.accuracyKm[i]) { out.append(i) }
        }
        for w in wideMembers {
            let i = Int(w)
            if q.dot(vectors[i]) >= UnitVector.cosine(ofKm: capKm + accuracyKm + self.accuracyKm[i]) { out.append(i) }
        }
        out.sort()
        return out
    }

    /// The conservative neighbours of member `index` itself (including `index`), ascending.
    public func neighbours(ofMember index: Int, mayBeWithinKm capKm: Double) -> [Int] {
        neighbours(of: points[index], accuracyKm: accuracyKm[index], mayBeWithinKm: capKm)
    }

    /// Calls `body` with every grid member in the cells that can hold a point within `radiusKm` of `point`.
    private func visitGrid(around point: GeoPoint, radiusKm: Double, _ body: (Int) -> Void) {
        guard !cellMembers.isEmpty, point.latitude.isFinite, point.longitude.isFinite, !radiusKm.isNaN else { return }
        let theta = min(radiusKm, .pi * GeoPoint.earthRadiusKm) / GeoPoint.earthRadiusKm  // angular radius
        let phi = point.latitude * .pi / 180
        let thetaDegrees = theta * 180 / .pi
        // One extra cell of margin on every side absorbs floating-point error at cell borders.
        let lowRow = max(0, Self.row(of: point.latitude - thetaDegrees, cellDegrees: cellDegrees, rows: rows) - 1)
        let highRow = min(rows - 1, Self.row(of: point.latitude + thetaDegrees, cellDegrees: cellDegrees, rows: rows) + 1)
        var allColumns = phi + theta >= .pi / 2 || phi - theta <= -.pi / 2
        var halfWidthDegrees = 180.0
        if !allColumns {
            let s = sin(theta) / cos(phi)
            if s >= 1 { allColumns = true } else { halfWidthDegrees = asin(s) * 180 / .pi }
        }
        let columnSpan: Int
        let firstColumn: Int
        if allColumns || 2 * halfWidthDegrees + 2 * cellDegrees >= 360 {
            firstColumn = 0
            columnSpan = columns
        } else {
            firstColumn = Self.column(of: point.longitude - halfWidthDegrees, cellDegrees: cellDegrees, columns: columns) - 1
            let lastColumn = Self.column(of: point.longitude + halfWidthDegrees, cellDegrees: cellDegrees, columns: columns) + 1
            columnSpan = min(columns, ((lastColumn - firstColumn) % columns + columns) % columns + 1)
        }
        for row in lowRow...highRow {
            for step in 0..<columnSpan {
                let column = ((firstColumn + step) % columns + columns) % columns
                let cell = row * columns + column
                var m = Int(cellStart[cell])
                let end = Int(cellStart[cell + 1])
                while m < end {
                    body(Int(cellMembers[m]))
                    m += 1
                }
            }
        }
    }

    private static func row(of latitude: Double, cellDegrees: Double, rows: Int) -> Int {
        let clamped = min(90, max(-90, latitude))
        return min(rows - 1, max(0, Int(((clamped + 90) / cellDegrees).rounded(.down))))
    }

    /// The column of a longitude, wrapped into [-180, 180).
    private static func column(of longitude: Double, cellDegrees: Double, columns: Int) -> Int {
        var wrapped = longitude.truncatingRemainder(dividingBy: 360)
        if wrapped < -180 { wrapped += 360 }
        if wrapped >= 180 { wrapped -= 360 }
        return min(columns - 1, max(0, Int(((wrapped + 180) / cellDegrees).rounded(.down))))
    }
}
