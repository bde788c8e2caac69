internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming pull reader over libxml2's push parser: the only code in the package that touches libxml2.
///
/// Input is pushed to the parser 64 KiB at a time; its SAX2 callbacks queue element events
/// (`XMLEventQueue`) that `next()` hands out one by one. No tree is built (libxml2's `xmlTextReader`, which
/// builds and frees a node per element, text and whitespace run, parses the same bundle at about half the
/// speed, see the README's *`convert` end to end*).
///
/// It yields element events only (`start`, `end`); text and CDATA are accumulated and offered, trimmed, at
/// the element's `end`. Empty elements (`<a/>`) produce a `start` and an `end`. Element names are tokens:
/// indices into the `names` given at creation, or fresh tokens (≥ `names.count`) for other names. Names are
/// resolved through libxml2's interned name pointers, so no `String` is built per element.
///
/// Safety rules it enforces: `XML_PARSE_NONET` (no network), never `NOENT`/`DTDLOAD`, and no entity or DTD
/// callbacks at all, so nothing can be declared or expanded; a DOCTYPE fails the read with `xml.doctype` as
/// soon as the parser reports it (the parser is stopped there, before its internal subset); every libxml2
/// error of level error or fatal fails the read (`failed`), with libxml2's message and line, captured by the
/// parser context's own structured error handler (never the global one). The events queued before an
/// error are delivered first, so every element that ended before it is seen; after `failed`, nothing more
/// is read.
///
/// Lines: an element's line is the parser's line when it reports the start tag (the line of the tag's
/// `>`, as libxml2's tree records it), exact at any size.
///
/// Inputs: `read(bytes:lineOffset:_:)` parses a buffer in memory; `open(path:)` streams a file (call
/// `close()` between files). The parser context is reused from one input to the next. A reader is used by
/// one thread at a time (it is not `Sendable`).
public final class XMLPullReader {
    /// What `next()` found.
    public enum Event: Sendable, Hashable {
        /// An element starts: `token`, `depth`, `line`, `attribute(_:)` describe it.
        case start
        /// An element ends: `token`, `depth`, `text`, `hadChildElements` describe it.
        case end
        /// The input ended cleanly.
        case finished
        /// The input is malformed or rejected: see `failure`.
        case failed
    }

    private var parser: xmlParserCtxtPtr?
    /// What the current input is, kept to locate a DOCTYPE and to tell a blank input.
    private enum Source {
        case none
        case memory(UnsafeRawBufferPointer)
        case file(String)
    }
    private var source = Source.none
    private var feed: XMLInputFeed?
    /// Whether the parser has been told the input ended.
    private var inputEnded = false
    private let names: [String]
    /// Every name seen so far (the given ones first) by UTF-8 length, for lookups without a `String`.
    private var namesByLength: [[(bytes: [UInt8], token: Int32)]] = []
    private var extraNames: [String] = []
    @exclusivity(unchecked) private var nameCache = XMLNameCache()
    @exclusivity(unchecked) private var stack = XMLElementStack()
    @exclusivity(unchecked) fileprivate var queue = XMLEventQueue()
    /// The current event's text (at an `end`) or attributes (at a `start`) in `queue`.
    @exclusivity(unchecked) private var currentRange = 0..<0
    @exclusivity(unchecked) private var atEnd = false
    @exclusivity(unchecked) private var popBeforeNext = false
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var sawElement = false
    /// The first error-level report from libxml2 (or the DOCTYPE) since the input was set.
    fileprivate var reportedError: XMLReadError?

    /// The token of the current element (valid at `start` and `end`).
    @exclusivity(unchecked) public private(set) var token: Int = -1
    /// Why the read failed (valid after `failed`).
    public private(set) var failure: XMLReadError?
    /// Added to every line the reader reports (`line`, `failure`): an input that is a piece of a larger file
    /// (see `read(bytes:lineOffset:_:)`) reports the file's lines.
    @exclusivity(unchecked) private var lineOffset = 0

    /// The options of the `xmlTextReader` walk that benchmarks compare against (`countNodes`): no network
    /// access, big line numbers kept, short text nodes stored inside the node. Never NOENT, DTDLOAD or NOBLANKS.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)
    /// The push parser's options: no network access. Never NOENT, DTDLOAD or NOBLANKS.
    static let parserOptions = Int32(XML_PARSE_NONET.rawValue)

    /// Calls `xmlInitParser` once per process (Swift runs a global's initializer once, thread-safely).
    private static let parserInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// A reader with no input yet; `names` become tokens `0..<names.count`.
    public init(names: [String]) {
        _ = Self.parserInitialized
        self.names = names
        for (i, name) in names.enumerated() { register(Array(name.utf8), token: Int32(i)) }
    }

    private func register(_ bytes: [UInt8], token: Int32) {
        while namesByLength.count <= bytes.count { namesByLength.append([]) }
        if !namesByLength[bytes.count].contains(where: { $0.bytes == bytes }) {
            namesByLength[bytes.count].append((bytes, token))
        }
    }

    deinit {
        if let parser { xmlFreeParserCtxt(parser) }
    }

    // MARK: The SAX2 callbacks

    /// The handler every parser context is created with (libxml2 keeps a copy): element, text and CDATA
    /// callbacks, the DOCTYPE trap and the structured error handler; no entity, DTD, comment or
    /// processing-instruction callbacks.
    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let context else { return }
            let pull = Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue()
            pull.started(localName, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue().queue.end()
        }
        let text: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes else { return }
            Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue().gathered(bytes, count: Int(length))
        }
        handler.characters = text
        handler.ignorableWhitespace = text
        handler.cdataBlock = text
        handler.internalSubset = { context, _, _, _ in
            guard let context else { return }
            Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue().sawDoctype()
        }
        handler.reference = { context, _ in
            guard let context else { return }
            let pull = Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue()
            pull.report(XMLReadError(code: "xml.doctype", message: "an entity reference is not allowed", line: pull.parserLine))
        }
        handler.serror = { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let pull = Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue()
            guard pull.reportedError == nil else { return }
            let raw = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
            let message = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
                .map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
            let code: String
            switch Int(error.pointee.code) {
            case Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_INVALID_ENCODING.rawValue),
                 Int(XML_ERR_UNKNOWN_ENCODING.rawValue), Int(XML_ERR_UNSUPPORTED_ENCODING.rawValue):
                code = "xml.encoding"
            default: code = "xml.malformed"
            }
            let line = Int(error.pointee.line)
            pull.report(XMLReadError(code: code, message: message, line: line > 0 ? line : nil))
        }
        return handler
    }

    @inline(__always) private func started(_ localName: UnsafePointer<UInt8>?, attributeCount: Int,
                                           attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        guard !queue.hasFailed else { return }
        let key = resolveName(localName)
        queue.start(token: key, line: parserLine ?? 0, attributeCount: attributeCount, attributes: attributes)
    }

    /// The most text one element may hold between two of its events: libxml2's own limit for a text node
    /// (`XML_MAX_TEXT_LENGTH` without `XML_PARSE_HUGE`), which the tree it no longer builds used to enforce.
    static let maxTextBytes = 10_000_000

    @inline(__always) private func gathered(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard queue.pendingTextCount + count <= Self.maxTextBytes else {
            report(XMLReadError(code: "xml.malformed", message: "a text node is longer than \(Self.maxTextBytes) bytes",
                                line: parserLine))
            if let parser { xmlStopParser(parser) }
            return
        }
        queue.appendText(bytes, count: count)
    }

    /// A DOCTYPE: rejected before its internal subset (where entities would be declared) is parsed.
    private func sawDoctype() {
        report(XMLReadError(code: "xml.doctype", message: "a DOCTYPE is not allowed (entities are never expanded)",
                            line: doctypeLine() ?? parserLine))
        if let parser { xmlStopParser(parser) }
    }

    /// Records the read's failure after the events queued so far.
    fileprivate func report(_ error: XMLReadError) {
        guard reportedError == nil else { return }
        reportedError = error
        queue.markFailure()
    }

    // MARK: Inputs

    /// Reads `bytes` in memory: the whole parse runs inside `body`, which must not let the reader escape.
    public static func withReader<R>(bytes: [UInt8], names: [String], _ body: (XMLPullReader) throws -> R) rethrows -> R {
        let pull = XMLPullReader(names: names)
        return try pull.read(bytes: bytes, body)
    }

    /// Points this reader at `bytes` for the duration of `body` (the buffer is only valid inside it).
    ///
    /// `lineOffset` is added to every line reported while reading `bytes` (for a piece of a bigger file whose
    /// first line is not the file's first).
    public func read<R>(bytes: [UInt8], lineOffset: Int = 0, _ body: (XMLPullReader) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer -> R in
            defer { detach() }
            resetState()
            self.lineOffset = lineOffset
            source = .memory(UnsafeRawBufferPointer(buffer))
            if buffer.isEmpty {
                fail(XMLReadError(code: "input.empty", message: "the input is empty", line: 1))
            } else {
                begin(XMLInputFeed(memory: UnsafeRawBufferPointer(buffer)))
            }
            return try body(self)
        }
    }

    /// Points this reader at a file, streamed from disk. When the file cannot be opened, the first `next()`
    /// returns `failed` with `xml.unreadable`.
    public func open(path: String) {
        feed = nil
        resetState()
        source = .file(path)
        var status = stat()
        if stat(path, &status) == 0, status.st_size == 0 {
            fail(XMLReadError(code: "input.empty", message: "the file is empty", line: 1))
            return
        }
        guard let newFeed = XMLInputFeed(path: path) else {
            fail(XMLReadError(code: "xml.unreadable", message: "cannot open \(path) for reading", line: nil))
            return
        }
        begin(newFeed)
    }

    /// Starts a parse of `newFeed`: its first bytes go to the context (created, or reset when there is one)
    /// so that libxml2 detects the encoding from them.
    private func begin(_ newFeed: XMLInputFeed) {
        feed = newFeed
        let first = newFeed.next(maximum: 4)
        let firstBytes = first.baseAddress?.assumingMemoryBound(to: CChar.self)
        if let parser, xmlCtxtResetPush(parser, firstBytes, Int32(first.count), nil, nil) != 0 {
            xmlFreeParserCtxt(parser)
            self.parser = nil
        }
        if parser == nil {
            var handler = Self.makeHandler()
            parser = xmlCreatePushParserCtxt(&handler, nil, firstBytes, Int32(first.count), nil)
        }
        guard let parser else {
            fail(XMLReadError(code: "xml.unreadable", message: "libxml2 could not create a parser", line: nil))
            return
        }
        parser.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        _ = xmlCtxtUseOptions(parser, Self.parserOptions)
        if first.isEmpty { pushNext() }
    }

    /// Releases the current input (closes the file) but keeps the parser context for the next input.
    public func close() {
        feed = nil
        source = .none
        stopped = true
    }

    private func detach() {
        close()
        lineOffset = 0
    }

    private func resetState() {
        nameCache.removeAll()
        stack.removeAll()
        queue.removeAll()
        currentRange = 0..<0
        atEnd = false
        popBeforeNext = false
        stopped = false
        sawElement = false
        inputEnded = false
        reportedError = nil
        failure = nil
        token = -1
    }

    /// Pushes the next chunk of the input to the parser (the end of the input when there is none).
    private func pushNext() {
        guard let parser, let feed, !inputEnded else {
            inputEnded = true
            return
        }
        let chunk = feed.next()
        let bytes = chunk.baseAddress?.assumingMemoryBound(to: CChar.self)
        if chunk.isEmpty {
            inputEnded = true
            let status = xmlParseChunk(parser, nil, 0, 1)
            if reportedError == nil, status != 0 || parser.pointee.wellFormed == 0 {
                report(XMLReadError(code: "xml.malformed", message: "libxml2 stopped reading", line: parserLine))
            }
        } else if xmlParseChunk(parser, bytes, Int32(chunk.count), 0) != 0, reportedError == nil, !queue.hasFailed {
            // A stop without an error report (the DOCTYPE trap reports its own).
            report(XMLReadError(code: "xml.malformed", message: "libxml2 stopped reading", line: parserLine))
        }
    }

    /// The libxml2 ceiling for benchmarks: reads a file with libxml2's `xmlTextReader` (the options above)
    /// and only asks each node its type, as a bare C loop does. Returns the node count, or `nil` when the
    /// file is unreadable or malformed.
    public static func countNodes(path: String) -> Int? {
        _ = parserInitialized
        guard let reader = xmlReaderForFile(path, nil, options) else { return nil }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, { _, _ in }, nil)
        var count = 0
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return count }
            if status < 0 { return nil }
            if xmlTextReaderNodeType(reader) >= 0 { count += 1 }
        }
    }

    // MARK: Reading

    /// Advances to the next element start or end.
    public func next() -> Event {
        if stopped { return failure == nil ? .finished : .failed }
        if popBeforeNext {
            stack.pop()
            popBeforeNext = false
        }
        // A failure is queued at the end of the events before it (none follow), so it is met once they are all out.
        while queue.cursor == queue.events.count {
            if let reportedError, queue.failureIndex == queue.cursor { return fail(reportedError) }
            if inputEnded { return stop() }
            queue.startBatch()
            pushNext()
        }
        let event = queue.events[queue.cursor]
        queue.cursor += 1
        currentRange = event.range
        atEnd = !event.isStart
        if event.isStart {
            sawElement = true
            stack.push(event.token, line: event.line)
            token = Int(event.token)
            return .start
        }
        token = Int(stack.token(at: stack.count - 1))
        popBeforeNext = true
        return .end
    }

    /// At a `start`: consumes the element through its `end`. Returns false when the read failed or ended.
    @discardableResult
    public func skipElement() -> Bool {
        let target = stack.count
        while true {
            switch next() {
            case .start: continue
            case .end: if stack.count == target { return true }
            case .finished, .failed: return false
            }
        }
    }

    private func stop() -> Event {
        stopped = true
        return failure == nil ? .finished : .failed
    }

    @discardableResult
    private func fail(_ error: XMLReadError) -> Event {
        if failure == nil {
            // libxml2 words a blank input as "Extra content at the end of the document"; say what it is.
            var reported = !sawElement && error.code == "xml.malformed" && sourceIsBlank()
                ? XMLReadError(code: "input.empty", message: "the input holds only whitespace", line: 1) : error
            reported.line = reported.line.map { $0 + lineOffset }
            failure = reported
        }
        stopped = true
        return .failed
    }

    /// The token of the current element's name: by interned pointer when seen before in this input, else
    /// by comparing bytes with the names seen so far, else a new token.
    private func resolveName(_ localName: UnsafePointer<UInt8>?) -> Int32 {
        guard let pointer = localName else { return Int32(names.count) }
        let key = UInt(bitPattern: pointer)
        if let token = nameCache.lookup(key) { return token }
        let length = Int(xmlStrlen(pointer))
        var token: Int32?
        if length < namesByLength.count {
            for entry in namesByLength[length] {
                var equal = true
                for i in 0..<length where entry.bytes[i] != pointer[i] {
                    equal = false
                    break
                }
                if equal {
                    token = entry.token
                    break
                }
            }
        }
        let resolved = token ?? newName(UnsafeBufferPointer(start: pointer, count: length))
        if nameCache.count < 1 << 16 { nameCache.insert(key, resolved) }
        return resolved
    }

    private func newName(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard extraNames.count < 1 << 14 else { return Int32(names.count) }  // a flood of names shares one token
        let token = Int32(names.count + extraNames.count)
        extraNames.append(String(decoding: bytes, as: UTF8.self))
        register(Array(bytes), token: token)
        return token
    }

    // MARK: The current element

    /// Depth of the current element: the root is 0.
    public var depth: Int { stack.count - 1 }

    /// The name of a token.
    public func name(ofToken token: Int) -> String {
        if token < names.count { return names[token] }
        let extra = token - names.count
        return extra < extraNames.count ? extraNames[extra] : "*"
    }

    /// The current element's name (allocates; for diagnostics).
    public var name: String { name(ofToken: token) }

    /// 1-based line of the current element's start tag (where the tag ends).
    public var line: Int? {
        guard stack.count > 0 else { return parserLine.map { $0 + lineOffset } }
        let line = stack.line(at: stack.count - 1)
        return line > 0 ? line + lineOffset : nil
    }

    /// The line of the first `<!DOCTYPE` in the input's first MiB (the prolog, where a DOCTYPE must be).
    private func doctypeLine() -> Int? {
        withSourcePrefix { Self.lineOfDoctype(in: $0) } ?? nil
    }

    /// Whether the input's first MiB is only ASCII whitespace (and the input is no longer than that).
    private func sourceIsBlank() -> Bool {
        withSourcePrefix { prefix in
            prefix.count < 1 << 20 && prefix.allSatisfy(isXMLSpace)
        } ?? false
    }

    /// Calls `body` with the first MiB of the input, re-read from disk in file mode (failure paths only).
    private func withSourcePrefix<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let limit = 1 << 20
        switch source {
        case .none:
            return nil
        case .memory(let buffer):
            return body(UnsafeRawBufferPointer(rebasing: buffer.prefix(limit)))
        case .file(let path):
            guard let handle = fopen(path, "rb") else { return nil }
            defer { fclose(handle) }
            var prefix = [UInt8](repeating: 0, count: limit)
            let count = prefix.withUnsafeMutableBytes { fread($0.baseAddress, 1, limit, handle) }
            return prefix.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
    }

    private static func lineOfDoctype(in bytes: UnsafeRawBufferPointer) -> Int? {
        let marker = Array("<!DOCTYPE".utf8)
        var line = 1
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == 0x0A {
                line += 1
            } else if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
                return line
            }
            index += 1
        }
        return nil
    }

    /// The parser's current line in this input.
    fileprivate var parserLine: Int? {
        guard let parser, let input = parser.pointee.input else { return nil }
        let line = Int(input.pointee.line)
        return line > 0 ? line : nil
    }

    /// The element path, e.g. `/profile/groups/group[4]/groupID64` (`[n]` shown for the n-th same-named
    /// sibling when n > 1).
    public var path: String {
        var result = ""
        for i in 0..<stack.count {
            result += "/" + name(ofToken: Int(stack.token(at: i)))
            if stack.ordinal(at: i) > 1 { result += "[\(stack.ordinal(at: i))]" }
        }
        return result
    }

    /// At an `end`: whether the element contained child elements (then `text` is only the text after them).
    public var hadChildElements: Bool { stack.count > 0 && stack.hasChildElements(at: stack.count - 1) }

    /// At an `end`: the element's text and CDATA, concatenated and trimmed of ASCII whitespace.
    public var text: String {
        withText { String(decoding: $0, as: UTF8.self) }
    }

    /// At an `end`: the trimmed text as UTF-8 bytes, without building a `String`.
    public func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(atEnd ? queue.trimmedBytes(currentRange) : UnsafeBufferPointer(start: nil, count: 0))
    }

    /// At a `start`: an attribute's value (by local name), or `nil`.
    public func attribute(_ name: String) -> String? {
        guard !stopped, !atEnd, currentRange.upperBound <= queue.attributes.count else { return nil }
        let wanted = Array(name.utf8)
        for index in currentRange {
            let attribute = queue.attributes[index]
            var matches = true
            for (i, byte) in wanted.enumerated() where attribute.name[i] != byte {
                matches = false
                break
            }
            if matches && attribute.name[wanted.count] == 0 {
                return String(decoding: queue.bytes(attribute.value), as: UTF8.self)
            }
        }
        return nil
    }
}

@inline(__always) func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
