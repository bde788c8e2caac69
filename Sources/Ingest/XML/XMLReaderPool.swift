import Synchronization
import XMLPullReader

/// Readers kept between inputs, so that decoding many small files reuses one libxml2 reader per thread
/// (`xmlReaderNewFile`) and its name tables instead of building them for every file.
final class XMLReaderPool: Sendable {
    /// A reader is used by one caller at a time: taken out of the pool, used, given back.
    private struct Parked: @unchecked Sendable {
        let reader: XMLPullReader
    }

    private let parked = Mutex<[Parked]>([])
    private let limit: Int

    init(limit: Int = 16) {
        self.limit = limit
    }

    /// Runs `body` with a reader that no one else uses meanwhile.
    func withReader<R>(_ body: (XMLPullReader) -> R) -> R {
        let reader = parked.withLock { $0.popLast()?.reader } ?? XMLPullReader(names: SteamXMLElement.vocabulary)
        let result = body(reader)
        reader.close()
        let box = Parked(reader: reader)
        parked.withLock { if $0.count < limit { $0.append(box) } }
        return result
    }
}
