import Foundation
import PipelineSpec

extension SpillSettings {
    /// The ingestor with this limit and spill directory set (`directory` resolved by `resolve`).
    func configure(_ ingestor: DatasetIngestor, resolve: (String) -> URL) -> DatasetIngestor {
        var ingestor = ingestor
        if memoryLimitMB > 0 { ingestor.memoryLimit = memoryLimitMB << 20 }
        ingestor.spillParent = directory.map(resolve)
        return ingestor
    }
}
