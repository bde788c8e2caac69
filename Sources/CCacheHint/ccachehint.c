// The hint is a static inline function in include/CCacheHint.h; SwiftPM needs one source file per C target.
#include "CCacheHint.h"
