import ArgumentParser
import Foundation
import PipelineRunner

/// `steam-mate show STEAMID OUT`: one player's view of an output directory.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one player from an output directory: profile, pairings with reasons, matches, trades, Dota 2 summary and weekly progress.",
        discussion: "Exit status: 0 printed, 1 the player is in no table of the output, 2 not an output directory."
    )

    @Argument(help: "The player's SteamID64.")
    var steamID: String

    @Argument(help: "An output directory of `run` or `convert` (e.g. Output/default).")
    var out: String

    func validate() throws {
        guard steamID.count == 17, steamID.allSatisfy(\.isASCIIDigit) else { throw ValidationError("STEAMID must be a 17-digit SteamID64") }
    }

    func run() throws {
        do {
            print(try PlayerView(steamID: steamID, outputDirectory: URL(fileURLWithPath: out)).render(), terminator: "")
        } catch let failure as PlayerView.Failure {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
            if case .notAnOutputDirectory = failure { throw ExitCode(ExitStatus.definitionError.rawValue) }
            throw ExitCode(ExitStatus.inputErrors.rawValue)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
