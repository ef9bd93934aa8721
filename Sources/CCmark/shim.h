// Shim header for Debian's libcmark-dev (CommonMark 0.30). The include path
// comes from pkg-config (`libcmark`); no absolute paths here.
#ifndef STREAMMARK_CCMARK_SHIM_H
#define STREAMMARK_CCMARK_SHIM_H
#include <cmark.h>
#endif
