#define _GNU_SOURCE
#include "cfileswap.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int cfileswap_exchange(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#include <sys/file.h>

int cfileswap_lock(int fd, int wait) {
    int result;
    do {
        result = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
    } while (result != 0 && errno == EINTR);
    return result;
}

/* build_commit.h (git-ignored) is written by make with the commit being built: only this file is
   compiled again when it changes. */
#if __has_include("build_commit.h")
#include "build_commit.h"
#endif
#ifndef CAREREPORT_COMMIT
#define CAREREPORT_COMMIT ""
#endif

const char *cfileswap_build_commit(void) { return CAREREPORT_COMMIT; }
