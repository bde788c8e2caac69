#ifndef CCACHEHINT_H
#define CCACHEHINT_H

/// Asks the CPU to start loading the cache line at `address` for reading (a hint: never faults, changes no result).
/// Swift has no prefetch of its own; Pairing uses it to overlap the next pair's cache misses with the current one.
static inline void ccachehint_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
