/// Why a fetch run could not run or finish (as opposed to a failed call, which is a ledger entry).
public struct FetchRunError: Error, Sendable, CustomStringConvertible {
    /// `fetch.noKey`, `fetch.busy`, `fetch.io`, `fetch.badOption`.
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) [\(code)]" }
}
