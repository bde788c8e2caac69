import Synchronization

/// One string per (app, spelling) for a whole dataset, shared by every partition's resolve, so that all rows
/// of an app hold the same name storage, not one copy per partition (64 at the default partitioning).
/// Besides the memory, that lets a writer render each name once and recognise it by its storage
/// (`PlayerGamesRowRenderer`). Names are matched by their UTF-8 bytes (`SharedRowValues.sameBytes`), so
/// which partition's copy becomes the shared one never changes a value.
public final class GameNameCatalogue: Sendable {
    private let spellings = Mutex<[UInt32: [String]]>([:])

    public init() {}

    /// The catalogue's string for `appID` with the bytes of `name`; `name` itself when it is the first.
    func share(_ name: String, appID: UInt32) -> String {
        spellings.withLock { table in
            if let held = table[appID]?.first(where: { SharedRowValues.sameBytes($0, name) }) { return held }
            table[appID, default: []].append(name)
            return name
        }
    }
}
