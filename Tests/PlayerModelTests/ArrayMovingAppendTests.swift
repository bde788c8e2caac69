@testable import PlayerModel
import Testing

/// `appendMoving` gives the same array as `append(contentsOf:)` and leaves the source empty. The rows hold heap
/// strings (longer than the 15 bytes stored inline) and arrays, so a move that copied or dropped a reference
/// would show as a wrong value or a crash when the arrays are released.
@Suite struct ArrayMovingAppendTests {
    struct Row: Equatable {
        var name: String
        var tags: [String]
    }

    static func rows(_ prefix: String, _ count: Int) -> [Row] {
        (0..<count).map { Row(name: "\(prefix)-row-with-a-long-name-\($0)", tags: ["\(prefix)-tag-\($0)-long-enough-for-the-heap"]) }
    }

    @Test(arguments: [0, 1, 2, 1_000])
    func equalsAppendingAndEmptiesTheSource(count: Int) {
        let placeholder = Row(name: "", tags: [])
        for existing in [0, 3] {
            var moved = Self.rows("a", existing)
            var copied = moved
            var source = Self.rows("b", count)
            copied.append(contentsOf: source)
            moved.appendMoving(&source, leaving: placeholder)
            #expect(moved == copied)
            #expect(source.isEmpty)
        }
    }

    /// A source shared with another array is copied on write first, so the other keeps its rows.
    @Test func sharedSourceKeepsItsOtherOwnersRows() {
        var source = Self.rows("s", 50)
        let other = source
        var target: [Row] = []
        target.appendMoving(&source, leaving: Row(name: "", tags: []))
        #expect(target == other)
        #expect(other == Self.rows("s", 50))
    }
}
