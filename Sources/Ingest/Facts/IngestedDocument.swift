/// One decoded Steam document with its origin. A file yields one; a JSON Lines bundle yields one per line.
public struct IngestedDocument: Sendable {
    public var origin: DocumentOrigin
    public var content: SteamDocument

    public init(origin: DocumentOrigin, content: SteamDocument) {
        self.origin = origin
        self.content = content
    }
}
