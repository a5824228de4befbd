#ifndef LAYOUTBENCH_CJEMALLOC_SHIM_H
#define LAYOUTBENCH_CJEMALLOC_SHIM_H
// Debian's jemalloc has no symbol prefix: `mallctl` is the function, and linking it replaces malloc.
#include <jemalloc/jemalloc.h>
#endif
