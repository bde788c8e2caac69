#ifndef CSCOREKERNELS_H
#define CSCOREKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Pairing's dense-region kernels: AVX2 when the CPU has it (checked once at run time), portable C otherwise.
/// Integer arithmetic only, so both paths give the same results bit for bit.

/// acc[i] += weights[0]·columns[0][i] + … + weights[k-1]·columns[k-1][i] for i < n, modulo 2³², and while the last
/// columns are added, a histogram of the final sums at every 8th position (0, 8, 16, … < n):
/// `histogram[scorekernels_bucket(max(1, acc[i]))] += 1` (`histogram` has room for 128 counts and is added to, not
/// cleared). Pairing's drain samples the accumulator this way (`DotBucketOrder`), so a
/// query that adds columns last gets its sample without another pass over the accumulator.
void scorekernels_add_columns_sampling(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n, int32_t *histogram);
void scorekernels_add_columns_sampling_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights,
                                                size_t k, size_t n, int32_t *histogram);

/// The same sums without the sample (the `anywhere` pool's dense rows).
void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n);

/// The log-scale bucket of a dot ≥ 1, four per octave: octave·4 + the two bits below the leading one
/// (`DotBucketOrder.bucket`).
static inline int scorekernels_bucket(uint32_t dot) {
    const int octave = 31 - __builtin_clz(dot);
    const int fraction = octave >= 2 ? (int)((dot >> (octave - 2)) & 3) : (int)((dot << (2 - octave)) & 3);
    return octave * 4 + fraction;
}

/// The positions i < n with (acc[i] − floor) mod 2³² < width (floor ≤ acc[i] < floor + width when
/// floor + width ≤ 2³²), ascending, into `kept` (room for n); returns how many. `*nonzero` is set to the number of
/// positions whose acc[i] ≠ 0.
size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero);

/// The portable versions, whatever the CPU (tests compare them with the dispatching ones); the first is the sum
/// without the sample.
void scorekernels_add_columns_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n);
size_t scorekernels_band_positions_portable(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width,
                                            int32_t *kept, size_t *nonzero);

/// hits[i] += 1 where column[i] ≠ 0, for i < n, saturating at 255: a favourite game's column (weights are ≥ 1 for
/// every member who has the game) counts its owners' shared favourites without a pass over its postings.
void scorekernels_count_present(uint8_t *hits, const uint16_t *column, size_t n);
void scorekernels_count_present_portable(uint8_t *hits, const uint16_t *column, size_t n);

/// The `anywhere` pool's dense drain: the positions i < n with acc[i] ≠ 0 and min(acc[i], cap) ≥ min(row_dot,
/// cut_dots[i]) (a pair's bound reaches the row's cut or the position's own), ascending, as base + i into `kept`
/// (room for n); returns how many. `*nonzero` is set to the number of positions whose acc[i] ≠ 0.
size_t scorekernels_pool_keep(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot, uint32_t cap,
                              int32_t base, int32_t *kept, size_t *nonzero);
size_t scorekernels_pool_keep_portable(const uint32_t *acc, const uint32_t *cut_dots, size_t n, uint32_t row_dot,
                                       uint32_t cap, int32_t base, int32_t *kept, size_t *nonzero);

/// 1 when the dispatching kernels take the AVX2 path on this CPU.
int scorekernels_uses_avx2(void);

#endif
