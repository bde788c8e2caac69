/// Where the players are: counts on an equirectangular grid of `cellDegrees`° cells (no map tiles), plus the
/// players without a position. Memory is one integer per cell whatever the population.
public struct DensityGrid: Sendable, Equatable {
    public let cellDegrees: Int
    public let columns: Int
    public let rows: Int
    public private(set) var counts: [Int]
    public private(set) var located = 0
    public private(set) var unlocated = 0

    public init(cellDegrees: Int = 2) {
        precondition(cellDegrees > 0 && 180 % cellDegrees == 0, "cells must tile the globe")
        self.cellDegrees = cellDegrees
        columns = 360 / cellDegrees
        rows = 180 / cellDegrees
        counts = Array(repeating: 0, count: columns * rows)
    }

    /// Counts a player at latitude/longitude in degrees; a missing or out-of-range position counts as unlocated.
    public mutating func add(latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite,
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            unlocated += 1
            return
        }
        let column = min(columns - 1, Int((longitude + 180) / Double(cellDegrees)))
        let row = min(rows - 1, Int((90 - latitude) / Double(cellDegrees)))
        counts[row * columns + column] += 1
        located += 1
    }

    /// Non-empty cells in row-major order (north to south, west to east).
    public var occupiedCells: [(row: Int, column: Int, count: Int)] {
        counts.indices.compactMap { i in counts[i] > 0 ? (i / columns, i % columns, counts[i]) : nil }
    }

    /// The cell's south-west corner in degrees (latitude, longitude).
    public func corner(row: Int, column: Int) -> (latitude: Int, longitude: Int) {
        (90 - (row + 1) * cellDegrees, column * cellDegrees - 180)
    }
}
