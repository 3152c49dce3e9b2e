#ifndef CLIBARCHIVE_SHIM_H
#define CLIBARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
