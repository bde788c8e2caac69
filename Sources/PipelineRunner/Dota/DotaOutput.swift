import Dota
import PipelineCore
import PlayerModel

/// The hook that puts Dota 2 data into a run's output: the five Dota tables (streamed), and the Dota columns
/// and reasons on `pairings` when the pair stage ran. Nothing when no Dota document was read.
enum DotaOutput {
    /// `playerIDs`: the normalized dataset's steamids.
    static func extend(_ tables: inout [StreamedTable], with dota: DotaDataset?, playerIDs: [UInt64]) {
        guard let dota else { return }
        if tables.contains(where: { $0.name == "pairings" }) {
            DotaPairingNotes.annotate(&tables, dataset: dota, players: playerIDs)
        }
        tables += DotaTables.streamedTables(for: dota)
    }
}
