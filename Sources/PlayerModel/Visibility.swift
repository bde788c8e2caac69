/// Whether a profile's details were visible when it was fetched. `unknown` means no document said.
public enum Visibility: String, Sendable, Codable, Hashable, CaseIterable {
    case `public`
    case `private`
    case unknown
}
