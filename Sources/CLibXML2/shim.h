#ifndef STEAM_MATE_CLIBXML2_SHIM_H
#define STEAM_MATE_CLIBXML2_SHIM_H

#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 rejects as
/// not concurrency-safe; this shim is the one place that calls it.
static inline void CLibXML2_free(void *pointer) { xmlFree(pointer); }

#endif
