/// The figures a run is judged by night to night (players, pairings, matches, trades, …), by name. Stored in
/// `state/previous_headline.json` of the next run's output so its report can show the deltas.
public struct HeadlineFigures: Codable, Sendable, Equatable {
    public var figures: [String: Int]

    public init(figures: [String: Int]) {
        self.figures = figures
    }

    /// Display order of the known figures; others follow by name.
    public static let order = ["players", "player_games", "friendships", "errors", "warnings", "players_paired", "pairings",
                               "matches", "new_matches", "trades", "users_trading", "lobbies", "players_in_lobbies",
                               "dota_matches"]

    /// Figures where a rise, not a fall, is the bad news.
    public static let lowerIsBetter: Set<String> = ["errors", "warnings"]

    /// One row of the comparison table.
    public struct Delta: Sendable, Equatable {
        public var name: String
        public var previous: Int?
        public var current: Int?
        /// A fall of at least 20 % (a rise of errors or warnings) stands out.
        public var isAlarming: Bool
    }

    /// The union of both runs' figures, in display order.
    public static func deltas(current: HeadlineFigures, previous: HeadlineFigures) -> [Delta] {
        let names = Set(current.figures.keys).union(previous.figures.keys)
        let known = order.filter(names.contains)
        let others = names.subtracting(order).sorted()
        return (known + others).map { name in
            let before = previous.figures[name]
            let now = current.figures[name]
            var alarming = false
            if let before, let now {
                if lowerIsBetter.contains(name) {
                    alarming = now > before
                } else {
                    alarming = before > 0 && Double(now) <= Double(before) * 0.8
                }
            }
            return Delta(name: name, previous: before, current: now, isAlarming: alarming)
        }
    }
}
