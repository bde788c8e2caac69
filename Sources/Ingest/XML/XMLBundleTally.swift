import PipelineCore

/// What a bundle's reading has met so far: children read (the count a re-read skips), Steam documents among
/// them, documents emitted, and the children that are not Steam documents (for the bundle's closing
/// warning). A bundle read in pieces (`XMLBundleLayout`) adds the pieces' tallies in file order.
public struct XMLBundleTally: Sendable, Equatable {
    /// Children of the root read to their end.
    public var childrenDone = 0
    public var steamChildren = 0
    public var emitted = 0
    public var otherChildren = 0
    public var firstOther: NamedLocation?
    /// The root element and where it starts, from the first piece.
    public var root: NamedLocation?
    /// Children of the root read, by element name: the ordinals (`profile[3]`) a later piece's paths start from.
    public var childrenByName: [String: Int] = [:]

    public struct NamedLocation: Sendable, Equatable {
        public var name: String
        public var location: SourceLocation
    }

    public init() {}

    /// Adds the tally of the piece that follows this one in the file, whose diagnostics have been shifted
    /// (`shifted(_:)`) by this tally.
    public mutating func absorb(_ later: XMLBundleTally) {
        childrenDone += later.childrenDone
        steamChildren += later.steamChildren
        emitted += later.emitted
        otherChildren += later.otherChildren
        if firstOther == nil { firstOther = later.firstOther.map { NamedLocation(name: $0.name, location: shifted($0.location)) } }
        if root == nil { root = later.root }
        for (name, count) in later.childrenByName { childrenByName[name, default: 0] += count }
    }

    /// A location found in a later piece, with the ordinal of its root child (`/profiles/profile[3]/…`, counted
    /// within that piece) counted from the file's start instead.
    public func shifted(_ location: SourceLocation) -> SourceLocation {
        guard let path = location.path, !childrenByName.isEmpty else { return location }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "", root, child, …
        guard parts.count >= 3 else { return location }
        let child = parts[2]
        let name: Substring
        var ordinal = 1
        if let open = child.firstIndex(of: "["), child.last == "]", let n = Int(child[child.index(after: open)..<child.index(before: child.endIndex)]) {
            name = child[..<open]
            ordinal = n
        } else {
            name = child
        }
        let before = childrenByName[String(name)] ?? 0
        guard before > 0 else { return location }
        parts[2] = "\(name)[\(ordinal + before)]"
        var moved = location
        moved.path = parts.joined(separator: "/")
        return moved
    }

    /// `diagnostic` from a later piece, its location shifted (`shifted(_:)`).
    public func shifted(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let location = diagnostic.location else { return diagnostic }
        var moved = diagnostic
        moved.location = shifted(location)
        return moved
    }
}
