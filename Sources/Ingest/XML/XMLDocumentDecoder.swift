import PipelineCore
import PlayerModel
import XMLPullReader

/// Decodes Steam Community XML: `<profile>`, `<gamesList>`, `<friendsList>`, `<memberList>` and
/// `<response><error>` (steam-formats §1a–1d), one input at a time, streaming through `XMLPullReader`.
///
/// **Bundles.** A root element that is not a Steam root (any name, e.g. `<profiles>`) is read as a bundle:
/// each child element that is a Steam root is decoded as its own document, whose origin gets the child's
/// start line (`origin.line`, so `provenance` is `file:line`). Documents are emitted as each child ends,
/// so memory stays flat however big the file. Children that are not Steam roots are skipped (one
/// `xml.unknownBundleEntry` warning counts them); a root with no Steam child at all is `xml.unknownRoot`.
/// ```xml
/// <profiles>
///   <profile><steamID64>76561197985077150</steamID64>…</profile>
///   <gamesList><steamID64>76561197985077150</steamID64><games>…</games></gamesList>
/// </profiles>
/// ```
/// A single (non-bundle) document is emitted only once the whole input has been read without error. When
/// libxml2 stops at a malformed spot in a bundle, documents already emitted stand, the one in progress is
/// dropped, and the error is reported with libxml2's message and line; nothing after it can be read.
///
/// **Diagnostics** (all with file, line and usually the element path):
/// - reader: `xml.malformed`, `xml.encoding`, `xml.doctype`, `input.empty`, `xml.unreadable`;
/// - documents (error, document dropped): `xml.unknownRoot`, `xml.missingSteamID64` (empty or, for a
///   profile with no origin owner, missing), `steamid.invalid`, `document.ownerMismatch` (the document's id
///   differs from `origin.owner`), `xml.missingGroupID64`, `groupid.invalid` (member list);
/// - entries (error, the entry is dropped, the document stands): `steamid.invalid` (friend, member),
///   `groupid.invalid` / `xml.missingGroupID64` (profile group), `appid.invalid` (game);
/// - values (warning, the field is left `nil`): `value.invalid` (numbers, flags, dates, privacy state);
/// - `xml.unknownBundleEntry` (warning).
public enum XMLDocumentDecoder {
    /// A whole small file held in memory.
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        var documents: [IngestedDocument] = []
        decode(.bytes(bytes), origin: origin, diagnostics: diagnostics) { documents.append($0) }
        return documents
    }

    /// Streams a file from disk; a bundle (a wrapper root holding many Steam documents) yields one
    /// document per child, handed to `emit` as soon as it is complete.
    public static func decodeFile(path: String, origin: DocumentOrigin, diagnostics: some DiagnosticSink,
                                  emit: (IngestedDocument) -> Void) {
        decode(.file(path), origin: origin, diagnostics: diagnostics, emit: emit)
    }

    private enum Input {
        case bytes([UInt8])
        case file(String)
    }

    /// Reads `input`. When a bundle stops at a malformed spot, the documents of the children that ended
    /// before it have been emitted (the reader delivers every element that ended before an error).
    /// `carried`: what earlier pieces of a bundle read in pieces have already delivered (their children are
    /// skipped here).
    private static func decode(_ input: Input, origin: DocumentOrigin, diagnostics: any DiagnosticSink,
                               carried: XMLBundleTally = XMLBundleTally(), emit: (IngestedDocument) -> Void) {
        readers.withReader { reader in
            let context = XMLDecodingContext(reader: reader, file: origin.file, diagnostics: diagnostics,
                                             expectedOwner: origin.owner)
            let outcome = opened(reader, input) {
                decodeOpened(context, origin: origin, carried: carried, emit: emit)
            }
            if case .bundleStopped(let tally, let failure) = outcome {
                reportBundleFailure(failure, emitted: tally.emitted, file: origin.file, diagnostics: diagnostics)
            }
        }
    }

    private static let readers = XMLReaderPool()

    /// Reads a bundle file from its start after its first pieces (`XMLBundleLayout`) were decoded and
    /// delivered (`delivered`, their tallies absorbed in order) and the next piece did not parse cleanly: the
    /// children those pieces held are skipped, the rest is decoded and reported as `decodeFile` would.
    public static func decodeFile(path: String, origin: DocumentOrigin, diagnostics: some DiagnosticSink,
                                  resumingAfter delivered: XMLBundleTally, emit: (IngestedDocument) -> Void) {
        decode(.file(path), origin: origin, diagnostics: diagnostics, carried: delivered, emit: emit)
    }

    /// Decodes one piece of a bundle (`XMLBundleLayout`: header, bytes from one cut to the next, trailer);
    /// `lineOffset` is added to every line the piece reports, so that lines are the file's. Returns the piece's tally when it parsed cleanly to its end, nil when it did not (then
    /// its documents and diagnostics must be dropped and the file read whole, see
    /// `decodeFile(path:origin:diagnostics:resumingAfter:emit:)`). The bundle's closing diagnostics are not
    /// reported here but by `reportBundleEnd` once every piece is in.
    public static func decodeBundlePiece(bytes: [UInt8], lineOffset: Int, origin: DocumentOrigin,
                                         diagnostics: some DiagnosticSink, emit: (IngestedDocument) -> Void) -> XMLBundleTally? {
        readers.withReader { reader in
            reader.read(bytes: bytes, lineOffset: lineOffset) { reader -> XMLBundleTally? in
                let context = XMLDecodingContext(reader: reader, file: origin.file, diagnostics: diagnostics,
                                                 expectedOwner: origin.owner)
                context.beginInput()
                guard reader.next() == .start, !SteamXMLElement(token: reader.token).isDocumentRoot else { return nil }
                var tally = XMLBundleTally()
                tally.root = XMLBundleTally.NamedLocation(name: reader.name, location: context.location())
                let clean = decodeChildren(context, origin: origin, skippingChildren: 0, tally: &tally, emit: emit)
                return clean ? tally : nil
            }
        }
    }

    private static func opened<R>(_ reader: XMLPullReader, _ input: Input, _ body: () -> R) -> R {
        switch input {
        case .bytes(let bytes):
            return reader.read(bytes: bytes) { _ in body() }
        case .file(let path):
            reader.open(path: path)
            return body()
        }
    }

    private enum Outcome {
        case done
        /// A bundle stopped at a malformed spot after `tally.childrenDone` children (`tally.emitted` documents
        /// so far); not reported yet.
        case bundleStopped(XMLBundleTally, failure: XMLReadError)
    }

    /// Decodes the input `context.reader` has just been given.
    private static func decodeOpened(_ context: XMLDecodingContext, origin: DocumentOrigin, carried: XMLBundleTally,
                                     emit: (IngestedDocument) -> Void) -> Outcome {
        let reader = context.reader
        context.beginInput()
        switch reader.next() {
        case .start: break
        case .finished:
            context.error("input.empty", "no root element", at: SourceLocation(file: origin.file, line: 1))
            return .done
        case .failed, .end:
            report(failure(of: reader), context)
            return .done
        }
        let root = SteamXMLElement(token: reader.token)
        guard !root.isDocumentRoot else {
            let document = decodeDocument(root, context)
            switch reader.next() {
            case .finished:
                if let document { emit(IngestedDocument(origin: origin, content: document)) }
            default:
                report(failure(of: reader), context)
            }
            return .done
        }
        var tally = carried
        tally.root = XMLBundleTally.NamedLocation(name: reader.name, location: context.location())
        let skipping = carried.childrenDone
        tally.childrenDone = 0
        tally.childrenByName = [:]
        guard decodeChildren(context, origin: origin, skippingChildren: skipping, tally: &tally, emit: emit) else {
            return .bundleStopped(tally, failure: failure(of: reader))
        }
        reportBundleEnd(tally, file: origin.file, diagnostics: context.diagnostics)
        return .done
    }

    /// Reads a bundle's children after its root's start, skipping the first `skippingChildren`, through the
    /// end of the input; true when it ended cleanly. `tally.childrenDone` counts every child read (skipped
    /// ones too); the other counts only the children decoded.
    private static func decodeChildren(_ context: XMLDecodingContext, origin: DocumentOrigin, skippingChildren: Int,
                                       tally: inout XMLBundleTally, emit: (IngestedDocument) -> Void) -> Bool {
        let reader = context.reader
        var byToken: [Int: Int] = [:]
        context.holdsDiagnostics = true
        defer { context.holdsDiagnostics = false }
        while let child = context.nextChild() {
            let token = reader.token
            if tally.childrenDone < skippingChildren {
                context.skip()
                if !context.isBroken { tally.childrenDone += 1 }
                continue
            }
            guard child.isDocumentRoot else {
                tally.otherChildren += 1
                if tally.firstOther == nil {
                    tally.firstOther = XMLBundleTally.NamedLocation(name: reader.name, location: context.location())
                }
                context.skip()
                if !context.isBroken {
                    tally.childrenDone += 1
                    byToken[token, default: 0] += 1
                }
                continue
            }
            tally.steamChildren += 1
            var childOrigin = origin
            childOrigin.line = reader.line
            let document = decodeDocument(child, context)
            if context.isBroken { break }
            tally.childrenDone += 1
            byToken[token, default: 0] += 1
            context.releaseHeld()
            if let document {
                emit(IngestedDocument(origin: childOrigin, content: document))
                tally.emitted += 1
            }
        }
        for (token, count) in byToken { tally.childrenByName[reader.name(ofToken: token), default: 0] += count }
        context.dropHeld()
        context.holdsDiagnostics = false
        return !context.isBroken && reader.next() == .finished
    }

    /// The closing diagnostics of a bundle read to its end: `xml.unknownRoot` when it held no Steam document,
    /// else an `xml.unknownBundleEntry` warning when some children were not Steam documents.
    public static func reportBundleEnd(_ tally: XMLBundleTally, file: String, diagnostics: some DiagnosticSink) {
        if tally.steamChildren == 0 {
            let rootName = tally.root?.name ?? "?"
            diagnostics.emit(.error("xml.unknownRoot",
                                    "<\(rootName)> is not a Steam document (profile, gamesList, friendsList, memberList, response) "
                                        + "and holds none", at: tally.root?.location))
        } else if let firstOther = tally.firstOther {
            diagnostics.emit(.warning("xml.unknownBundleEntry",
                                      "\(tally.otherChildren) child element(s) of bundle <\(tally.root?.name ?? "?")> are not Steam "
                                          + "documents and were skipped, the first being <\(firstOther.name)>",
                                      at: firstOther.location))
        }
    }

    /// Called at a Steam root's start; consumes through its end.
    private static func decodeDocument(_ root: SteamXMLElement, _ context: XMLDecodingContext) -> SteamDocument? {
        switch root {
        case .profile: ProfileXMLDecoder.decode(context)
        case .gamesList: GamesListXMLDecoder.decode(context)
        case .friendsList: FriendsListXMLDecoder.decode(context)
        case .memberList: MemberListXMLDecoder.decode(context)
        case .response: decodeResponse(context)
        default: nil
        }
    }

    /// `<response><error>…</error></response>` → `.errorResponse`. A `<response>` without `<error>` is some
    /// other API's XML output, which is not ingested.
    private static func decodeResponse(_ context: XMLDecodingContext) -> SteamDocument? {
        var message: String?
        while let child = context.nextChild() {
            if child == .error, message == nil {
                message = context.text() ?? ""
            } else {
                context.skip()
            }
        }
        if context.isBroken { return nil }
        guard let message else {
            context.error("xml.unknownRoot", "<response> without <error> is not a Steam Community document")
            return nil
        }
        return .errorResponse(message: message)
    }

    private static func failure(of reader: XMLPullReader) -> XMLReadError {
        reader.failure ?? XMLReadError(code: "xml.malformed", message: "the input ended inside an element", line: nil)
    }

    private static func report(_ failure: XMLReadError, _ context: XMLDecodingContext) {
        context.error(failure.code, failure.message, at: SourceLocation(file: context.file, line: failure.line))
    }

    private static func reportBundleFailure(_ failure: XMLReadError, emitted: Int, file: String,
                                            diagnostics: any DiagnosticSink) {
        let kept = emitted > 0 ? "; reading stopped here, the \(emitted) document(s) before it were kept" : "; reading stopped here"
        diagnostics.emit(.error(failure.code, failure.message + kept, at: SourceLocation(file: file, line: failure.line)))
    }
}
