import PipelineCore
import PlayerModel
import XMLPullReader

/// The state one XML input is decoded with: the pull reader, where diagnostics go, and small helpers that
/// read a child element's value and report bad values with the element's line and path.
///
/// The decoders are recursive descent over `XMLPullReader` events: a decoder is called just after its
/// element's `start` and consumes everything through its `end`. `nextChild()` returns `nil` at that end, and
/// also when the read failed (`isBroken`), so every loop unwinds on malformed input.
final class XMLDecodingContext {
    let reader: XMLPullReader
    let file: String
    let diagnostics: any DiagnosticSink
    /// The owner implied by where the input came from (directory or envelope).
    let expectedOwner: SteamID64?

    init(reader: XMLPullReader, file: String, diagnostics: any DiagnosticSink, expectedOwner: SteamID64?) {
        self.reader = reader
        self.file = file
        self.diagnostics = diagnostics
        self.expectedOwner = expectedOwner
    }

    /// True once the reader failed or ended inside an element.
    private(set) var isBroken = false

    /// Readies the context for a new input given to `reader`.
    func beginInput() {
        isBroken = false
        holdsDiagnostics = false
        held.removeAll()
    }

    /// Inside an element: the next child element (positioned at its `start`), or `nil` at the element's end.
    @inline(__always) func nextChild() -> SteamXMLElement? {
        switch reader.next() {
        case .start: return SteamXMLElement(token: reader.token)
        case .end: return nil
        case .finished, .failed:
            isBroken = true
            return nil
        }
    }

    /// At a child's `start`: consumes it. Unknown and unneeded elements go through here.
    @inline(__always) func skip() {
        if !reader.skipElement() { isBroken = true }
    }

    /// At a child's `start`: consumes it and hands its trimmed text to `body`. `nil` when the element held
    /// child elements instead of text (a format this decoder does not know) or the read failed.
    @inline(__always) func leaf<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard reader.skipElement() else {
            isBroken = true
            return nil
        }
        if reader.hadChildElements { return nil }
        return reader.withText(body)
    }

    /// At a child's `start`: its text, `nil` when empty (an empty CDATA means "not set").
    func text() -> String? {
        leaf { bytes in bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) } ?? nil
    }

    /// At a child's `start`: a non-negative integer; a `value.invalid` warning and `nil` when unparseable.
    func integer() -> Int? {
        parsed(SteamXMLValue.integer, what: "an integer")
    }

    /// At a child's `start`: decimal hours as minutes; a `value.invalid` warning and `nil` when unparseable.
    func minutes() -> Int? {
        parsed(SteamXMLValue.minutes(fromHours:), what: "decimal hours")
    }

    /// At a child's `start`: `0`/`1`; a `value.invalid` warning and `nil` otherwise.
    func flag() -> Bool? {
        parsed(SteamXMLValue.flag, what: "0 or 1")
    }

    /// Parses a leaf value. Empty text is "not given" (no warning); anything unparseable warns.
    func parsed<T>(_ parse: (UnsafeBufferPointer<UInt8>) -> T?, what: String) -> T? {
        let outcome: Parsed<T>? = leaf { bytes in
            if bytes.isEmpty { return .empty }
            if let value = parse(bytes) { return .value(value) }
            return .invalid(String(decoding: bytes, as: UTF8.self))
        }
        switch outcome {
        case .value(let value)?: return value
        case .invalid(let text)?:
            warning("value.invalid", "\(reader.name) '\(clip(text))' is not \(what); left empty")
            return nil
        case .empty?, nil: return nil
        }
    }

    /// At a child's `start`: a SteamID64 with the element's line. Empty and invalid texts are told apart
    /// but not reported: the caller knows whether the id is essential.
    func steamID() -> IDField<SteamID64> {
        idField { SteamXMLValue.unsigned64($0).flatMap(SteamID64.init(rawValue:)) }
    }

    /// At a child's `start`: a GroupID64 with the element's line.
    func groupID() -> IDField<GroupID64> {
        idField { SteamXMLValue.unsigned64($0).flatMap(GroupID64.init(rawValue:)) }
    }

    private func idField<ID>(_ parse: (UnsafeBufferPointer<UInt8>) -> ID?) -> IDField<ID> {
        let outcome: Parsed<ID>? = leaf { bytes in
            if bytes.isEmpty { return .empty }
            if let id = parse(bytes) { return .value(id) }
            return .invalid(String(decoding: bytes, as: UTF8.self))
        }
        switch outcome {
        // A valid id keeps only its line: building the path for every id would cost more than the id.
        case .value(let id)?: return .valid(id, SourceLocation(file: file, line: reader.line))
        case .invalid(let text)?: return .invalid(text, location())
        case .empty?: return .empty(location())
        case nil: return isBroken ? .absent : .empty(location())
        }
    }

    /// At an element's `end`: its own text as a SteamID64 (the bare `<friend>7656…</friend>` form).
    func steamIDFromText() -> IDField<SteamID64> {
        let outcome: Parsed<SteamID64> = reader.withText { bytes in
            if bytes.isEmpty { return .empty }
            if let id = SteamXMLValue.unsigned64(bytes).flatMap(SteamID64.init(rawValue:)) { return .value(id) }
            return .invalid(String(decoding: bytes, as: UTF8.self))
        }
        switch outcome {
        case .value(let id): return .valid(id, SourceLocation(file: file, line: reader.line))
        case .invalid(let text): return .invalid(text, location())
        case .empty: return .empty(location())
        }
    }

    /// Settles a document's owner from its `steamID64`: an empty or invalid id, or one that differs from the
    /// owner implied by the origin, rejects the document (reported here). A missing id falls back to the
    /// origin's owner; `required` documents (profiles) are rejected when there is neither.
    /// Call at the root's `end`, so that `location()` is the root.
    func resolveOwner(_ field: IDField<SteamID64>, required: Bool) -> OwnerResolution {
        switch field {
        case .valid(let id, let at):
            if let expectedOwner, expectedOwner != id {
                error("document.ownerMismatch",
                      "document is about \(id) but its origin says \(expectedOwner); document skipped", at: at)
                return .rejected
            }
            return .owner(id)
        case .empty(let at):
            error("xml.missingSteamID64", "empty steamID64; document skipped", at: at)
            return .rejected
        case .invalid(let text, let at):
            error("steamid.invalid", "'\(clip(text))' is not a valid SteamID64; document skipped", at: at)
            return .rejected
        case .absent:
            if let expectedOwner { return .owner(expectedOwner) }
            if required {
                error("xml.missingSteamID64", "<\(reader.name)> has no steamID64 and its origin names no owner; document skipped")
                return .rejected
            }
            return .owner(nil)
        }
    }

    /// The current element's location (line and path).
    func location() -> SourceLocation {
        SourceLocation(file: file, line: reader.line, path: reader.path)
    }

    func warning(_ code: String, _ message: String, at location: SourceLocation? = nil) {
        emit(.warning(code, message, at: location ?? self.location()))
    }

    func error(_ code: String, _ message: String, at location: SourceLocation? = nil) {
        emit(.error(code, message, at: location ?? self.location()))
    }

    /// When set, diagnostics wait in `held` until `releaseHeld()`: a bundle child's diagnostics are held
    /// until it ends, so that a child cut off by an error is dropped with its diagnostics (only the error is
    /// reported).
    var holdsDiagnostics = false
    private var held: [Diagnostic] = []

    private func emit(_ diagnostic: Diagnostic) {
        if holdsDiagnostics { held.append(diagnostic) } else { diagnostics.emit(diagnostic) }
    }

    func releaseHeld() {
        for diagnostic in held { diagnostics.emit(diagnostic) }
        held.removeAll()
    }

    func dropHeld() { held.removeAll() }

    /// Reports an id that is not valid for `what` (`steamid.invalid` / `groupid.invalid`).
    func reportInvalid<ID>(_ field: IDField<ID>, code: String, what: String, consequence: String) {
        switch field {
        case .invalid(let text, let at):
            error(code, "'\(clip(text))' is not a valid \(what); \(consequence)", at: at)
        case .empty(let at):
            error(code, "empty \(what); \(consequence)", at: at)
        case .valid, .absent:
            break
        }
    }

    /// Shortens a value quoted in a message.
    func clip(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }

    private enum Parsed<T> {
        case value(T)
        case empty
        case invalid(String)
    }
}
