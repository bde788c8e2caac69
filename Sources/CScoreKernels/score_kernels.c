#include "CScoreKernels.h"

void scorekernels_add_columns_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n) {
    for (size_t c = 0; c < k; c++) {
        const uint16_t *column = columns[c];
        const uint32_t w = weights[c];
        for (size_t i = 0; i < n; i++) acc[i] += w * (uint32_t)column[i];
    }
}

void scorekernels_add_columns_sampling_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights,
                                                size_t k, size_t n, int32_t *histogram) {
    scorekernels_add_columns_portable(acc, columns, weights, k, n);
    for (size_t i = 0; i < n; i += 8) histogram[scorekernels_bucket(acc[i] ? acc[i] : 1)] += 1;
}

/// One loop for both paths: plain byte and 16-bit compares that the compiler vectorises at either target.
static inline void count_present_body(uint8_t *restrict hits, const uint16_t *restrict column, size_t n) {
    for (size_t i = 0; i < n; i++) hits[i] += (uint8_t)((column[i] != 0) & (hits[i] != 255));
}

void scorekernels_count_present_portable(uint8_t *hits, const uint16_t *column, size_t n) {
    count_present_body(hits, column, n);
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

size_t scorekernels_pool_keep_portable(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot,
                                       uint32_t cap, int32_t base, int32_t *kept, size_t *nonzero) {
    size_t count = 0, nz = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t a = acc[i], d = a < cap ? a : cap, c = cut_dots[i];
        const uint32_t need = row_dot < c ? row_dot : c;
        if (a != 0 && d >= need) kept[count++] = base + (int32_t)i;
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
/// `samples` (when `sample`): also keep every 8th final sum (lane 0 of each block), for `count_samples`. Called with
/// constant `k` and `sample`, so each call site gets its own loop; the pointers are read into locals once (a store to
/// `acc` could otherwise alias them).
__attribute__((target("avx2"), always_inline))
static inline void add_group_avx2(uint32_t *restrict acc, const uint16_t *const *col, const uint32_t *w, const size_t k,
                                  size_t n, const int sample, uint32_t *restrict samples) {
    const uint16_t *restrict c0 = col[0];
    const uint16_t *restrict c1 = k > 1 ? col[1] : col[0];
    const uint16_t *restrict c2 = k > 2 ? col[2] : col[0];
    const uint16_t *restrict c3 = k > 3 ? col[3] : col[0];
    const __m256i w0 = _mm256_set1_epi32((int)w[0]);
    const __m256i w1 = _mm256_set1_epi32(k > 1 ? (int)w[1] : 0);
    const __m256i w2 = _mm256_set1_epi32(k > 2 ? (int)w[2] : 0);
    const __m256i w3 = _mm256_set1_epi32(k > 3 ? (int)w[3] : 0);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
        a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(c0 + i))), w0));
        if (k > 1) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(c1 + i))), w1));
        if (k > 2) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(c2 + i))), w2));
        if (k > 3) a = _mm256_add_epi32(a, _mm256_mullo_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(c3 + i))), w3));
        _mm256_storeu_si256((__m256i *)(acc + i), a);
        if (sample) samples[i >> 3] = (uint32_t)_mm256_cvtsi256_si32(a);
    }
    const size_t tail = i;
    for (; i < n; i++) {
        uint32_t s = acc[i];
        for (size_t c = 0; c < k; c++) s += w[c] * (uint32_t)col[c][i];
        acc[i] = s;
    }
    if (sample && tail < n) samples[tail >> 3] = acc[tail];
}

/// Adds `count` samples into `histogram` by bucket, through four histograms (one per sample modulo 4: neighbouring
/// samples often share a bucket, and one histogram would make each increment wait for the one before).
///
/// Eight buckets at a time from the float conversion: for 1 ≤ d < 2²⁴ the conversion is exact, its exponent is the
/// octave and the two mantissa bits below the leading one the fraction, so `bits >> 21` is bucket + 4·127; above
/// 2²⁴, d >> 8 gives the same bucket 32 lower (eight octaves). 0 counts as 1, as in the scalar path.
__attribute__((target("avx2")))
static void count_samples(const uint32_t *samples, size_t count, int32_t *histogram) {
    int32_t h[4][128] = {{0}};
    const __m256i one = _mm256_set1_epi32(1), large = _mm256_set1_epi32((1 << 24) - 1);
    const __m256i bias = _mm256_set1_epi32(4 * 127), octaves = _mm256_set1_epi32(32);
    size_t t = 0;
    for (; t + 8 <= count; t += 8) {
        __m256i d = _mm256_max_epu32(_mm256_loadu_si256((const __m256i *)(samples + t)), one);
        const __m256i big = _mm256_cmpeq_epi32(_mm256_max_epu32(d, large), d);  // d ≥ 2²⁴ − 1: shifting is exact too
        d = _mm256_blendv_epi8(d, _mm256_srli_epi32(d, 8), big);
        __m256i b = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(d)), 21), bias);
        b = _mm256_add_epi32(b, _mm256_and_si256(big, octaves));
        int32_t index[8];
        _mm256_storeu_si256((__m256i *)index, b);
        h[0][index[0]] += 1; h[1][index[1]] += 1; h[2][index[2]] += 1; h[3][index[3]] += 1;
        h[0][index[4]] += 1; h[1][index[5]] += 1; h[2][index[6]] += 1; h[3][index[7]] += 1;
    }
    for (; t < count; t++) h[0][scorekernels_bucket(samples[t] | (samples[t] == 0))] += 1;
    for (int b = 0; b < 128; b++) histogram[b] += h[0][b] + h[1][b] + h[2][b] + h[3][b];
}

/// The columns in groups of four; the last group's pass also keeps the sample.
__attribute__((target("avx2")))
static void add_columns_avx2(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n,
                             uint32_t *samples) {
    size_t c = 0;
    for (; c + 4 < k; c += 4) add_group_avx2(acc, columns + c, weights + c, 4, n, 0, NULL);
    switch (k - c) {  // constant arguments, so each call is its own specialised loop
    case 4: add_group_avx2(acc, columns + c, weights + c, 4, n, 1, samples); break;
    case 3: add_group_avx2(acc, columns + c, weights + c, 3, n, 1, samples); break;
    case 2: add_group_avx2(acc, columns + c, weights + c, 2, n, 1, samples); break;
    case 1: add_group_avx2(acc, columns + c, weights + c, 1, n, 1, samples); break;
    default: break;
    }
}

/// The columns in groups of four, without a sample.
__attribute__((target("avx2")))
static void add_columns_plain_avx2(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                   size_t n) {
    size_t c = 0;
    for (; c + 4 <= k; c += 4) add_group_avx2(acc, columns + c, weights + c, 4, n, 0, NULL);
    switch (k - c) {
    case 3: add_group_avx2(acc, columns + c, weights + c, 3, n, 0, NULL); break;
    case 2: add_group_avx2(acc, columns + c, weights + c, 2, n, 0, NULL); break;
    case 1: add_group_avx2(acc, columns + c, weights + c, 1, n, 0, NULL); break;
    default: break;
    }
}

void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n) {
    if (scorekernels_uses_avx2()) {
        add_columns_plain_avx2(acc, columns, weights, k, n);
    } else {
        scorekernels_add_columns_portable(acc, columns, weights, k, n);
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

void scorekernels_add_columns_sampling(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n, int32_t *histogram) {
    if (!scorekernels_uses_avx2() || k == 0) {
        scorekernels_add_columns_sampling_portable(acc, columns, weights, k, n, histogram);
        return;
    }
    enum { chunk = 1 << 15 };  // positions per call, so the samples fit a small stack buffer
    uint32_t samples[chunk / 8];
    for (size_t from = 0; from < n; from += chunk) {
        const size_t m = n - from < chunk ? n - from : chunk;
        const uint16_t *part[k];
        for (size_t c = 0; c < k; c++) part[c] = columns[c] + from;
        add_columns_avx2(acc + from, part, weights, k, m, samples);
        count_samples(samples, (m + 7) / 8, histogram);
    }
}

__attribute__((target("avx2")))
static void count_present_avx2(uint8_t *hits, const uint16_t *column, size_t n) { count_present_body(hits, column, n); }

void scorekernels_count_present(uint8_t *hits, const uint16_t *column, size_t n) {
    if (scorekernels_uses_avx2()) {
        count_present_avx2(hits, column, n);
    } else {
        count_present_body(hits, column, n);
    }
}

size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero) {
    if (scorekernels_uses_avx2()) return band_positions_avx2(acc, n, floor, width, kept, nonzero);
    return scorekernels_band_positions_portable(acc, n, floor, width, kept, nonzero);
}

/// Eight positions at a time: the capped dot against the smaller of the row's and the position's cut (unsigned
/// min/compare), and "not zero"; kept positions are written out by their mask bits.
__attribute__((target("avx2,popcnt")))
static size_t pool_keep_avx2(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot, uint32_t cap,
                             int32_t base, int32_t *kept, size_t *nonzero) {
    size_t count = 0, zeros = 0, i = 0;
    const __m256i capv = _mm256_set1_epi32((int)cap), rowv = _mm256_set1_epi32((int)row_dot);
    for (; i + 8 <= n; i += 8) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(acc + i));
        const __m256i c = _mm256_loadu_si256((const __m256i *)(cut_dots + i));
        const __m256i d = _mm256_min_epu32(a, capv);
        const __m256i need = _mm256_min_epu32(rowv, c);
        const __m256i ge = _mm256_cmpeq_epi32(_mm256_max_epu32(d, need), d);
        const __m256i zero = _mm256_cmpeq_epi32(a, _mm256_setzero_si256());
        unsigned in = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(zero, ge)));
        zeros += (size_t)__builtin_popcount((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(zero)));
        while (in) {
            kept[count++] = base + (int32_t)(i + (size_t)__builtin_ctz(in));
            in &= in - 1;
        }
    }
    size_t nz = 0;
    const size_t tail = scorekernels_pool_keep_portable(acc + i, cut_dots + i, n - i, row_dot, cap, base + (int32_t)i,
                                                        kept + count, &nz);
    *nonzero = (i - zeros) + nz;
    return count + tail;
}

size_t scorekernels_pool_keep(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot, uint32_t cap,
                              int32_t base, int32_t *kept, size_t *nonzero) {
    if (scorekernels_uses_avx2()) return pool_keep_avx2(acc, cut_dots, n, row_dot, cap, base, kept, nonzero);
    return scorekernels_pool_keep_portable(acc, cut_dots, n, row_dot, cap, base, kept, nonzero);
}

#else

int scorekernels_uses_avx2(void) { return 0; }

void scorekernels_count_present(uint8_t *hits, const uint16_t *column, size_t n) { count_present_body(hits, column, n); }

void scorekernels_add_columns_sampling(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n, int32_t *histogram) {
    scorekernels_add_columns_sampling_portable(acc, columns, weights, k, n, histogram);
}

size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero) {
    return scorekernels_band_positions_portable(acc, n, floor, width, kept, nonzero);
}

size_t scorekernels_pool_keep(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot, uint32_t cap,
                              int32_t base, int32_t *kept, size_t *nonzero) {
    return scorekernels_pool_keep_portable(acc, cut_dots, n, row_dot, cap, base, kept, nonzero);
}

void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n) {
    scorekernels_add_columns_portable(acc, columns, weights, k, n);
}

#endif
