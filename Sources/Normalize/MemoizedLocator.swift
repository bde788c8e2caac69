/// A `PlayerLocator` that remembers every answer of the locator it wraps, for one partition's resolve on one
/// thread. Players share a few thousand distinct locations, and the table's lookup trims and folds the text
/// with Foundation on every call (about 11 % of a profile-XML convert); the answers are the same either way.
final class MemoizedLocator: PlayerLocator, @unchecked Sendable {
    private struct Query: Hashable {
        var country: String?
        var state: String?
        var cityID: Int?
        var displayText: String?
    }

    private let base: any PlayerLocator
    private var answers: [Query: LocatedPosition?] = [:]

    init(_ base: any PlayerLocator) {
        self.base = base
    }

    func locate(country: String?, state: String?, cityID: Int?, displayText: String?) -> LocatedPosition? {
        let query = Query(country: country, state: state, cityID: cityID, displayText: displayText)
        if let known = answers[query] { return known }
        let answer = base.locate(country: country, state: state, cityID: cityID, displayText: displayText)
        answers[query] = answer
        return answer
    }
}
