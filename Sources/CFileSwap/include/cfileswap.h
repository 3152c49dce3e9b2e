#ifndef CFILESWAP_H
#define CFILESWAP_H

/// Atomically exchanges two paths (Linux renameat2 RENAME_EXCHANGE). Returns 0, or -1 with errno set
/// (EINVAL or ENOSYS where the file system or kernel cannot exchange).
int cfileswap_exchange(const char *first, const char *second);

/// Takes an exclusive flock(2) on `fd`: waiting when `wait` is non-zero, else at once or -1 with
/// errno EWOULDBLOCK when another open file description holds it (in any process, any PID namespace).
int cfileswap_lock(int fd, int wait);
/// The commit carereport was built from ("" when built without make, which stamps it).
const char *cfileswap_build_commit(void);

#endif
