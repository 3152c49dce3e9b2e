import Foundation

/// A lock for the shortest critical sections (a dictionary lookup) taken very often from every
/// core: it spins instead of putting the thread to sleep, so two threads asking at once cost a few
/// nanoseconds, not two system calls (an `NSLock` under contention sleeps in the kernel).
final class SpinLock: @unchecked Sendable {
    private let spin: UnsafeMutablePointer<pthread_spinlock_t>

    init() {
        spin = .allocate(capacity: 1)
        pthread_spin_init(spin, Int32(PTHREAD_PROCESS_PRIVATE))
    }

    deinit {
        pthread_spin_destroy(spin)
        spin.deallocate()
    }

    func lock() { pthread_spin_lock(spin) }
    func unlock() { pthread_spin_unlock(spin) }
}
