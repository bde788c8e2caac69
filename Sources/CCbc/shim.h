#ifndef STEAM_MATE_CCBC_SHIM_H
#define STEAM_MATE_CCBC_SHIM_H
// COIN-OR CBC's C interface (Debian: coinor-libcbc-dev), found through pkg-config `cbc`, and the C
// interface of Clp, CBC's LP solver (same package family; pkg-config `cbc` already links -lClp).
#include <coin/Cbc_C_Interface.h>
#include <coin/Clp_C_Interface.h>
#endif
