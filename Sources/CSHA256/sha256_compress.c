// SHA-256 block compression: a portable version written from FIPS 180-4 (section 6.2.2) and one with the
// Intel SHA extensions, written from the instructions' documented semantics (SHA256RNDS2, SHA256MSG1,
// SHA256MSG2). Both give the same state for the same blocks; the Swift side picks one at run time.
#include "CSHA256.h"

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

static inline uint32_t load_big_endian(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

void csha256_compress_portable(uint32_t state[8], const uint8_t *blocks, size_t count) {
    uint32_t w[64];
    for (size_t block = 0; block < count; block++, blocks += 64) {
        for (int t = 0; t < 16; t++) w[t] = load_big_endian(blocks + 4 * t);
        for (int t = 16; t < 64; t++) {
            uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++) {
            uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
            uint32_t ch = (e & f) ^ (~e & g);
            uint32_t t1 = h + s1 + ch + K[t] + w[t];
            uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
            uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
            uint32_t t2 = s0 + maj;
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

int csha256_cpu_has_sha_extensions(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1");
}

// SHA256RNDS2 keeps the eight words as two registers, dwords listed from 3 down to 0:
// ABEF = (A, B, E, F) and CDGH = (C, D, G, H). `_mm_sha256rnds2_epu32(cdgh, abef, wk)` runs two rounds with
// the two low dwords of wk (W[t] + K[t]) and returns the new ABEF; the old ABEF is then the new CDGH.
__attribute__((target("sha,sse4.1")))
void csha256_compress_sha_extensions(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // Big-endian words: reverse the bytes inside each dword.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);  // dwords 0..3 = A, B, C, D
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);  // dwords 0..3 = E, F, G, H
    __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);                // B, A, D, C
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);                // H, G, F, E
    __m128i abef = _mm_alignr_epi8(badc, efgh, 8);               // F, E, B, A
    __m128i cdgh = _mm_blend_epi16(efgh, badc, 0xF0);            // H, G, D, C

    for (size_t block = 0; block < count; block++, blocks += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        // w[i & 3] holds W[4i … 4i+3] (dword 0 = the earliest).
        __m128i w[4];
        for (int i = 0; i < 4; i++) {
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * i)), byte_swap);
        }
#pragma clang loop unroll(full)
        for (int i = 0; i < 16; i++) {
            if (i >= 4) {
                // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] for t = 4i … 4i+3:
                // MSG1 adds σ0(W[t-15]) to W[t-16]; W[t-7] is the previous-but-one group shifted by a dword;
                // MSG2 adds σ1(W[t-2]), feeding its own first two results into the last two.
                __m128i x = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                x = _mm_add_epi32(x, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                w[i & 3] = _mm_sha256msg2_epu32(x, w[(i + 3) & 3]);
            }
            __m128i wk = _mm_add_epi32(w[i & 3], _mm_loadu_si128((const __m128i *)&K[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);   // rounds 4i, 4i+1: cdgh now holds ABEF
            wk = _mm_shuffle_epi32(wk, 0x0E);               // the high two W+K down to the low dwords
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);   // rounds 4i+2, 4i+3: back in place
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);                // A, B, E, F
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);                // G, H, C, D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));  // A, B, C, D
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));     // E, F, G, H
}

#else

int csha256_cpu_has_sha_extensions(void) { return 0; }

void csha256_compress_sha_extensions(uint32_t state[8], const uint8_t *blocks, size_t count) {
    csha256_compress_portable(state, blocks, count);
}

#endif
