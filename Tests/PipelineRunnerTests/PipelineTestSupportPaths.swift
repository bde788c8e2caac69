import Foundation
import PipelineTestSupport

enum PipelineTestSupportPaths {
    static var root: URL { RepositoryPaths.root() }
}
