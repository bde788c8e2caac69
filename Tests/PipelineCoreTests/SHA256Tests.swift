import Testing
import PipelineCore

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) {
            hasher.update(Array(bytes[chunk..<min(chunk + 37, bytes.count)]))
        }
        #expect(hasher.finalizeHex() == SHA256.hex(of: bytes))
    }
}

@Suite struct SHA256StreamingTests {
    /// Pieces of every size around the block boundary, from unaligned offsets, give the one-shot digest.
    @Test func oddPiecesFromRawBuffersMatchOneShot() {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let oneShot = SHA256.hex(of: bytes)
        for step in [1, 3, 63, 64, 65, 127, 4_097] {
            var hasher = SHA256()
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(raw.count, offset + step)
                    hasher.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    offset = end
                }
            }
            #expect(hasher.finalizeHex() == oneShot, "step \(step)")
        }
    }

    /// FIPS 180-4 long message: one million 'a'.
    @Test func millionA() {
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { hasher.update(thousand) }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
