/* Memory for the compiled search's large tables, read at random (solver/engine/core_fast.pyx's
   pattern and dead-end tables, solver/_table.pyx's transposition table).

   On Linux a block of 2 MB or more is aligned to 2 MB and marked for transparent huge
   pages: one TLB entry then maps 2 MB, not 4 KB, and a look-up in a table of tens of
   megabytes no longer walks the page tables as well as missing the cache (the kernel
   may refuse; the memory is ordinary then). Elsewhere, plain malloc. free() frees it.
   Not zeroed. */
#ifndef RENJU_ALLOC_H
#define RENJU_ALLOC_H

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static void* renju_table_alloc(size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t) 1 << 21;
    if (n >= huge) {
        void* p = NULL;
        if (posix_memalign(&p, huge, n) != 0)
            return NULL;
        madvise(p, n, MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(n);
}

#endif
