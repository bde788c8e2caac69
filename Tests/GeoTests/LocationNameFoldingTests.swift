import Testing
@testable import Geo

@Suite struct LocationNameFoldingTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("  SALVADOR ", "salvador"), ("Moldova, Republic of ", "moldova republic of"),
        ("Bad Dürrheim", "bad durrheim"), ("Łódź", "lodz"), ("Tromsø", "tromso"), ("Straße", "strasse"),
        ("Saint-Étienne", "saint etienne"), ("Xi'an", "xian"), ("Antigua & Barbuda", "antigua barbuda"),
        ("United Kingdom (Great Britain)", "united kingdom great britain"), ("", ""), ("İstanbul", "istanbul"),
        ("ǅemal", "dzemal"), ("Ḩamāh", "hamah"),
    ])
    func folds(input: String, expected: String) {
        #expect(LocationNameFolding.fold(input) == expected)
    }

    /// The byte-by-byte path for ASCII text folds exactly as the character path: on awkward ASCII strings and on
    /// every ASCII name of the committed table.
    @Test func asciiTextFoldsAsCharacterByCharacter() throws {
        var texts = ["", " ", "a", "A-b", "x'y`z", "  lead and trail  ", "Mid--dle,,  run", "crlf\r\nline", "tab\there",
                     "digits 0-9", "[brackets] (paren) {brace}", "'", "''a''", "a'b c", "Z", "@#$%"]
        let table = try CommittedLocationTable.load()
        for location in table.locations {
            texts += [location.countryName, location.stateName ?? "", location.cityName ?? ""]
        }
        var checked = 0
        for text in texts {
            guard let ascii = LocationNameFolding.foldASCII(text.utf8) else {
                #expect(text.utf8.contains { $0 >= 0x80 }, "\(text)")
                continue
            }
            #expect(ascii == LocationNameFolding.foldCharacters(text), "\(text)")
            checked += 1
        }
        #expect(checked > 40_000)
    }
}
