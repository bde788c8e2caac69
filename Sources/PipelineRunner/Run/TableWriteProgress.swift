/// How far writing a run's tables has come: chunks written of all tables' chunks, and the bytes so far.
public struct TableWriteProgress: Sendable {
    public var chunksDone: Int
    public var chunks: Int
    public var bytesWritten: Int
}
