import Dota
import PipelineCore

/// The hook that puts Dota 2 data into a run's output: the five Dota tables, and the Dota columns and
/// reasons on `pairings` when the pair stage ran. Nothing when no Dota document was read.
enum DotaOutput {
    static func extend(_ tables: inout [StreamedTable], with dota: DotaDataset?) {
        guard let dota else { return }
        DotaPairingNotes.annotate(&tables, dataset: dota)
        tables += DotaTables.tables(for: dota).map { StreamedTable($0) }
    }
}
