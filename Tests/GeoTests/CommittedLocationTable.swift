import Foundation
import Geo

/// The committed `Data/reference/steam-locations.csv`, parsed once for all tests.
enum CommittedLocationTable {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../Data/reference/steam-locations.csv")
        .standardized
    static let readmeURL = url.deletingLastPathComponent().appendingPathComponent("README.md")

    static let table: Result<LocationTable, any Error> = Result {
        try LocationTable(csv: try Data(contentsOf: url))
    }

    static func load() throws -> LocationTable { try table.get() }
}
