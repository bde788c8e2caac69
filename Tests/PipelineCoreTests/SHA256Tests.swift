import Testing
import PipelineCore

/// The implementations this machine can run: portable always, the SHA extensions when the CPU has them.
let availableSHA256Implementations: [SHA256.Implementation] =
    SHA256.shaExtensionsAvailable ? [.portable, .shaExtensions] : [.portable]

private func digest(_ bytes: [UInt8], _ implementation: SHA256.Implementation) -> String {
    var hasher = SHA256(implementation: implementation)
    hasher.update(bytes)
    return hasher.finalizeHex()
}

@Suite struct SHA256Tests {
    /// FIPS 180-4 / NIST CAVP example messages, on each implementation.
    @Test(arguments: availableSHA256Implementations)
    func nistVectors(_ implementation: SHA256.Implementation) {
        #expect(digest([], implementation) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest(Array("abc".utf8), implementation)
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 448 bits: the padding needs a second block.
        #expect(digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), implementation)
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 896 bits.
        let long = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(digest(Array(long.utf8), implementation)
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    /// FIPS 180-4 long message: one million 'a', in 1,000 pieces.
    @Test(arguments: availableSHA256Implementations)
    func millionA(_ implementation: SHA256.Implementation) {
        var hasher = SHA256(implementation: implementation)
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { hasher.update(thousand) }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func automaticPicksTheSHAExtensionsWhenTheCPUHasThem() {
        #expect(SHA256().implementation == (SHA256.shaExtensionsAvailable ? .shaExtensions : .portable))
        #expect(SHA256(implementation: .portable).implementation == .portable)
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
    @Test(arguments: availableSHA256Implementations)
    func oddPiecesFromRawBuffersMatchOneShot(_ implementation: SHA256.Implementation) {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let oneShot = digest(bytes, .portable)
        for step in [1, 3, 63, 64, 65, 127, 4_097] {
            var hasher = SHA256(implementation: implementation)
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

    /// Seeded random messages of random lengths (0…5,000 bytes, so every padding case and multi-block runs),
    /// each fed in random pieces: the SHA-extension path gives the portable path's digest.
    @Test(.enabled(if: SHA256.shaExtensionsAvailable, "this CPU has no SHA extensions"))
    func shaExtensionsMatchPortableOnRandomLengthsAndSplits() {
        var random = SeededGenerator(seed: 0x5A_256)
        for round in 0..<600 {
            let length = round < 200 ? round : Int.random(in: 0...5_000, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            var portable = SHA256(implementation: .portable)
            portable.update(bytes)
            var accelerated = SHA256(implementation: .shaExtensions)
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(raw.count, offset + Int.random(in: 1...300, using: &random))
                    accelerated.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    offset = end
                }
            }
            let expected = portable.finalizeHex()
            #expect(accelerated.finalizeHex() == expected, "length \(length)")
        }
    }
}
