import Testing
@testable import Normalize

@Suite struct RoutedDocumentTests {
    /// XML documents rank below JSON ones; the file suffix decides, in any letter case.
    @Test func xmlSuffixInAnyCase() {
        for file in ["profiles.xml", "players/1/games.XML", "a.Xml", ".xml"] { #expect(RoutedDocument.hasXMLSuffix(file), "\(file)") }
        for file in ["owned.jsonl", "xml", "a.xmlz", "a.xm", "a_xml", "a.8ml", ""] { #expect(!RoutedDocument.hasXMLSuffix(file), "\(file)") }
    }
}
