import Emit
import Pairing
import PipelineCore
import Yams

/// Reads and validates a pipeline file. Unknown keys, wrong types and bad values are errors that
/// point at their line (`Pipelines/default.yml:7: error: unknown key 'kk' in stage 'pair' [pipeline.unknownKey]`).
public enum PipelineDefinitionLoader {
    static let topLevelKeys: Set<String> = ["name", "input", "output", "locations", "formats", "threads", "stages", "force", "allow_empty", "memory_limit_mb", "spill_dir"]

    public static func load(yaml text: String, file: String, defaultName: String) throws -> PipelineDefinition {
        var problems: [Diagnostic] = []
        func fail(_ code: String, _ message: String, _ node: Node?) {
            problems.append(.error(code, message, at: SourceLocation(file: file, line: node?.mark?.line ?? 1)))
        }

        if let aliasKey = YAMLAliasGuard.firstAliasKey(in: text) {
            throw PipelineDefinitionError(diagnostics: [.error("pipeline.aliasKey", "an alias (*\(aliasKey.name)) used as a mapping key is not allowed",
                                                               at: SourceLocation(file: file, line: aliasKey.line))])
        }
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw PipelineDefinitionError(diagnostics: [.error("pipeline.empty", "pipeline file is empty", at: SourceLocation(file: file, line: 1))])
            }
            root = composed
        } catch let error as YamlError {
            throw PipelineDefinitionError(diagnostics: [yamlDiagnostic(error, file: file)])
        }
        guard let mapping = root.mapping else {
            throw PipelineDefinitionError(diagnostics: [.error("pipeline.notMapping", "a pipeline file is a mapping of keys (name, input, stages, …)",
                                                               at: SourceLocation(file: file, line: root.mark?.line ?? 1))])
        }

        var name = defaultName, input: String?, output: String?, locations: String?
        var formats = TableFormat.allCases, threads = 0, force = false, allowEmpty = false
        var stages: [PipelineDefinition.StageName: StageOptions] = [:]
        var spill = SpillSettings()

        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                fail("pipeline.badKey", "keys must be plain strings", keyNode)
                continue
            }
            switch key {
            case "name":
                if let s = scalarString(value), isSafeName(s) { name = s } else {
                    fail("pipeline.badValue", "'name' must be a simple name (letters, digits, '-', '_', '.')", value)
                }
            case "input": if let s = scalarString(value) { input = s } else { fail("pipeline.badValue", "'input' must be a path", value) }
            case "output": if let s = scalarString(value) { output = s } else { fail("pipeline.badValue", "'output' must be a path", value) }
            case "locations": if let s = scalarString(value) { locations = s } else { fail("pipeline.badValue", "'locations' must be a path", value) }
            case "threads":
                if let n = value.int, OptionRanges.threads.contains(n) { threads = n } else {
                    fail("pipeline.outOfRange", "'threads' must be \(OptionRanges.threads.text) (0 = all cores)", value)
                }
            case "memory_limit_mb":
                if let n = value.int, OptionRanges.memoryLimitMB.contains(n) { spill.memoryLimitMB = n } else {
                    fail("pipeline.outOfRange", "'memory_limit_mb' must be \(OptionRanges.memoryLimitMB.text) (0 = no limit)", value)
                }
            case "spill_dir":
                if let s = scalarString(value) { spill.directory = s } else { fail("pipeline.badValue", "'spill_dir' must be a path", value) }
            case "force":
                if let b = value.bool { force = b } else { fail("pipeline.badValue", "'force' must be true or false", value) }
            case "allow_empty":
                if let b = value.bool { allowEmpty = b } else { fail("pipeline.badValue", "'allow_empty' must be true or false", value) }
            case "formats":
                let items = value.sequence?.compactMap(scalarString) ?? scalarString(value).map { [$0] } ?? []
                let parsed = items.compactMap(TableFormat.init(rawValue:))
                if parsed.isEmpty || parsed.count != items.count {
                    fail("pipeline.badValue", "'formats' must list csv and/or jsonl", value)
                } else {
                    formats = TableFormat.allCases.filter(parsed.contains)
                }
            case "stages":
                stages = parseStages(value, fail: fail)
            default:
                fail("pipeline.unknownKey", "unknown key '\(key)' (known: \(topLevelKeys.sorted().joined(separator: ", ")))", keyNode)
            }
        }
        if input == nil { fail("pipeline.missingKey", "missing key 'input' (the dataset directory)", root) }
        if stages.isEmpty, mapping["stages"] == nil { stages = [.normalize: StageOptions()] }
        guard problems.isEmpty, let input else { throw PipelineDefinitionError(diagnostics: problems) }
        var definition = PipelineDefinition(name: name, input: input, output: output ?? "Output/\(name)", locations: locations,
                                            formats: formats, threads: threads, stages: stages, force: force, allowEmpty: allowEmpty)
        definition.spill = spill
        return definition
    }

    private static func parseStages(_ node: Node, fail: (String, String, Node?) -> Void) -> [PipelineDefinition.StageName: StageOptions] {
        guard let mapping = node.mapping else {
            fail("pipeline.badValue", "'stages' must be a mapping of stage name to options (normalize, pair, match, lobby, trade)", node)
            return [:]
        }
        var stages: [PipelineDefinition.StageName: StageOptions] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, let stage = PipelineDefinition.StageName(rawValue: key) else {
                fail("pipeline.unknownStage", "unknown stage '\(keyNode.string ?? "?")' (known: \(PipelineDefinition.StageName.allCases.map(\.rawValue).joined(separator: ", ")))", keyNode)
                continue
            }
            let spec = StageOptionSpec.spec(for: stage)
            var options = StageOptions()
            if case .scalar(let scalar) = value, scalar.string.isEmpty || scalar.string == "null" || scalar.string == "~" {
                stages[stage] = options
                continue
            }
            guard let optionMapping = value.mapping else {
                fail("pipeline.badValue", "options of stage '\(key)' must be a mapping (or empty)", value)
                continue
            }
            for (optionKey, optionValue) in optionMapping {
                guard let name = optionKey.string, let kind = spec.keys[name] else {
                    let known = spec.keys.keys.sorted().joined(separator: ", ")
                    fail("pipeline.unknownKey", "unknown key '\(optionKey.string ?? "?")' in stage '\(key)' (known: \(known.isEmpty ? "none" : known))", optionKey)
                    continue
                }
                if let parsed = parseValue(optionValue, kind) {
                    if let range = OptionRanges.stageKeys[stage]?[name],
                       let problem = OptionRanges.message(key: name, stage: key, range: range, value: parsed) {
                        fail("pipeline.outOfRange", problem, optionValue)
                        continue
                    }
                    options.values[name] = parsed
                } else {
                    fail("pipeline.badValue", "'\(name)' in stage '\(key)' must be a \(kind.rawValue)", optionValue)
                }
            }
            if stage == .lobby {
                for message in LobbyStageOptions.problems(options) { fail("pipeline.badValue", message, value) }
            }
            if stage == .fetch {
                for message in FetchStageOptions.problems(options) { fail("pipeline.badValue", message, value) }
            }
            if stage == .trade, let problem = OptionRanges.loopLengthProblem(options.int("max_loop_length"),
                                                                              name: "'max_loop_length' in stage 'trade'") {
                fail("pipeline.outOfRange", problem, value)
            }
            stages[stage] = options
        }
        return stages
    }

    private static func parseValue(_ node: Node, _ kind: StageOptionSpec.Kind) -> StageOptions.Value? {
        switch kind {
        case .int: return node.int.map { .int($0) }
        case .nonNegativeInt: return node.int.flatMap { $0 >= 0 ? .int($0) : nil }
        case .positiveInt: return node.int.flatMap { $0 > 0 ? .int($0) : nil }
        case .double: return node.float.flatMap { $0.isFinite ? .double($0) : nil }
        case .nonNegativeDouble: return node.float.flatMap { $0.isFinite && $0 >= 0 ? .double($0) : nil }
        case .bool: return node.bool.map { .bool($0) }
        case .string: return scalarString(node).map { .string($0) }
        case .gameWeighting: return scalarString(node).flatMap { GameWeighting(rawValue: $0) != nil ? .string($0) : nil }
        case .strings:
            guard let items = node.sequence else { return nil }
            let strings = items.compactMap(scalarString)
            return strings.count == items.count ? .strings(strings) : nil
        }
    }

    private static func scalarString(_ node: Node) -> String? {
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty else { return nil }
        return scalar.string
    }

    private static func isSafeName(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0) }
            && !s.hasPrefix(".")
    }

    private static func yamlDiagnostic(_ error: YamlError, file: String) -> Diagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return .error("pipeline.yaml", "YAML: \(problem)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        default:
            return .error("pipeline.yaml", "YAML: \(error)", at: SourceLocation(file: file, line: 1))
        }
    }
}
