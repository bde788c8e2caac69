#define _GNU_SOURCE
#include <fcntl.h>
#include "CDirectIO.h"

int cdirectio_open_flag(void) {
#ifdef O_DIRECT
    return O_DIRECT;
#else
    return 0;
#endif
}
