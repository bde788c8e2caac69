import ArgumentParser
import Pairing
import SyntheticData

/// `--game-weighting binary|log_hours|bm25_hours`.
extension GameWeighting: ExpressibleByArgument {}

/// `--libraries real|classic`.
extension LibraryMix: ExpressibleByArgument {}
