/// Where a bundle file (a wrapper root holding many Steam documents, see `XMLDocumentDecoder`) can be cut so
/// that its pieces are parsed by several readers at once.
///
/// A piece is a document of its own: the file's prolog and root start tag (`header`), the bytes from one cut
/// to the next, and the root's end tag (`trailer`); the first piece starts at the file's first byte, the last
/// runs to the file's end. A cut is a start tag with the name of the root's first child (`<profile>` in a
/// `<profiles>` bundle) that follows a `>` (blanks between allowed): a candidate only, found without parsing. The pieces are read in order of position, and a piece
/// that parses without error to its trailer proves that its end cut sits between two children of the root:
/// were it inside a comment, CDATA section, processing instruction or a deeper element, the piece would end
/// inside that construct or with an element left open, which libxml2 reports. So when every piece parses
/// cleanly, their elements are exactly the file's; when one does not, the caller reads the file whole again
/// from the start (see `XMLDocumentDecoder.decodeFile(path:origin:diagnostics:resumingAfter:emit:)`).
///
/// Files that are not cut (`init(head:)` returns nil): a single Steam document, a DOCTYPE (its internal subset
/// would have to go into every piece), an encoding other than UTF-8, a self-closing or unfinished root start
/// tag, or a head that does not reach the first child's start tag.
public struct XMLBundleLayout: Sendable, Equatable {
    /// The file's bytes up to and including the root's start tag.
    public let header: [UInt8]
    /// `</name>` for the root's qualified name.
    public let trailer: [UInt8]
    /// Line feeds in `header`.
    public let headerNewlines: Int
    /// The qualified name of the root's first child element, as written: cuts are made before its namesakes.
    public let childName: [UInt8]

    /// Reads the prolog and root start tag from the first bytes of a file.
    public init?(head: [UInt8]) {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipBlanks() { while i < head.count, isBlank(head[i]) { i += 1 } }
        func index(of marker: String, from start: Int) -> Int? {
            let bytes = Array(marker.utf8)
            guard bytes.count <= head.count else { return nil }
            var j = start
            while j + bytes.count <= head.count {
                if head[j] == bytes[0], head[j..<(j + bytes.count)].elementsEqual(bytes) { return j }
                j += 1
            }
            return nil
        }
        /// Past the processing instruction or comment starting at `k` (nil when it does not end in the head), or
        /// `k` itself when there is neither.
        func pastMarkup(at k: Int) -> Int? {
            if head[k + 1] == UInt8(ascii: "?") { return index(of: "?>", from: k + 2).map { $0 + 2 } }
            if head[(k + 1)...].starts(with: Array("!--".utf8)) { return index(of: "-->", from: k + 4).map { $0 + 3 } }
            return k
        }
        /// The end of an element name starting at `start`.
        func nameEnd(from start: Int) -> Int {
            var end = start
            while end < head.count, !isBlank(head[end]), head[end] != UInt8(ascii: ">"), head[end] != UInt8(ascii: "/") { end += 1 }
            return end
        }
        // The prolog: the XML declaration (UTF-8 only), comments and processing instructions; a DOCTYPE stops it.
        while true {
            skipBlanks()
            guard i < head.count, head[i] == UInt8(ascii: "<"), i + 1 < head.count else { return nil }
            if head[i + 1] == UInt8(ascii: "?"), i == 0 || (i == 3 && head[0] == 0xEF),
               head[(i + 2)...].starts(with: Array("xml".utf8)),
               let end = index(of: "?>", from: i + 2), !Self.declaresUTF8(head[i..<end]) {
                return nil
            }
            guard let next = pastMarkup(at: i) else { return nil }
            if next == i {
                guard head[i + 1] != UInt8(ascii: "!") else { return nil }  // a DOCTYPE or CDATA
                break
            }
            i = next
        }
        // The root start tag.
        let nameStart = i + 1
        guard nameStart < head.count, Self.startsName(head[nameStart]) else { return nil }
        let rootEnd = nameEnd(from: nameStart)
        var j = rootEnd
        var quote: UInt8?
        while j < head.count {
            let byte = head[j]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            j += 1
        }
        guard j < head.count, head[j - 1] != UInt8(ascii: "/") else { return nil }
        let name = Array(head[nameStart..<rootEnd])
        let localName = name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last.map(Array.init) ?? name
        let rootName = String(decoding: localName, as: UTF8.self)
        guard !(SteamXMLElement(rawValue: rootName)?.isDocumentRoot ?? false) else { return nil }
        // The first child: skip blanks, text, comments and processing instructions up to its start tag.
        var k = j + 1
        while true {
            while k < head.count, head[k] != UInt8(ascii: "<") { k += 1 }
            guard k + 1 < head.count, let next = pastMarkup(at: k) else { return nil }
            if next == k { break }
            k = next
        }
        guard Self.startsName(head[k + 1]) else { return nil }
        let childEnd = nameEnd(from: k + 1)
        guard childEnd < head.count else { return nil }
        header = Array(head[...j])
        trailer = Array("</".utf8) + name + [UInt8(ascii: ">")]
        headerNewlines = header.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        childName = Array(head[(k + 1)..<childEnd])
    }

    /// The offset of the last cut candidate in `bytes[lower..<upper]` (see the type's note), or nil.
    public func lastCut(in bytes: UnsafeRawBufferPointer, from lower: Int, to upper: Int) -> Int? {
        var i = min(upper, bytes.count) - 1
        while i >= max(lower, 0) {
            if isCut(bytes, i) { return i }
            i -= 1
        }
        return nil
    }

    /// The offset of the first cut candidate in `bytes[lower...]`, or nil.
    public func firstCut(in bytes: UnsafeRawBufferPointer, from lower: Int) -> Int? {
        var i = max(lower, 0)
        while i < bytes.count {
            if isCut(bytes, i) { return i }
            i += 1
        }
        return nil
    }

    /// `<childName` followed by `>`, `/` or a blank, after a `>` and blanks.
    @inline(__always) private func isCut(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        guard bytes[index] == UInt8(ascii: "<") else { return false }
        let nameEnd = index + 1 + childName.count
        guard nameEnd < bytes.count else { return false }
        for (n, byte) in childName.enumerated() where bytes[index + 1 + n] != byte { return false }
        let after = bytes[nameEnd]
        guard after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || isBlank(after) else { return false }
        var j = index - 1
        while j >= 0, isBlank(bytes[j]) { j -= 1 }
        return j >= 0 && bytes[j] == UInt8(ascii: ">")
    }

    /// A byte that can start an XML name (ASCII letters, `_`, `:`, or any non-ASCII UTF-8 byte).
    private static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// Whether an XML declaration names no encoding or UTF-8.
    private static func declaresUTF8(_ declaration: ArraySlice<UInt8>) -> Bool {
        let lowered = declaration.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let key = Array("encoding".utf8)
        guard let at = lowered.indices.first(where: { lowered[$0...].starts(with: key) }) else { return true }
        let value = lowered[(at + key.count)...].drop { isBlank($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
        return value.starts(with: Array("utf-8".utf8)) || value.starts(with: Array("utf8".utf8))
    }
}

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
