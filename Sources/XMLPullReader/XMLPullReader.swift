internal import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming pull reader over libxml2's `xmlTextReader`: the only code in the package that touches libxml2.
///
/// It yields element events only (`start`, `end`); text and CDATA are accumulated internally and offered,
/// trimmed, at the element's `end`. Empty elements (`<a/>`) produce a `start` and a synthesized `end`.
/// Element names are tokens: indices into the `names` given at creation, or fresh tokens (≥ `names.count`)
/// for other names. Names are resolved through libxml2's interned name pointers, so no `String` is built
/// per element.
///
/// Safety rules it enforces: `XML_PARSE_NONET` (no network), never `NOENT`/`DTDLOAD`; a DOCTYPE (and so
/// any entity declaration) or an entity reference fails the read with `xml.doctype` before anything is
/// expanded; every libxml2 error of level error or fatal fails the read (`failed`), with libxml2's message
/// and line, captured by a per-reader structured error handler (never the global one). After `failed`,
/// nothing more is read.
///
/// Lines come from `xmlGetLineNo` on the element's node when it starts (not the parser's read-ahead line),
/// kept for its `end`. libxml2 stores element lines in 16 bits; past line 65 535 the line comes from the
/// element's text (`XML_PARSE_BIG_LINES`) when libxml2 has already parsed it, else from the parser position
/// (approximate, a few lines ahead at most).
///
/// Inputs: `read(bytes:_:)` parses in place inside `withUnsafeBytes` (`xmlReaderForMemory`);
/// `open(path:)` streams a file (`xmlReaderForFile`, or `xmlReaderNewFile` when the reader is reused; call
/// `close()` between files). Either can run in salvage mode (`salvageStep`), see `read(bytes:salvageStep:_:)`.
/// A reader is used by one thread at a time (it is not `Sendable`).
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

    private var reader: xmlTextReaderPtr?
    /// What the current input is, kept to locate a DOCTYPE (libxml2 gives its node no line).
    private enum Source {
        case none
        case memory(UnsafeRawBufferPointer)
        case file(String)
    }
    private var source = Source.none
    private let names: [String]
    /// Every name seen so far (the given ones first) by UTF-8 length, for lookups without a `String`.
    private var namesByLength: [[(bytes: [UInt8], token: Int32)]] = []
    private var extraNames: [String] = []
    @exclusivity(unchecked) private var nameCache = XMLNameCache()
    @exclusivity(unchecked) private var stack = XMLElementStack()
    @exclusivity(unchecked) private var textBytes = XMLTextBuffer()
    @exclusivity(unchecked) private var pendingEnd = false
    @exclusivity(unchecked) private var popBeforeNext = false
    @exclusivity(unchecked) private var clearTextBeforeNext = false
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var sawElement = false
    /// The first error-level report from libxml2 since the input was set.
    fileprivate var reportedError: XMLReadError?

    /// The token of the current element (valid at `start` and `end`).
    @exclusivity(unchecked) public private(set) var token: Int = -1
    /// Why the read failed (valid after `failed`).
    public private(set) var failure: XMLReadError?
    /// Added to every line the reader reports (`line`, `failure`): an input that is a piece of a larger file
    /// (see `read(bytes:salvageStep:lineOffset:_:)`) reports the file's lines.
    @exclusivity(unchecked) private var lineOffset = 0

    /// The reader options: no network access; big line numbers kept; short text nodes stored inside the node
    /// (`COMPACT`: one allocation less per text node; the reader never modifies the tree). Never NOENT,
    /// DTDLOAD or NOBLANKS.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)

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
        if let reader { xmlFreeTextReader(reader) }
    }

    /// The byte feed of a file or salvage read; outlives the libxml2 reader that calls it.
    private var feed: XMLInputFeed?

    private func freeReader() {
        if let reader { xmlFreeTextReader(reader) }
        reader = nil
        feed = nil
    }

    /// Points the reader at `newFeed` (reusing the libxml2 reader when there is one); libxml2 calls the feed
    /// back until it returns 0. The previous feed stays alive until libxml2 has closed it.
    private static let readFeed: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer else { return -1 }
        return Unmanaged<XMLInputFeed>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: Int(length))
    }

    private static let closeFeed: xmlInputCloseCallback = { context in
        guard let context else { return 0 }
        Unmanaged<XMLInputFeed>.fromOpaque(context).takeUnretainedValue().close()
        return 0
    }

    private func attach(_ newFeed: XMLInputFeed) {
        let read = Self.readFeed
        let close = Self.closeFeed
        let context = Unmanaged.passUnretained(newFeed).toOpaque()
        if let reader, xmlReaderNewIO(reader, read, close, context, nil, nil, Self.options) != 0 {
            xmlFreeTextReader(reader)
            self.reader = nil
        }
        if reader == nil { reader = xmlReaderForIO(read, close, context, nil, nil, Self.options) }
        feed = newFeed
    }

    // MARK: Inputs

    /// Reads `bytes` in memory: the whole parse runs inside `body`, which must not let the reader escape.
    public static func withReader<R>(bytes: [UInt8], names: [String], _ body: (XMLPullReader) throws -> R) rethrows -> R {
        let pull = XMLPullReader(names: names)
        return try pull.read(bytes: bytes, body)
    }

    /// Points this reader at `bytes` for the duration of `body` (the buffer is only valid inside it).
    ///
    /// `salvageStep`: when set, libxml2 is fed that many bytes per read (slow). Use it to re-read an input
    /// that failed, so that the elements ending just before the error are delivered (a normal read parses
    /// ahead in 512-byte pushes and loses the nodes of the push that failed).
    ///
    /// `lineOffset` is added to every line reported while reading `bytes` (for a piece of a bigger file whose
    /// first line is not the file's first).
    public func read<R>(bytes: [UInt8], salvageStep: Int? = nil, lineOffset: Int = 0,
                        _ body: (XMLPullReader) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer -> R in
            defer { detach() }
            self.lineOffset = lineOffset
            guard buffer.count <= Int(Int32.max) else {
                resetState()
                fail(XMLReadError(code: "xml.tooLarge", message: "input of \(buffer.count) bytes exceeds 2 GiB", line: nil))
                return try body(self)
            }
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count > 0 else {
                resetState()
                fail(XMLReadError(code: "input.empty", message: "the input is empty", line: 1))
                return try body(self)
            }
            let size = Int32(buffer.count)
            if feed != nil || salvageStep != nil { freeReader() }
            if let salvageStep { attach(XMLInputFeed(memory: UnsafeRawBufferPointer(buffer), step: salvageStep)) }
            if let reader, feed == nil {
                if xmlReaderNewMemory(reader, base, size, nil, nil, Self.options) != 0 { xmlFreeTextReader(reader); self.reader = nil }
            }
            if reader == nil { reader = xmlReaderForMemory(base, size, nil, nil, Self.options) }
            resetState()
            source = .memory(UnsafeRawBufferPointer(buffer))
            if reader == nil {
                fail(XMLReadError(code: "xml.unreadable", message: "libxml2 could not create a reader", line: nil))
            } else {
                installErrorHandler()
            }
            return try body(self)
        }
    }

    /// Points this reader at a file, streamed from disk (reusing the libxml2 reader when there is one).
    /// When the file cannot be opened, the first `next()` returns `failed` with `xml.unreadable`.
    /// `salvageStep`: as for `read(bytes:salvageStep:_:)`.
    public func open(path: String, salvageStep: Int? = nil) {
        if salvageStep != nil { freeReader() }
        resetState()
        source = .file(path)
        var status = stat()
        if stat(path, &status) == 0, status.st_size == 0 {
            fail(XMLReadError(code: "input.empty", message: "the file is empty", line: 1))
            return
        }
        if let salvageStep {
            guard let newFeed = XMLInputFeed(path: path, step: salvageStep) else {
                fail(XMLReadError(code: "xml.unreadable", message: "cannot open \(path) for reading", line: nil))
                return
            }
            attach(newFeed)
        } else {
            if feed != nil { freeReader() }
            if let reader, xmlReaderNewFile(reader, path, nil, Self.options) != 0 {
                xmlFreeTextReader(reader)
                self.reader = nil
            }
            if reader == nil { reader = xmlReaderForFile(path, nil, Self.options) }
        }
        if reader == nil {
            fail(XMLReadError(code: "xml.unreadable", message: "libxml2 could not create a reader for \(path)", line: nil))
        } else {
            installErrorHandler()
        }
    }

    /// Releases the current input (closes the file) but keeps the reader for the next `open(path:)`.
    public func close() {
        if feed != nil {
            freeReader()
        } else if let reader {
            xmlTextReaderClose(reader)
        }
        source = .none
        stopped = true
    }

    private func detach() {
        // A memory reader must not keep pointing at a buffer that is about to go away.
        freeReader()
        lineOffset = 0
        source = .none
        stopped = true
    }

    private func resetState() {
        nameCache.removeAll()
        stack.removeAll()
        textBytes.removeAll()
        pendingEnd = false
        popBeforeNext = false
        clearTextBeforeNext = false
        stopped = false
        sawElement = false
        reportedError = nil
        failure = nil
        token = -1
    }

    private func installErrorHandler() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            let pull = Unmanaged<XMLPullReader>.fromOpaque(context).takeUnretainedValue()
            guard pull.reportedError == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
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
            pull.reportedError = XMLReadError(code: code, message: message, line: line > 0 ? line : nil)
        }, context)
    }

    /// The libxml2 ceiling for benchmarks: reads a file with the same reader and options as `open(path:)`
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
        if clearTextBeforeNext {
            textBytes.removeAll()
            clearTextBeforeNext = false
        }
        if pendingEnd {
            pendingEnd = false
            return endCurrent()
        }
        guard let reader else { return stop() }
        while true {
            let status = xmlTextReaderRead(reader)
            if let reportedError { return fail(reportedError) }
            if status != 1 {
                if status == 0 { return stop() }
                return fail(XMLReadError(code: "xml.malformed", message: "libxml2 stopped reading",
                                         line: parserLine))
            }
            // The node's own type first: `xmlTextReaderNodeType` also decides, for every whitespace text
            // node, whether an ancestor has `xml:space="preserve"`, which costs more than the node is worth.
            guard let node = xmlTextReaderCurrentNode(reader) else { continue }
            switch node.pointee.type.rawValue {
            case XML_TEXT_NODE.rawValue, XML_CDATA_SECTION_NODE.rawValue:
                if let content = node.pointee.content { textBytes.append(content, count: Int(xmlStrlen(content))) }
            case XML_ELEMENT_NODE.rawValue:
                if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) { return endCurrent() }
                sawElement = true
                let key = resolveName(reader)
                stack.push(key, line: Int(xmlGetLineNo(node)))
                token = Int(key)
                textBytes.removeAll()
                if xmlTextReaderIsEmptyElement(reader) == 1 { pendingEnd = true }
                return .start
            case XML_DTD_NODE.rawValue, XML_DOCUMENT_TYPE_NODE.rawValue:
                return fail(XMLReadError(code: "xml.doctype",
                                         message: "a DOCTYPE is not allowed (entities are never expanded)",
                                         line: doctypeLine() ?? parserLine))
            case XML_ENTITY_REF_NODE.rawValue, XML_ENTITY_NODE.rawValue, XML_ENTITY_DECL.rawValue:
                return fail(XMLReadError(code: "xml.doctype", message: "an entity reference is not allowed", line: nodeLine))
            default:
                continue
            }
        }
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

    private func endCurrent() -> Event {
        token = Int(stack.token(at: stack.count - 1))
        popBeforeNext = true
        clearTextBeforeNext = true
        return .end
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
    private func resolveName(_ reader: xmlTextReaderPtr) -> Int32 {
        guard let pointer = xmlTextReaderConstLocalName(reader) else { return Int32(names.count) }
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

    /// 1-based line of the current element's start tag.
    public var line: Int? {
        localLine.map { $0 + lineOffset }
    }

    /// `line` within the current input.
    private var localLine: Int? {
        guard stack.count > 0 else { return nodeLine }
        let line = stack.line(at: stack.count - 1)
        if line > 0 && line != 65535 { return line }
        return parserLine.map { max($0, line) }
    }

    private var nodeLine: Int? {
        guard let reader else { return nil }
        let node = xmlTextReaderCurrentNode(reader)
        let line = node.map { Int(xmlGetLineNo($0)) } ?? -1
        if line > 0 && line != 65535 { return line }
        return max(line, parserLine ?? 0) > 0 ? max(line, parserLine ?? 0) : nil
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

    private var parserLine: Int? {
        guard let reader else { return nil }
        let line = Int(xmlTextReaderGetParserLineNumber(reader))
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
        try body(textBytes.trimmed())
    }

    /// At a `start`: an attribute's value, or `nil`.
    public func attribute(_ name: String) -> String? {
        guard let reader, !stopped else { return nil }
        let value = name.withCString { cName in
            cName.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) { xmlTextReaderGetAttribute(reader, $0) }
        }
        guard let value else { return nil }
        defer { CLibXML2_free(value) }
        return String(cString: value)
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
