import Foundation
import Testing
@testable import XMLPullReader

@Suite struct XMLPullReaderTests {
    /// Every event of `xml` as `start name@line path`, `end name "text"`, then `finished` or `failed code@line`.
    static func trace(_ xml: String, names: [String] = ["a", "b", "c"]) -> [String] {
        XMLPullReader.withReader(bytes: Array(xml.utf8), names: names) { reader in
            var events: [String] = []
            while true {
                switch reader.next() {
                case .start: events.append("start \(reader.name)@\(reader.line ?? 0) \(reader.path)")
                case .end: events.append("end \(reader.name) \"\(reader.text)\"\(reader.hadChildElements ? " +children" : "")")
                case .finished:
                    events.append("finished")
                    return events
                case .failed:
                    events.append("failed \(reader.failure?.code ?? "?")@\(reader.failure?.line ?? 0)")
                    return events
                }
            }
        }
    }

    @Test func textAndCDATAAreJoinedAndTrimmed() {
        #expect(Self.trace("<a>\r\n\t x <![CDATA[[Epic] <b>]]> y \r\n</a>") == [
            "start a@1 /a", "end a \"x [Epic] <b> y\"", "finished",
        ])
    }

    @Test func emptyElementsGetAnEndAndSiblingsGetOrdinals() {
        #expect(Self.trace("<a>\n<b/>\n<b></b>\n<c>1</c>\n<b>3</b>\n</a>") == [
            "start a@1 /a",
            "start b@2 /a/b", "end b \"\"",
            "start b@3 /a/b[2]", "end b \"\"",
            "start c@4 /a/c", "end c \"1\"",
            "start b@5 /a/b[3]", "end b \"3\"",
            "end a \"\" +children",
            "finished",
        ])
    }

    @Test func unknownNamesGetTheirOwnTokens() {
        let tokens: [Int] = XMLPullReader.withReader(bytes: Array("<x><a/><y/><x/></x>".utf8), names: ["a"]) { reader in
            var tokens: [Int] = []
            while true {
                switch reader.next() {
                case .start: tokens.append(reader.token)
                case .end: continue
                case .finished, .failed: return tokens
                }
            }
        }
        // x is the first unknown name (token 1), a is 0, y is 2, x again 1.
        #expect(tokens == [1, 0, 2, 1])
    }

    @Test func textAfterAChildIsNotMixedWithTheChildsText() {
        #expect(Self.trace("<a>one<b>two</b>three</a>") == [
            "start a@1 /a", "start b@1 /a/b", "end b \"two\"", "end a \"three\" +children", "finished",
        ])
    }

    @Test func mismatchedTagFailsWithLibxml2MessageAndLine() {
        let events = Self.trace("<a>\n<b>\n</c>\n</a>")
        #expect(events.last == "failed xml.malformed@3")
        let message = XMLPullReader.withReader(bytes: Array("<a>\n<b>\n</c>\n</a>".utf8), names: []) { reader in
            while reader.next() != .failed {}
            return reader.failure?.message ?? ""
        }
        #expect(message.hasPrefix("Opening and ending tag mismatch: b line 2 and c"))
    }

    @Test func doctypeIsRejectedBeforeItsSubsetIsParsed() {
        // A malformed internal subset is never reached: the DOCTYPE itself is the error.
        #expect(Self.trace("<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\"> <!garbage>]>\n<a>&e;</a>") == ["failed xml.doctype@1"])
    }

    @Test func doctypeIsRejectedBeforeTheRoot() {
        #expect(Self.trace("<?xml version=\"1.0\"?>\n\n<!DOCTYPE a [<!ENTITY e \"boom\">]>\n<a>&e;</a>") == ["failed xml.doctype@3"])
    }

    @Test func undeclaredEntityIsMalformed() {
        #expect(Self.trace("<a>\n&nope;</a>").last == "failed xml.malformed@2")
    }

    @Test func predefinedEntitiesAreDecoded() {
        #expect(Self.trace("<a>Kane &amp; Lynch &lt;3</a>") == ["start a@1 /a", "end a \"Kane & Lynch <3\"", "finished"])
    }

    @Test func invalidUTF8FailsWithAnEncodingError() {
        let bytes: [UInt8] = Array("<a>\n<b>".utf8) + [0xC3, 0x28] + Array("</b></a>".utf8)
        let failure = XMLPullReader.withReader(bytes: bytes, names: []) { reader in
            while reader.next() != .failed {}
            return reader.failure
        }
        #expect(failure?.code == "xml.encoding")
        #expect(failure?.line == 2)
    }

    @Test func emptyAndBlankInputsAreInputEmpty() {
        #expect(Self.trace("") == ["failed input.empty@1"])
        #expect(Self.trace("  \n ") == ["failed input.empty@1"])
        #expect(Self.trace("hello").first?.hasPrefix("failed xml.malformed") == true)
    }

    @Test func attributesAreReadAtTheStart() {
        let value = XMLPullReader.withReader(bytes: Array("<a><b isPrimary=\"1\"/></a>".utf8), names: ["a", "b"]) { reader in
            _ = reader.next()
            _ = reader.next()
            return [reader.attribute("isPrimary"), reader.attribute("missing")]
        }
        #expect(value == ["1", nil])
    }

    @Test func skipElementConsumesTheSubtree() {
        let events: [String] = XMLPullReader.withReader(bytes: Array("<a><b><c>x</c><c/></b><c>y</c></a>".utf8),
                                                        names: ["a", "b", "c"]) { reader in
            var seen: [String] = []
            _ = reader.next()
            _ = reader.next()
            #expect(reader.skipElement())
            seen.append("after skip: \(reader.name) depth \(reader.depth)")
            _ = reader.next()
            seen.append("\(reader.name) \(reader.path)")
            return seen
        }
        #expect(events == ["after skip: b depth 1", "c /a/c"])
    }

    @Test func fileModeStreamsAndTheReaderCanBeReused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xmlpull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("1.xml")
        let second = directory.appendingPathComponent("2.xml")
        try Data("<a>\n<b>one</b>\n</a>\n".utf8).write(to: first)
        try Data("<c>two</c>".utf8).write(to: second)
        let reader = XMLPullReader(names: ["a", "b", "c"])
        var texts: [String] = []
        for url in [first, second, directory.appendingPathComponent("missing.xml"), first] {
            reader.open(path: url.path)
            defer { reader.close() }
            loop: while true {
                switch reader.next() {
                case .start: continue
                case .end: if !reader.hadChildElements { texts.append("\(reader.name)@\(reader.line ?? 0)=\(reader.text)") }
                case .finished: break loop
                case .failed:
                    texts.append(reader.failure?.code ?? "?")
                    break loop
                }
            }
        }
        #expect(texts == ["b@2=one", "c@1=two", "xml.unreadable", "b@2=one"])
    }

    @Test func elementsThatEndedJustBeforeAnErrorAreDelivered() {
        // Short children in the same 64 KiB push as the error: their events are queued before it.
        let xml = "<all>\n" + (1...5).map { "<b>\($0)</b>\n" }.joined() + "<b>6</c>\n</all>"
        let ends = XMLPullReader.withReader(bytes: Array(xml.utf8), names: ["all", "b"]) { reader in
            var ends: [String] = []
            while true {
                switch reader.next() {
                case .start: continue
                case .end: ends.append(reader.text)
                case .finished: return ends
                case .failed: return ends + ["failed@\(reader.failure?.line ?? 0)"]
                }
            }
        }
        #expect(ends == ["1", "2", "3", "4", "5", "failed@7"])
    }

    /// Lines are the parser's, not the tree's 16-bit ones: exact past line 65 535, at a start and at an end,
    /// in a file read in many pushes.
    @Test func linesPast65535AreExact() {
        let padding = String(repeating: "<p/>\n", count: 70_000)
        let xml = "<a>\n" + padding + "<b>x</b>\n<b\n>y</b></a>"
        let lines = XMLPullReader.withReader(bytes: Array(xml.utf8), names: ["a", "b", "p"]) { reader -> [Int] in
            var lines: [Int] = []
            while true {
                switch reader.next() {
                case .start, .end: if reader.token == 1 { lines.append(reader.line ?? 0) }
                case .finished, .failed: return lines
                }
            }
        }
        #expect(lines == [70_002, 70_002, 70_004, 70_004])
    }

    @Test func textLongerThanAPushAndSplitAcrossPushesIsWhole() {
        let long = String(repeating: "0123456789", count: 20_000)
        let xml = "<a>" + String(repeating: "<b>x</b>", count: 9_000) + "<c> " + long + " </c></a>"
        let texts = XMLPullReader.withReader(bytes: Array(xml.utf8), names: ["a", "b", "c"]) { reader -> [String] in
            var texts: [String] = []
            while true {
                switch reader.next() {
                case .start: continue
                case .end: if reader.token == 2 { texts.append(reader.text) }
                case .finished, .failed: return texts
                }
            }
        }
        #expect(texts == [long])
    }

    /// Text is gathered without a tree, so the reader bounds it itself, at libxml2's own text-node limit.
    @Test func textPastTheLimitFailsTheRead() {
        let long = String(repeating: "x", count: XMLPullReader.maxTextBytes + 1)
        let fits = String(repeating: "y", count: XMLPullReader.maxTextBytes)
        #expect(Self.trace("<a>\n<b>" + fits + "</b>\n<c>" + long + "</c></a>", names: ["a", "b", "c"]) == [
            "start a@1 /a", "start b@2 /a/b", "end b \"\(fits)\"", "start c@3 /a/c", "failed xml.malformed@3",
        ])
    }

    @Test func textIsEmptyAtAStartAndAttributesAreNilAtAnEnd() {
        let seen = XMLPullReader.withReader(bytes: Array("<a><b k=\"v\">t</b></a>".utf8), names: ["a", "b"]) { reader in
            _ = reader.next()
            _ = reader.next()
            let atStart = "\(reader.text)|\(reader.attribute("k") ?? "nil")"
            _ = reader.next()
            return atStart + " " + "\(reader.text)|\(reader.attribute("k") ?? "nil")"
        }
        #expect(seen == "|v t|nil")
    }
}
