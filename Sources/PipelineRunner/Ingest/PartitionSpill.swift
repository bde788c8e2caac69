import Foundation
import Normalize
import Synchronization

/// The spill files of one ingest: a private directory (`mkdtemp`, mode 0700) named
/// `steam-mate-spill-XXXXXX` under `parent`, holding one file per spilled partition
/// (`p<partition>-<sequence>.facts`, `PartialFactsCodec`'s binary form). `remove()` deletes it; the ingestor calls it on
/// success and on failure alike, so nothing is left behind.
final class PartitionSpill: Sendable {
    let directory: URL
    private let files = Mutex<[Int: [URL]]>([:])
    private let sequence = Atomic<Int>(0)
    private let written = Atomic<Int>(0)

    init(parent: URL) throws {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        var template = Array(parent.appendingPathComponent("steam-mate-spill-XXXXXX").path.utf8CString)
        let path: String? = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!) == nil ? nil : String(cString: buffer.baseAddress!)
        }
        guard let path else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: parent.path,
                                                          NSLocalizedDescriptionKey: "cannot create a spill directory in \(parent.path): \(String(cString: strerror(errno)))"])
        }
        directory = URL(fileURLWithPath: path)
    }

    /// Spill files written so far, and their bytes.
    var fileCount: Int { sequence.load(ordering: .relaxed) }
    var bytesWritten: Int { written.load(ordering: .relaxed) }

    func write(_ partition: NormalizerPartition) throws {
        let bytes = PartialFactsCodec.encode(partition)
        let number = sequence.add(1, ordering: .relaxed).oldValue
        let url = directory.appendingPathComponent("p\(partition.index)-\(number).facts")
        try Data(bytes).write(to: url)
        written.add(bytes.count, ordering: .relaxed)
        files.withLock { $0[partition.index, default: []].append(url) }
    }

    /// Merges back into `partition` (and deletes) what was spilled for its index, one file at a time.
    func mergeBack(into partition: inout NormalizerPartition) throws {
        let urls = files.withLock { $0.removeValue(forKey: partition.index) ?? [] }
        for url in urls {
            partition.merge(try PartialFactsCodec.decode(try FileBytes.read(url.path)))
            try? FileManager.default.removeItem(at: url)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
