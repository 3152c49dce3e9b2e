#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU; its encoding header would pull in the system ICU headers,
   which clash with the copy Foundation carries. carereport never touches the ICU converter fields,
   so the headers are read without them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#endif
