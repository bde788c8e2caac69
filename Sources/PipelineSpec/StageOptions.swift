/// The options of one stage, as validated scalars. Each stage declares the keys it accepts
/// (`StageOptionSpec`); the loader rejects unknown keys and wrong types with `file:line`.
public struct StageOptions: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case int(Int)
        case double(Double)
        case bool(Bool)
        case string(String)
        case strings([String])
    }

    public var values: [String: Value]

    public init(_ values: [String: Value] = [:]) { self.values = values }

    public func int(_ key: String) -> Int? {
        if case .int(let v) = values[key] { return v }
        return nil
    }

    public func double(_ key: String) -> Double? {
        switch values[key] {
        case .double(let v): return v
        case .int(let v): return Double(v)
        default: return nil
        }
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let v) = values[key] { return v }
        return nil
    }

    public func string(_ key: String) -> String? {
        if case .string(let v) = values[key] { return v }
        return nil
    }

    public func strings(_ key: String) -> [String]? {
        if case .strings(let v) = values[key] { return v }
        return nil
    }
}

/// What a stage accepts: key → kind, with a one-line description used in error messages and the README.
public struct StageOptionSpec: Sendable {
    public enum Kind: String, Sendable {
        case int = "integer"
        case nonNegativeInt = "non-negative integer"
        case positiveInt = "positive integer"
        case double = "number"
        case nonNegativeDouble = "non-negative number"
        case bool = "true or false"
        case string = "string"
        case strings = "list of strings"
        case gameWeighting = "game weighting (binary, log_hours or bm25_hours)"
    }

    public var keys: [String: Kind]

    public init(_ keys: [String: Kind]) { self.keys = keys }

    /// The stage options each stage understands.
    public static func spec(for stage: PipelineDefinition.StageName) -> StageOptionSpec {
        switch stage {
        case .fetch: FetchStageOptions.spec
        case .normalize: StageOptionSpec([:])
        case .pair: PairStageOptions.spec
        case .match: StageOptionSpec([:])
        case .trade: TradeStageOptions.spec
        case .lobby: LobbyStageOptions.spec
        }
    }
}
