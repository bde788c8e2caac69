import Foundation

/// Where the shipped Steam location table (`Data/reference/steam-locations.csv`) is found when no
/// `--locations` is given. Searched in order, first readable file wins:
/// 1. `$STEAM_MATE_DATA/steam-locations.csv`;
/// 2. next to the executable: `steam-locations.csv`, then `../share/steam-mate/steam-locations.csv`;
/// 3. the repository: `Data/reference/steam-locations.csv` in the current directory or any parent of it, then
///    in any parent of the executable's directory (so `swift run` and `.build/release/steam-mate` find it).
/// An installed binary therefore needs the table copied next to it (or `STEAM_MATE_DATA`); the table is
/// not embedded (3.3 MB of CSV as Swift source would slow every build).
public enum ShippedLocationTable {
    public static let fileName = "steam-locations.csv"
    public static let repositoryPath = "Data/reference/steam-locations.csv"
    public static let environmentVariable = "STEAM_MATE_DATA"

    /// The candidate paths, in search order.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: URL? = Bundle.main.executableURL,
                                  currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> [URL] {
        var urls: [URL] = []
        if let data = environment[environmentVariable], !data.isEmpty {
            urls.append(URL(fileURLWithPath: data).appendingPathComponent(fileName))
        }
        let executableDirectory = executable?.resolvingSymlinksInPath().deletingLastPathComponent()
        if let dir = executableDirectory {
            urls.append(dir.appendingPathComponent(fileName))
            urls.append(dir.deletingLastPathComponent().appendingPathComponent("share/steam-mate").appendingPathComponent(fileName))
        }
        for start in [currentDirectory, executableDirectory].compactMap({ $0?.standardizedFileURL }) {
            var dir = start
            while true {
                urls.append(dir.appendingPathComponent(repositoryPath))
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path || dir.path == "/" { break }
                dir = parent
            }
        }
        return urls
    }

    /// The first candidate that exists, if any.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL,
                              currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL? {
        candidates(environment: environment, executable: executable, currentDirectory: currentDirectory)
            .first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// What a `locations` setting means: `nil` → the shipped table (nil when none is found), `"none"` → no table,
    /// anything else → that path.
    public static func effectivePath(_ setting: String?) -> String? {
        switch setting {
        case nil: return locate()?.path
        case "none"?: return nil
        case let path?: return path
        }
    }

    /// The warning given when the shipped table was wanted but not found.
    public static let notFoundMessage = "no location table found (searched $\(environmentVariable), next to the executable, "
        + "and \(repositoryPath) above the current directory); players keep no coordinates: pass --locations PATH"
}
