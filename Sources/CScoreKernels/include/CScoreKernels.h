#ifndef CSCOREKERNELS_H
#define CSCOREKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Pairing's dense-region kernels: AVX2 when the CPU has it (checked once at run time), portable C otherwise.
/// Integer arithmetic only, so both paths give the same results bit for bit.

/// acc[i] += weights[0]·columns[0][i] + … + weights[k-1]·columns[k-1][i] for i < n, modulo 2³².
void scorekernels_add_columns(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k, size_t n);

/// The positions i < n with (acc[i] − floor) mod 2³² < width (floor ≤ acc[i] < floor + width when
/// floor + width ≤ 2³²), ascending, into `kept` (room for n); returns how many. `*nonzero` is set to the number of
/// positions whose acc[i] ≠ 0.
size_t scorekernels_band_positions(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width, int32_t *kept,
                                   size_t *nonzero);

/// The portable versions of both, whatever the CPU (tests compare them with the dispatching ones).
void scorekernels_add_columns_portable(uint32_t *acc, const uint16_t *const *columns, const uint32_t *weights, size_t k,
                                       size_t n);
size_t scorekernels_band_positions_portable(const uint32_t *acc, size_t n, uint32_t floor, uint32_t width,
                                            int32_t *kept, size_t *nonzero);

/// 1 when the dispatching kernels take the AVX2 path on this CPU.
int scorekernels_uses_avx2(void);

#endif
