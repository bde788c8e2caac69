#ifndef CDIRECTIO_H
#define CDIRECTIO_H

/// `O_DIRECT` for PipelineRunner's output files: Swift's Glibc module leaves out the GNU open flags.
/// 0 on a system without direct I/O (the writer then goes through the page cache).
int cdirectio_open_flag(void);

#endif
