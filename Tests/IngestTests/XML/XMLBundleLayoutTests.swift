import PipelineCore
import Testing
@testable import Ingest

@Suite struct XMLBundleLayoutTests {
    private func layout(_ text: String) -> XMLBundleLayout? {
        XMLBundleLayout(head: Array(text.utf8))
    }

    @Test func readsTheHeaderTrailerAndFirstChild() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made by hand -->\n<a:profiles xmlns:a=\"urn:x\" note='1>0'>\n"
            + "  <!-- first -->\n  <profile><steamID64>1</steamID64></profile>\n</a:profiles>\n"
        let found = try #require(layout(text))
        let header = String(decoding: found.header, as: UTF8.self)
        #expect(header.hasSuffix("<a:profiles xmlns:a=\"urn:x\" note='1>0'>"))
        #expect(header.hasPrefix("\u{FEFF}<?xml"))
        #expect(found.trailer == Array("</a:profiles>".utf8))
        #expect(found.childName == Array("profile".utf8))
        #expect(found.headerNewlines == 2)
    }

    @Test func refusesFilesItCannotCut() {
        // A single Steam document, a DOCTYPE, another encoding, a self-closing root, no child in the head,
        // a root whose first content is CDATA, not XML at all.
        #expect(layout("<profile><steamID64>1</steamID64></profile>") == nil)
        #expect(layout("<x:profile xmlns:x=\"u\"><steamID64>1</steamID64></x:profile>") == nil)
        #expect(layout("<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY e \"x\">]><profiles><profile/></profiles>") == nil)
        #expect(layout("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><profiles><profile/></profiles>") == nil)
        #expect(layout("<profiles/>") == nil)
        #expect(layout("<profiles>\n  ") == nil)
        #expect(layout("<profiles><![CDATA[<profile>]]><profile/></profiles>") == nil)
        #expect(layout("{\"profiles\": []}") == nil)
        #expect(layout("<?xml version='1.0' encoding='utf-8'?><profiles><profile/></profiles>") != nil)
        #expect(layout("<?xml version='1.0'?><profiles><profile/></profiles>") != nil)
    }

    @Test func cutsOnlyBeforeTheFirstChildsNamesakesAfterATag() throws {
        let found = try #require(layout("<profiles><profile>"))
        let body = "<profiles>\n<profile>a</profile>\n  <profile x=\"1\">b</profile><profileX/>text <profile/>\n<profile\n/>"
        let bytes = Array(body.utf8)
        var cuts: [Int] = []
        bytes.withUnsafeBytes { raw in
            var from = 0
            while let cut = found.firstCut(in: raw, from: from) {
                cuts.append(cut)
                from = cut + 1
            }
            #expect(found.lastCut(in: raw, from: 0, to: raw.count) == cuts.last)
            #expect(found.lastCut(in: raw, from: 0, to: cuts[1]) == cuts[0])
            #expect(found.lastCut(in: raw, from: cuts[0] + 1, to: cuts[1]) == nil)
        }
        func offset(_ marker: String) -> Int {
            let needle = Array(marker.utf8)
            return bytes.indices.first { bytes[$0...].starts(with: needle) } ?? -1
        }
        let offsets = [offset("<profile>a"), offset("<profile x"), offset("<profile\n")]
        // Not `<profileX/>` (another name) and not `text <profile/>` (after text, not after a tag).
        #expect(cuts == offsets)
    }

    @Test func shiftsTheRootChildOrdinalOfALaterPiece() {
        var before = XMLBundleTally()
        before.childrenByName = ["profile": 4, "gamesList": 1]
        let inPiece = SourceLocation(file: "f.xml", line: 9, path: "/profiles/profile[2]/groups/group[3]/groupID64")
        #expect(before.shifted(inPiece).path == "/profiles/profile[6]/groups/group[3]/groupID64")
        #expect(before.shifted(SourceLocation(file: "f.xml", path: "/profiles/profile/steamID64")).path
                == "/profiles/profile[5]/steamID64")
        #expect(before.shifted(SourceLocation(file: "f.xml", path: "/profiles/memberList")).path == "/profiles/memberList")
        #expect(before.shifted(SourceLocation(file: "f.xml", path: "/profiles")).path == "/profiles")
        var later = XMLBundleTally()
        later.childrenByName = ["profile": 2]
        later.firstOther = .init(name: "note", location: SourceLocation(file: "f.xml", line: 30, path: "/profiles/note"))
        before.absorb(later)
        #expect(before.childrenByName == ["profile": 6, "gamesList": 1])
        #expect(before.firstOther?.location.path == "/profiles/note")
    }
}
