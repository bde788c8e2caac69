import Testing
@testable import Report

@Suite struct DensityGridTests {
    @Test func positionsFallInTheirCells() {
        var grid = DensityGrid(cellDegrees: 2)
        grid.add(latitude: 47.61, longitude: -122.2)   // Seattle: row (90−47.61)/2 = 21, column (−122.2+180)/2 = 28
        grid.add(latitude: 47.0, longitude: -123.9)     // same cell
        grid.add(latitude: -90, longitude: 180)         // the corner clamps into the last cell
        grid.add(latitude: nil, longitude: 3)
        grid.add(latitude: 91, longitude: 0)
        #expect(grid.located == 3)
        #expect(grid.unlocated == 2)
        let cells = grid.occupiedCells
        #expect(cells.count == 2)
        #expect(cells[0].row == 21 && cells[0].column == 28 && cells[0].count == 2)
        #expect(grid.corner(row: 21, column: 28) == (latitude: 46, longitude: -124))
        #expect(cells[1].row == 89 && cells[1].column == 179)
    }
}
