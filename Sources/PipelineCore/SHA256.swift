import CSHA256

/// SHA-256 (FIPS 180-4), used for the checksums in `manifest.json` and trade results.
/// Written here rather than pulling in swift-crypto, which costs a minute of CI build time.
/// Streaming: `update` hashes whole blocks straight from the caller's bytes and keeps at most 63 bytes
/// in a fixed buffer, so no block allocates. The block compression is C (`CSHA256`): the Intel SHA
/// extensions when the CPU has them (chosen at run time), else portable code; both give the same digest.
public struct SHA256: Sendable {
    /// Which block compression a hasher uses.
    public enum Implementation: Sendable, Hashable, CaseIterable {
        /// The SHA extensions when this CPU has them, else portable.
        case automatic
        /// Portable C, on every machine (tests and `bench sha256` force it to compare with the other path).
        case portable
        /// The Intel SHA extensions; only when `shaExtensionsAvailable` (else it traps at `init`).
        case shaExtensions
    }

    /// Whether this CPU runs the SHA extensions (checked once per process).
    public static let shaExtensionsAvailable: Bool = csha256_cpu_has_sha_extensions() != 0

    /// Working words H0…H7.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Pending bytes of an incomplete block (`pendingCount` of them), as 8 words so the struct stays inline.
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    private var totalBytes: UInt64 = 0
    private let usesSHAExtensions: Bool

    /// Lower-case hex digits, built once (not per call).
    public static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public init(implementation: Implementation = .automatic) {
        switch implementation {
        case .automatic: usesSHAExtensions = Self.shaExtensionsAvailable
        case .portable: usesSHAExtensions = false
        case .shaExtensions:
            precondition(Self.shaExtensionsAvailable, "SHA256: this CPU has no SHA extensions")
            usesSHAExtensions = true
        }
    }

    /// The implementation this hasher runs (`.portable` or `.shaExtensions`).
    public var implementation: Implementation { usesSHAExtensions ? .shaExtensions : .portable }

    public static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        let hashed = bytes.withContiguousStorageIfAvailable { hasher.update(UnsafeRawBufferPointer($0)) } != nil
        if !hashed { hasher.update(Array(bytes)) }
        return hasher.finalizeHex()
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Hashes `bytes`; whole blocks are compressed in place, the tail (< 64 bytes) is kept for the next call.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        totalBytes &+= UInt64(bytes.count)
        var index = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, bytes.count)
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            index = take
            if pendingCount == 64 {
                let block = pending
                withUnsafeBytes(of: block) { compress($0.baseAddress!, blocks: 1) }
                pendingCount = 0
            }
        }
        let wholeBlocks = (bytes.count - index) / 64
        if wholeBlocks > 0 {
            compress(base.advanced(by: index), blocks: wholeBlocks)
            index += wholeBlocks * 64
        }
        if index < bytes.count {
            let rest = bytes.count - index
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.copyMemory(from: base.advanced(by: index), byteCount: rest)
            }
            pendingCount = rest
        }
    }

    public mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        let remainder = (pendingCount + 1) % 64
        padding += [UInt8](repeating: 0, count: remainder <= 56 ? 56 - remainder : 120 - remainder)
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let saved = totalBytes
        update(padding)
        totalBytes = saved
        precondition(pendingCount == 0)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    public mutating func finalizeHex() -> String {
        let digits = Self.hexDigits
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compresses `blocks` whole 64-byte blocks starting at `start` into `state`.
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        let shaExtensions = usesSHAExtensions
        withUnsafeMutableBytes(of: &state) { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            let bytes = start.assumingMemoryBound(to: UInt8.self)
            if shaExtensions {
                csha256_compress_sha_extensions(words, bytes, blocks)
            } else {
                csha256_compress_portable(words, bytes, blocks)
            }
        }
    }
}
