#if canImport(Glibc)
import Glibc
#endif

/// Makes memory a stage frees leave the process instead of staying in malloc's arenas.
///
/// glibc serves a large block from its own mapping and unmaps it when freed, but after the first such free it
/// raises that threshold (up to 32 MiB) to the freed size, so later blocks (normalize's per-partition tables,
/// grown by doubling) come from the arenas and stay resident after `free`: at 20,000 players the peak heap
/// was 248 MB but the peak RSS 422 MiB (heaptrack). Fixing the threshold keeps large blocks in their own
/// mappings; trimming after a stage returns the free pages left inside the arenas.
///
/// `mallopt` and `malloc_trim` are glibc's (`<malloc.h>`, which the `Glibc` module does not export), so they
/// are looked up at run time; where they are missing (another libc) nothing happens.
enum FreedMemory {
    /// Blocks from this size up get their own mapping (glibc's default start, kept fixed).
    static let mappedBlockBytes: Int32 = 256 << 10
    /// `M_MMAP_THRESHOLD` in glibc's `<malloc.h>`.
    private static let mmapThresholdParameter: Int32 = -3

    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    /// Fixes malloc's mapping threshold (process-wide, idempotent).
    static func returnLargeBlocksPromptly() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, mappedBlockBytes)
        #endif
    }

    /// Gives the free pages inside malloc's arenas back to the system (after a stage released its state).
    static func trim() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
