import CYaml

/// Finds an alias used inside a mapping key, before Yams composes the document: Yams hashes every key to
/// check for duplicates, and a key built from nested aliases (a "billion laughs" key) expands
/// exponentially and hangs the run. Aliases as values are fine (Yams shares the node). The scan reads
/// libyaml's event stream, which does not expand aliases, so it is linear in the text.
enum YAMLAliasGuard {
    struct Found: Equatable {
        var name: String
        /// 1-based.
        var line: Int
    }

    private struct Frame {
        var isMapping: Bool
        var nextIsKey: Bool
        var insideKey: Bool
    }

    /// The first alias that is (part of) a mapping key, or nil. Syntax errors return nil: the composer
    /// reports them with their position.
    static func firstAliasKey(in text: String) -> Found? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Found? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var frames: [Frame] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let type = event.type
                if type == YAML_STREAM_END_EVENT { return nil }
                if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT {
                    frames.removeLast()
                    continue
                }
                guard type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT || type == YAML_SEQUENCE_START_EVENT
                    || type == YAML_MAPPING_START_EVENT else { continue }
                var insideKey = frames.last?.insideKey ?? false
                if let top = frames.indices.last, frames[top].isMapping {
                    insideKey = insideKey || frames[top].nextIsKey
                    frames[top].nextIsKey.toggle()
                }
                if type == YAML_ALIAS_EVENT, insideKey {
                    let name = event.data.alias.anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "?"
                    return Found(name: name, line: Int(event.start_mark.line) + 1)
                }
                if type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT {
                    frames.append(Frame(isMapping: type == YAML_MAPPING_START_EVENT, nextIsKey: true, insideKey: insideKey))
                }
            }
        }
    }
}
