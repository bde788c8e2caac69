import Foundation

/// The byte form of a `NormalizerPartition` (partial facts with their ranks and sources): what a spill file
/// holds, and what a distributed `convert` over subsets of the input can exchange and merge exactly by
/// steamid partition (issue #13). JSON with sorted keys, so the same partition always encodes to the same
/// bytes; a version field guards against reading a file written by another format.
public enum PartialFactsCodec {
    public static let version = 1

    private struct Envelope: Codable {
        var version: Int
        var partition: NormalizerPartition
    }

    public enum DecodeError: Error, CustomStringConvertible {
        case unsupportedVersion(Int)
        public var description: String {
            switch self {
            case .unsupportedVersion(let v): "partial facts version \(v) is not \(PartialFactsCodec.version)"
            }
        }
    }

    public static func encode(_ partition: NormalizerPartition) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(Envelope(version: version, partition: partition))
    }

    public static func decode(_ data: Data) throws -> NormalizerPartition {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let envelope = try decoder.decode(Envelope.self, from: data)
        guard envelope.version == version else { throw DecodeError.unsupportedVersion(envelope.version) }
        return envelope.partition
    }
}
