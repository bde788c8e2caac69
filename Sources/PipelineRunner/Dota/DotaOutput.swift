import Dota
import PipelineCore
import PlayerModel

/// The hook that puts Dota 2 data into a run's output: the five Dota tables (streamed), and the Dota columns
/// and reasons on `pairings` when the pair stage ran. Nothing when no Dota document was read.
enum DotaOutput {
    /// The steamids `extend` needs of an ingest's dataset (none without Dota documents), taken before a run's later
    /// stages take the dataset over.
    static func playerIDs(of ingested: DatasetIngestor.Result) -> [UInt64] {
        ingested.dota == nil ? [] : ingested.dataset.players.map(\.steamID.rawValue)
    }

    /// `playerIDs`: the normalized dataset's steamids (`playerIDs(of:)`).
    static func extend(_ tables: inout [StreamedTable], with dota: DotaDataset?, playerIDs: [UInt64]) {
        guard let dota else { return }
        if tables.contains(where: { $0.name == "pairings" }) {
            DotaPairingNotes.annotate(&tables, dataset: dota, players: playerIDs)
        }
        tables += DotaTables.streamedTables(for: dota)
    }
}
