/// Persona names, vanity URLs and real names for synthetic players. Names are made from word lists, so
/// they look like gamer tags but are not copied from real accounts.
enum SyntheticNames {
    static let adjectives = [
        "Silent", "Rusty", "Crimson", "Lucky", "Frozen", "Sneaky", "Wild", "Lazy", "Electric", "Cosmic", "Grumpy",
        "Swift", "Hidden", "Golden", "Shadow", "Tiny", "Mighty", "Salty", "Brave", "Sleepy", "Neon", "Iron",
        "Velvet", "Atomic", "Quiet", "Feral", "Polar", "Stormy", "Rapid", "Mellow",
    ]
    static let nouns = [
        "Fox", "Badger", "Raven", "Otter", "Wolf", "Pixel", "Ninja", "Tortoise", "Falcon", "Goblin", "Muffin",
        "Viking", "Kraken", "Panda", "Wizard", "Sniper", "Medic", "Llama", "Comet", "Beetle", "Heron", "Golem",
        "Hamster", "Rogue", "Penguin", "Dragon", "Walrus", "Moose", "Lynx", "Yeti",
    ]
    /// A few names with non-ASCII letters and markup-significant characters, as real personas have.
    static let specials = [
        "João & Maria", "Müllermann", "Łukasz <3", "Ñandú", "Σπύρος", "Björn \"Bear\"", "ミカ", "Zoë™",
        "Çağan", "Åsa ● Gamer",
    ]
    static let clanTags = ["[GG]", "[SM]", "[LAN]", "[Epic]", "[420]", "[NoScope]"]
    static let firstNames = [
        "Alex", "Sam", "Maria", "João", "Anna", "Lukas", "Kasia", "Erik", "Emma", "Lucas", "Sofia", "Jonas",
        "Olivia", "Mateus", "Zofia", "Noah", "Lea", "Felix", "Ines", "Oskar",
    ]
    static let lastNames = [
        "Silva", "Smith", "Müller", "Nowak", "Andersson", "Santos", "Schmidt", "Kowalski", "Johansson", "Brown",
        "Oliveira", "Wagner", "Lewandowski", "Lindqvist", "Taylor", "Costa",
    ]

    static func persona(_ rng: inout SplitMix) -> String {
        let roll = rng.unit()
        if roll < 0.04 { return specials[rng.below(specials.count)] }
        let base = adjectives[rng.below(adjectives.count)] + nouns[rng.below(nouns.count)]
        var name = base
        if rng.unit() < 0.5 { name += String(rng.below(1000)) }
        if roll > 0.92 { name = clanTags[rng.below(clanTags.count)] + " " + name }
        return name
    }

    /// A vanity name: lower-case letters and digits from the persona, made unique by the account id.
    static func vanity(persona: String, accountID: UInt32) -> String {
        var slug = ""
        for scalar in persona.unicodeScalars where scalar.isASCII {
            let c = Character(scalar)
            if c.isLetter || c.isNumber { slug.append(c.lowercased()) }
        }
        if slug.isEmpty { slug = "player" }
        return slug.prefix(20) + "_" + String(accountID % 100_000)
    }

    static func realName(_ rng: inout SplitMix) -> String {
        firstNames[rng.below(firstNames.count)] + " " + lastNames[rng.below(lastNames.count)]
    }
}
