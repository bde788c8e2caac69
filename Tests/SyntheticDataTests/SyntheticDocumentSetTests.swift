import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlayerModel
import Testing
@testable import SyntheticData

/// Collects the root, element names and the text of every `steamID64` element of an XML document.
private final class XMLProbe: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var steamIDs: [String] = []
    var text = ""
    var profileCount = 0

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(name)
        if name == "profile" { profileCount += 1 }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "steamID64" { steamIDs.append(text) }
    }

    static func parse(_ xml: String) -> XMLProbe? {
        let probe = XMLProbe()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = probe
        return parser.parse() ? probe : nil
    }
}

private func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct SyntheticDocumentSetTests {
    static let config = SyntheticPopulationConfig(players: 600, seed: 9)
    static let documents = SyntheticDocumentSet(config: config)
    var dataset: PlayerDataset { Self.documents.dataset }

    @Test func profileXMLIsWellFormedWithValidSteamID() throws {
        for i in 0..<dataset.players.count {
            let xml = Self.documents.profileXML(player: i)
            let probe = try #require(XMLProbe.parse(xml), "player \(i) XML does not parse")
            #expect(probe.elements.first == "profile")
            #expect(probe.steamIDs == [dataset.players[i].steamID.description])
            #expect(SteamID64(probe.steamIDs[0]) != nil)
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><profile>\r\n"))
            if dataset.players[i].visibility == .private {
                #expect(probe.elements.last == "isLimitedAccount")
                #expect(!probe.elements.contains("location") && !probe.elements.contains("customURL"))
            } else {
                #expect(probe.elements.contains("memberSince"))
                #expect(probe.elements.contains("location") == (dataset.players[i].locationText != nil))
            }
        }
    }

    @Test func specialPersonaNamesSurviveXMLAndJSON() throws {
        let index = try #require(dataset.players.firstIndex { ($0.personaName ?? "").contains(where: { "&<\"".contains($0) }) })
        let name = dataset.players[index].personaName!
        let xml = Self.documents.profileXML(player: index)
        #expect(xml.contains("<steamID><![CDATA[\(name)]]></steamID>"))
        #expect(XMLProbe.parse(xml) != nil)
        let summary = try jsonObject(Self.documents.playerSummariesJSON(player: index))
        let players = try #require((summary["response"] as? [String: Any])?["players"] as? [[String: Any]])
        #expect(players.first?["personaname"] as? String == name)
    }

    @Test func profileBundleHoldsEveryProfile() throws {
        var bundle = SyntheticDocumentSet.profileBundleHeader
        for i in 0..<dataset.players.count { bundle += Self.documents.profileXML(player: i, declaration: false) + "\n" }
        bundle += SyntheticDocumentSet.profileBundleFooter
        let probe = try #require(XMLProbe.parse(bundle))
        #expect(probe.elements.first == "profiles")
        #expect(probe.profileCount == dataset.players.count)
        #expect(probe.steamIDs == dataset.players.map(\.steamID.description))
    }

    @Test func hoursUseOneDecimalAndThousandsSeparators() {
        #expect(XMLText.hours(minutes: 0) == "0")
        #expect(XMLText.hours(minutes: 480) == "8")
        #expect(XMLText.hours(minutes: 35_382) == "589.7")
        #expect(XMLText.hours(minutes: 61_980) == "1,033")
        #expect(XMLText.hours(minutes: 74_070_004) == "1,234,500.1")
        #expect(XMLText.cdata("a]]>b") == "<![CDATA[a]]]]><![CDATA[>b]]>")
    }

    @Test func summariesCarryLocationCodesAndStringIDs() throws {
        for i in 0..<dataset.players.count {
            let player = dataset.players[i]
            let root = try jsonObject(Self.documents.playerSummariesJSON(player: i))
            let entry = try #require(((root["response"] as? [String: Any])?["players"] as? [[String: Any]])?.first)
            #expect(entry["steamid"] as? String == player.steamID.description)
            #expect(entry["communityvisibilitystate"] as? Int == (player.visibility == .public ? 3 : 1))
            #expect(entry["loccountrycode"] as? String == player.country)
            #expect(entry["locstatecode"] as? String == player.state)
            #expect(entry["loccityid"] as? Int == player.cityID)
            #expect(entry["timecreated"] as? Int64 == player.timeCreated)
            if player.visibility == .public { #expect(entry["primaryclanid"] as? String == "103582791429521408") }
        }
    }

    @Test func ownedGamesMatchTheDataset() throws {
        for i in 0..<dataset.players.count {
            let player = dataset.players[i]
            let root = try jsonObject(Self.documents.ownedGamesJSON(player: i))
            let response = try #require(root["response"] as? [String: Any])
            guard player.gamesKnown else {
                #expect(response.isEmpty)
                continue
            }
            let rows = Array(Self.documents.games(ofPlayer: i))
            #expect(response["game_count"] as? Int == rows.count)
            let games = try #require(response["games"] as? [[String: Any]])
            #expect(games.map { $0["appid"] as? Int } == rows.map { Int($0.appID) })
            for (game, row) in zip(games, rows) {
                #expect(game["playtime_forever"] as? Int == row.minutesTotal)
                #expect(game["playtime_2weeks"] as? Int == row.minutes2Weeks)
                #expect(game["rtime_last_played"] as? Int64 == (row.lastPlayed ?? 0))
                #expect(game["name"] as? String == row.name)
                let perOS = ["playtime_windows_forever", "playtime_mac_forever", "playtime_linux_forever",
                             "playtime_deck_forever"].compactMap { game[$0] as? Int }
                #expect(perOS.count == 4 && perOS.reduce(0, +) <= row.minutesTotal)
                #expect((game["img_icon_url"] as? String)?.count == 40)
            }
        }
    }

    @Test func friendListsAreSymmetricAndComplete() throws {
        var listed = Set<String>()
        for i in 0..<dataset.players.count {
            guard let text = Self.documents.friendListJSON(player: i) else {
                #expect(!dataset.players[i].friendsKnown)
                continue
            }
            let root = try jsonObject(text)
            let friends = try #require((root["friendslist"] as? [String: Any])?["friends"] as? [[String: Any]])
            let ids = friends.compactMap { $0["steamid"] as? String }
            #expect(ids == ids.sorted() && ids.allSatisfy { SteamID64($0) != nil })
            #expect(friends.allSatisfy { $0["relationship"] as? String == "friend" && $0["friend_since"] is Int })
            for id in ids { listed.insert([dataset.players[i].steamID.description, id].sorted().joined(separator: "-")) }
        }
        let expected = Set(dataset.friendships.map { "\($0.a)-\($0.b)" })
        #expect(listed == expected)
    }

    @Test func preferencesLinesRoundTrip() throws {
        for prefs in dataset.preferences {
            let line = Self.documents.preferencesLine(prefs)
            #expect(!line.contains("\n"))
            let object = try jsonObject(line)
            #expect(object["steamid"] as? String == prefs.steamID.description)
            #expect(object["favorite_appids"] as? [Int] == prefs.favoriteAppIDs.map { Int($0) })
            #expect(object["anywhere"] as? Bool == prefs.anywhere)
            #expect((object["max_distance_km"] as? Double) == prefs.maxDistanceKm)
            #expect(object["languages"] as? [String] == prefs.languages)
            #expect(object["body"] == nil)
            if let availability = object["availability"] as? [String: Any] {
                #expect(availability["time_zone"] as? String == prefs.timeZone)
                let windows = try #require(availability["windows"] as? [[String: Any]])
                let texts = windows.map { "\($0["day"]!) \($0["start_hour"]!)-\($0["end_hour"]!)" }
                #expect(texts == prefs.availabilityText)
            } else {
                #expect(prefs.availability == nil)
            }
            #expect((object["updated_at"] as? String)?.hasSuffix("Z") == true)
        }
    }

    @Test func ownedGamesEnvelopeWrapsTheBody() throws {
        let index = try #require(dataset.players.firstIndex { $0.gamesKnown })
        let envelope = try jsonObject(Self.documents.ownedGamesEnvelope(player: index))
        #expect(envelope["steamid"] as? String == dataset.players[index].steamID.description)
        #expect(envelope["source"] as? String == "GetOwnedGames")
        #expect(envelope["fetched_at"] as? String == "2025-01-15T10:00:00Z")
        #expect((envelope["body"] as? [String: Any])?["response"] != nil)
    }

    @Test func decisionsAreLocalAndIncludeMatches() throws {
        let decisions = SyntheticDecisions.generate(for: dataset, seed: 9, referenceTime: Self.config.referenceTime)
        #expect(decisions.count > 20)
        let cityOf = Dictionary(uniqueKeysWithValues: dataset.players.map { ($0.steamID, $0.cityID) })
        for decision in decisions {
            #expect(decision.from != decision.to)
            #expect(cityOf[decision.from]! != nil && cityOf[decision.from]! == cityOf[decision.to]!)
        }
        let pairs = decisions.map { "\($0.from)>\($0.to)" }
        #expect(Set(pairs).count == pairs.count)
        #expect(pairs == pairs.sorted())
        let accepts = Set(decisions.filter { $0.kind == .accept }.map { "\($0.from)>\($0.to)" })
        let mutual = decisions.filter { $0.kind == .accept && accepts.contains("\($0.to)>\($0.from)") }
        #expect(mutual.count >= 4)
        #expect(Set(decisions.map(\.kind)) == Set(SyntheticDecision.Kind.allCases))
        let line = try jsonObject(SyntheticDocumentSet.decisionLine(decisions[0]))
        #expect(line["from"] as? String == decisions[0].from.description)
        #expect(line["decision"] as? String == decisions[0].kind.rawValue)
    }

    @Test func sameSeedGivesSameBytes() {
        let again = SyntheticDocumentSet(config: Self.config)
        for i in stride(from: 0, to: dataset.players.count, by: 37) {
            #expect(again.profileXML(player: i) == Self.documents.profileXML(player: i))
            #expect(again.ownedGamesJSON(player: i) == Self.documents.ownedGamesJSON(player: i))
            #expect(again.friendListJSON(player: i) == Self.documents.friendListJSON(player: i))
        }
        var other = Self.config
        other.seed = 10
        let different = SyntheticDocumentSet(config: other)
        #expect(different.profileXML(player: 0) != Self.documents.profileXML(player: 0))
    }

    @Test func compactAndExpandedFormsAgree() {
        let compact = SyntheticPopulation.generateCompact(Self.config)
        #expect(compact.libraries.rowCount == dataset.games.count)
        #expect(compact.libraries.appIDs == dataset.games.map(\.appID))
        #expect(compact.playerDataset() == dataset)
        #expect(compact.libraries.start.count == dataset.players.count + 1)
    }
}
