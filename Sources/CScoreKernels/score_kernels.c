#include "CScoreKernels.h"

void scorekernels_add_columns_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n) {
    for (size_t c = 0; c < k; c++) {
        const uint16_t *column = columns[c];
        const uint32_t w = weights[c];
        for (size_t i = 0; i < n; i++) acc[i] += w * (uint32_t)column[i];
    }
}

size_t scorekernels_band_positions_portable(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width,
                                            int32_t *kept, size_t *nonzero) {
    size_t count = 0, nz = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t a = acc[i];
        if ((uint32_t)(a - floor) < width) kept[count++] = (int32_t)i;
        nz += a != 0;
    }
    *nonzero = nz;
    return count;
}

#if defined(__x86_64__)
#include <immintrin.h>

static int avx2_state = -1;  // -1 not checked yet, else 0 / 1

int scorekernels_uses_avx2(void) {
    int state = __atomic_load_n(&avx2_state, __ATOMIC_RELAXED);
    if (state < 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&avx2_state, state, __ATOMIC_RELAXED);
    }
    return state;
}

/// Up to four columns in one pass, so the accumulator is loaded and stored once for them.
__attribute__((target("avx2"), always_inline))
static inline void add_group_avx2(uint32_t *acc, const uint16_t *const *col, const uint32_t *w, size_t k, size_t n) {
    const __m256i w0 = _mm256_set1_epi32((int)w[0]);
    const __m256i w1 = _mm256_set1_epi32(k > 1 ? (int)w[1] : 0);
    const __m256i w2 = _mm256_set1_epi32(k > 2 ? (int)w[2] : 0);
    const __m256i w3 = _mm256_set1_epi32(k > 3 ? (int)w[3] : 0);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
        a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(col[0] + i))), w0));
        if (k > 1) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(col[1] + i))), w1));
        if (k > 2) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(col[2] + i))), w2));
        if (k > 3) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(col[3] + i))), w3));
        _mm256_storeu_si256((__m256i *)(acc + i), a);
    }
    for (; i < n; i++) {
        uint32_t s = acc[i];
        for (size_t c = 0; c < k; c++) s += w[c] * (uint32_t)col[c][i];
        acc[i] = s;
    }
}

__attribute__((target("avx2")))
static void add_columns_avx2(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n) {
    size_t c = 0;
    for (; c + 4 <= k; c += 4) add_group_avx2(acc, columns + c, weights + c, 4, n);
    switch (k - c) {
    case 3: add_group_avx2(acc, columns + c, weights + c, 3, n); break;
    case 2: add_group_avx2(acc, columns + c, weights + c, 2, n); break;
    case 1: add_group_avx2(acc, columns + c, weights + c, 1, n); break;
    default: break;
    }
}

/// Eight positions at a time: one unsigned compare for the band (min(x, width − 1) == x ⇔ x < width), one for
/// "not zero"; the kept positions are written out only for the rare blocks that hold any.
__attribute__((target("avx2,popcnt")))
static size_t band_positions_avx2(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                  size_t *nonzero) {
    size_t count = 0, zeros = 0, i = 0;
    if (width == 0) {
        for (; i + 8 <= n; i += 8) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
            zeros += (size_t)__builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()))));
        }
    } else {
        const __m256i f = _mm256_set1_epi32((int)floor), last = _mm256_set1_epi32((int)(width - 1));
        for (; i + 8 <= n; i += 8) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
            const __m256i x = _mm256_sub_epi32(a, f);
            unsigned in = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_min_epu32(x, last), x)));
            zeros += (size_t)__builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()))));
            while (in) {
                kept[count++] = (int32_t)(i + (size_t)__builtin_ctz(in));
                in &= in - 1;
            }
        }
    }
    size_t nz = 0;
    const size_t tail = scorekernels_band_positions_portable(acc + i, n - i, floor, width, kept + count, &nz);
    for (size_t t = 0; t < tail; t++) kept[count + t] += (int32_t)i;
    *nonzero = (i - zeros) + nz;
    return count + tail;
}

void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n) {
    if (scorekernels_uses_avx2()) add_columns_avx2(acc, columns, weights, k, n);
    else scorekernels_add_columns_portable(acc, columns, weights, k, n);
}

size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero) {
    if (scorekernels_uses_avx2()) return band_positions_avx2(acc, n, floor, width, kept, nonzero);
    return scorekernels_band_positions_portable(acc, n, floor, width, kept, nonzero);
}

#else

int scorekernels_uses_avx2(void) { return 0; }

void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n) {
    scorekernels_add_columns_portable(acc, columns, weights, k, n);
}

size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero) {
    return scorekernels_band_positions_portable(acc, n, floor, width, kept, nonzero);
}

#endif
