#ifndef STEAM_MATE_CCBC_SHIM_H
#define STEAM_MATE_CCBC_SHIM_H
// COIN-OR CBC's C interface (Debian: coinor-libcbc-dev), found through pkg-config `cbc`.
#include <coin/Cbc_C_Interface.h>
#endif
