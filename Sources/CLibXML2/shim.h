#ifndef STEAM_MATE_CLIBXML2_SHIM_H
#define STEAM_MATE_CLIBXML2_SHIM_H

/* Debian's libxml2 is built with ICU, so its encoding.h includes <unicode/ucnv.h>. Those ICU headers
 * clash with the copy Foundation ships (_FoundationICU: "UErrorCode has different definitions in different
 * modules") in any Swift module that sees both. Nothing here uses the ICU fields (they sit at the end of
 * xmlCharEncodingHandler, which we never allocate or read), so the shim reads xmlversion.h first and
 * withdraws the ICU switch before the other headers look at it. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 rejects as
/// not concurrency-safe; this shim is the one place that calls it.
static inline void CLibXML2_free(void *pointer) { xmlFree(pointer); }

#endif
