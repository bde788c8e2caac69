extension PlayerDataset {
    /// Drops what only the dataset's own tables show, once those are written: the later stages of a run (pair, match,
    /// lobby, trade, the Dota notes on `pairings`) read the keys, positions, flags and preference settings, never the
    /// display text or provenance. At a million players the dropped text is most of the rows' memory (every
    /// friendship's own `sources` list, every player's names, URLs and `sources`), and it would otherwise sit beside
    /// pairing's and trade's working sets for the rest of the run.
    ///
    /// Dropped: players' persona and real names, URLs, location text, member-since, economy and trade ban text and
    /// `sources`; preferences' availability text and `sources`; friendships' `sources`; the groups, group memberships
    /// and achievements (no later stage reads them). Kept: everything else, including a player's country, state and
    /// city id, and a preference's time zone (lobby reads it). `games` is left as it is (see the run's release of the game rows).
    public mutating func dropWrittenOnlyFields() {
        players.withUnsafeMutableBufferPointer { rows in
            for i in rows.indices {
                rows[i].personaName = nil
                rows[i].profileURL = nil
                rows[i].customURL = nil
                rows[i].realName = nil
                rows[i].locationText = nil
                rows[i].memberSince = nil
                rows[i].economyBan = nil
                rows[i].tradeBanState = nil
                rows[i].sources = []
            }
        }
        preferences.withUnsafeMutableBufferPointer { rows in
            for i in rows.indices {
                rows[i].availabilityText = []
                rows[i].sources = []
            }
        }
        friendships.withUnsafeMutableBufferPointer { rows in
            for i in rows.indices { rows[i].sources = [] }
        }
        groups = []
        groupMembers = []
        achievements = []
    }
}
