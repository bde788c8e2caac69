import PlayerModel
import Synchronization

/// Game library columns handed from the run to the pair stage once: whoever takes them is their only holder (the
/// stage passes them on to pairing, whose prepared population keeps its own form of them and lets them go), so
/// they are not held beside that population for the rest of the run.
final class ColumnsHandoff: Sendable {
    private let columns: Mutex<GameLibraryColumns?>

    init(_ columns: consuming GameLibraryColumns) { self.columns = Mutex(columns) }

    /// The columns, the first time; nil after.
    func take() -> GameLibraryColumns? {
        columns.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
