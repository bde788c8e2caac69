/// A file a stage produced, in memory: a path relative to the run's output directory and its bytes.
/// Only the runner writes these to disk.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
