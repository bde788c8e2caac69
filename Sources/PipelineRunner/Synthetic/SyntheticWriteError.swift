/// Why a synthetic dataset could not be written.
public enum SyntheticWriteError: Error, CustomStringConvertible {
    case cannotCreate(String)
    case cannotRead(String)
    case fixtureMissing(String)
    case fixtureNotJSON(String)

    public var description: String {
        switch self {
        case .cannotCreate(let path): "cannot create \(path)"
        case .cannotRead(let path): "cannot read \(path)"
        case .fixtureMissing(let path): "Steam fixture not found: \(path)"
        case .fixtureNotJSON(let path): "Steam fixture is not a JSON object: \(path)"
        }
    }
}
