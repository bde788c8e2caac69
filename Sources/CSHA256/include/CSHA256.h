#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256 block compression (FIPS 180-4, section 6.2.2), for PipelineCore's `SHA256`.
/// `state` is the eight working words H0…H7; `blocks` points at `count` whole 64-byte blocks (any alignment).
/// The padding and the buffering of partial blocks stay in Swift.

/// Portable C, on every machine.
void csha256_compress_portable(uint32_t state[8], const uint8_t *blocks, size_t count);

/// Intel SHA extensions (SHA-NI). Call only when `csha256_cpu_has_sha_extensions()` returned 1;
/// on a build for another architecture it is the portable code.
void csha256_compress_sha_extensions(uint32_t state[8], const uint8_t *blocks, size_t count);

/// 1 when this CPU runs the SHA extensions (with SSE4.1, which the shuffles need), else 0.
int csha256_cpu_has_sha_extensions(void);

#endif
