import Foundation

/// Hands out ingest work: whole files, or the next chunk of a JSON Lines bundle or piece of a big XML bundle,
/// so a single big bundle is decoded on every core instead of one. Chunks and pieces are read under the queue's
/// lock (a page-cache copy) and decoded outside it; normalize does not depend on the order documents arrive
/// in, so neither do the outputs.
final class IngestWorkQueue: @unchecked Sendable {
    enum Work {
        /// A file to decode whole (or stream, for big XML).
        case file(DatasetFile)
        /// Whole lines of a bundle, the first of them line `firstLine`.
        case chunk(DatasetFile, bytes: [UInt8], firstLine: Int)
        /// A bundle whose last chunk has been handed out.
        case finished(DatasetFile)
        /// A bundle that could not be opened or read further.
        case failed(DatasetFile, any Error)
        /// A piece of a big XML bundle, to decode and hand to the file's sequencer.
        case xmlPiece(XMLBundleSequencer, XMLBundlePieceReader.Piece)
    }

    /// How big XML bundles are cut into pieces: files over `threshold` bytes, pieces of about `pieceSize`
    /// bytes and at most `maxLines` lines.
    struct XMLPiecing {
        var threshold: Int
        var pieceSize = XMLBundlePieceReader.defaultPieceSize
        var maxLines = XMLBundlePieceReader.defaultMaxLines
    }

    private let lock = NSLock()
    private let files: [DatasetFile]
    private var nextFile = 0
    private var open: (file: DatasetFile, reader: ChunkedLineReader)?
    private var openBundle: (sequencer: XMLBundleSequencer, reader: XMLBundlePieceReader)?
    private let chunkSize: Int
    private let xmlPiecing: XMLPiecing?
    /// Chunk buffers the workers are done with (`recycle`), reused so chunks do not fault in fresh pages.
    private var spare: [[UInt8]] = []

    init(files: [DatasetFile], chunkSize: Int = ChunkedLineReader.defaultChunkSize, xmlPiecing: XMLPiecing? = nil) {
        self.files = files
        self.chunkSize = chunkSize
        self.xmlPiecing = xmlPiecing
    }

    /// Takes back a chunk's buffer once its lines are decoded, for a later chunk.
    func recycle(_ buffer: [UInt8]) {
        lock.withLock { if spare.count < 4 { spare.append(buffer) } }
    }

    /// The next piece of work, or nil when everything has been handed out.
    func next() -> Work? {
        lock.withLock {
            if var current = open {
                do {
                    var buffer = spare.popLast() ?? []
                    if let firstLine = try current.reader.next(into: &buffer) {
                        open = current
                        return .chunk(current.file, bytes: buffer, firstLine: firstLine)
                    }
                    spare.append(buffer)
                    open = nil
                    return .finished(current.file)
                } catch {
                    open = nil
                    return .failed(current.file, error)
                }
            }
            if let piece = nextPiece() { return piece }
            guard nextFile < files.count else { return nil }
            let file = files[nextFile]
            nextFile += 1
            if let xmlPiecing, file.size > xmlPiecing.threshold, file.relativePath.lowercased().hasSuffix(".xml"),
               let reader = XMLBundlePieceReader(url: file.url, pieceSize: xmlPiecing.pieceSize, maxLines: xmlPiecing.maxLines) {
                openBundle = (XMLBundleSequencer(file: file), reader)
                return nextPiece() ?? .file(file)
            }
            guard file.isJSONLines else { return .file(file) }
            do {
                open = (file, try ChunkedLineReader(url: file.url, chunkSize: chunkSize, byteRange: file.byteRange))
            } catch {
                return .failed(file, error)
            }
            return .chunk(file, bytes: [], firstLine: 1)
        }
    }

    /// The open bundle's next piece (under the lock); nil, and the bundle closed, once its pieces have ended.
    private func nextPiece() -> Work? {
        guard var current = openBundle else { return nil }
        openBundle = nil
        guard !current.sequencer.isOver else { return nil }
        var buffer = spare.popLast() ?? []
        guard let piece = current.reader.next(into: &buffer) else {
            spare.append(buffer)
            return nil
        }
        openBundle = current
        return .xmlPiece(current.sequencer, piece)
    }
}
