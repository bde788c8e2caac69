import Emit

/// A pipeline file (`Pipelines/*.yml`), validated. Paths are as written (relative to the working directory).
public struct PipelineDefinition: Sendable, Equatable {
    public var name: String
    public var input: String
    public var output: String
    public var locations: String?
    public var formats: [TableFormat]
    /// 0 = one worker per core.
    public var threads: Int
    /// Enabled stages, in execution order, with their options.
    public var stages: [StageName: StageOptions]
    /// Replace whatever sits at `output`, even if it is not a previous output of this tool.
    public var force: Bool
    /// Publish even when the run read nothing usable (otherwise the previous output is kept).
    public var allowEmpty: Bool
    /// Normalize's memory limit and spill directory (`memory_limit_mb`, `spill_dir`).
    public var spill = SpillSettings()

    public enum StageName: String, Sendable, CaseIterable, Comparable {
        case fetch, normalize, pair, match, lobby, trade

        public static func < (lhs: StageName, rhs: StageName) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public init(name: String, input: String, output: String, locations: String? = nil, formats: [TableFormat] = TableFormat.allCases,
                threads: Int = 0, stages: [StageName: StageOptions] = [.normalize: StageOptions()], force: Bool = false,
                allowEmpty: Bool = false) {
        self.name = name
        self.input = input
        self.output = output
        self.locations = locations
        self.formats = formats
        self.threads = threads
        self.stages = stages
        self.force = force
        self.allowEmpty = allowEmpty
    }

    public func has(_ stage: StageName) -> Bool { stages[stage] != nil }
}
