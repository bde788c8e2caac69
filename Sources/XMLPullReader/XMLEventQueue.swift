#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The element events libxml2's SAX callbacks produced from the chunks pushed so far, waiting for `next()`.
///
/// One push (64 KiB) yields a batch of events; their texts and attribute values are copied into one byte
/// arena as the callbacks deliver them (libxml2's pointers are only valid during a callback). Text is
/// kept only where an `end` can report it: a `start` drops the text gathered since the previous event
/// (the reader offers an element's text at its end, and only the text after its last child).
///
/// When every event of a batch has been consumed, `startBatch()` empties the queue but keeps the text
/// gathered since the last event, which belongs to an element still open.
struct XMLEventQueue: ~Copyable {
    /// One event: a start (`range` = its attributes in `attributes`) or an end (`range` = its text in the arena).
    struct Event {
        var isStart: Bool
        var token: Int32
        /// Start: the line of the start tag's end (where libxml2 is when it reports the element).
        var line: Int
        var range: Range<Int>
    }

    /// An attribute of a start event: libxml2's interned local name (valid while its parser context lives)
    /// and the value's bytes in the arena.
    struct Attribute {
        var name: UnsafePointer<UInt8>
        var value: Range<Int>
    }

    private(set) var events: [Event] = []
    private(set) var attributes: [Attribute] = []
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity: Int
    private var arenaCount = 0
    /// Where the text gathered since the last event starts in the arena.
    private var textStart = 0
    /// Events before this index are delivered; `failureIndex`: the read failed after that many events.
    var cursor = 0
    private(set) var failureIndex: Int?

    init() {
        arenaCapacity = 1 << 16
        arena = .allocate(capacity: arenaCapacity)
        events.reserveCapacity(1024)
    }

    deinit { arena.deallocate() }

    /// Forgets everything (a new input).
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        arenaCount = 0
        textStart = 0
        cursor = 0
        failureIndex = nil
    }

    /// Drops the delivered events, keeping the pending text (call when `cursor == events.count`).
    mutating func startBatch() {
        let pending = arenaCount - textStart
        if pending > 0 && textStart > 0 { memmove(arena, arena + textStart, pending) }
        arenaCount = pending
        textStart = 0
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        cursor = 0
    }

    var hasFailed: Bool { failureIndex != nil }

    /// Bytes of text gathered since the last event (the text of an element still open).
    var pendingTextCount: Int { arenaCount - textStart }

    /// The read fails once the events queued so far are delivered; later callbacks are ignored.
    mutating func markFailure() {
        if failureIndex == nil { failureIndex = events.count }
    }

    @inline(__always) mutating func appendText(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        guard failureIndex == nil, length > 0 else { return }
        reserve(length)
        (arena + arenaCount).update(from: bytes, count: length)
        arenaCount += length
    }

    /// Queues a start; `attributes` is libxml2's SAX2 array of 5 pointers per attribute (local name,
    /// prefix, URI, value start, value end).
    @inline(__always) mutating func start(token: Int32, line: Int, attributeCount: Int,
                                          attributes raw: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        guard failureIndex == nil else { return }
        arenaCount = textStart
        let first = attributes.count
        if let raw, attributeCount > 0 {
            for i in 0..<attributeCount {
                guard let name = raw[5 * i], let begin = raw[5 * i + 3], let end = raw[5 * i + 4] else { continue }
                let length = end - begin
                let at = arenaCount
                appendText(begin, count: max(0, length))
                attributes.append(Attribute(name: name, value: at..<arenaCount))
            }
        }
        textStart = arenaCount
        events.append(Event(isStart: true, token: token, line: line, range: first..<attributes.count))
    }

    @inline(__always) mutating func end() {
        guard failureIndex == nil else { return }
        events.append(Event(isStart: false, token: 0, line: 0, range: textStart..<arenaCount))
        textStart = arenaCount
    }

    /// The bytes of `range` in the arena (valid until the next batch).
    @inline(__always) func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + range.lowerBound, count: range.count)
    }

    /// The bytes of `range` without leading and trailing ASCII whitespace.
    @inline(__always) func trimmedBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isXMLSpace(arena[start]) { start += 1 }
        while end > start, isXMLSpace(arena[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(start: arena + start, count: end - start)
    }

    private mutating func reserve(_ extra: Int) {
        guard arenaCount + extra > arenaCapacity else { return }
        var newCapacity = arenaCapacity * 2
        while newCapacity < arenaCount + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: arena, count: arenaCount)
        arena.deallocate()
        arena = grown
        arenaCapacity = newCapacity
    }
}
