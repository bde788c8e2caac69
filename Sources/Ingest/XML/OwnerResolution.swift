import PlayerModel

/// The outcome of `XMLDecodingContext.resolveOwner`.
enum OwnerResolution {
    case owner(SteamID64?)
    case rejected
}
