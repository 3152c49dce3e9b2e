import Glibc

/// Turns the SIGBUS of reading a mapped input file that was cut short while it was read (an exporter
/// or rsync rewriting it during a run) into a clear error naming the file, exit status 66, instead of
/// a crash (exit 135). Each `MappedFile` registers its range here; a SIGBUS at any other address
/// stays a crash.
enum TruncationGuard {
    /// The exit status: the input cannot be read.
    static let exitStatus: Int32 = 66
    static let capacity = 4096

    /// One mapped range and its message, written by registering code, read by the handler.
    struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
    }

    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    nonisolated(unsafe) static var lock = pthread_mutex_t()
    nonisolated(unsafe) static var installed = false

    /// Watches `bytes`, mapped from `path`; the slot to hand to `unregister`, or nil when all are taken.
    static func register(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let text = "\(path): error: cannot read: the file was cut short while it was being read (is something rewriting it?); nothing was written\n"
        let message = strdup(text)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !installed {
            installed = true
            var action = sigaction()
            action.sa_flags = SA_SIGINFO
            action.__sigaction_handler.sa_sigaction = { _, info, _ in TruncationGuard.handle(info) }
            sigemptyset(&action.sa_mask)
            sigaction(SIGBUS, &action, nil)
        }
        for index in 0..<capacity where slots[index].end == 0 {
            slots[index].message = message
            slots[index].length = strlen(message!)
            slots[index].start = UInt(bitPattern: base)
            slots[index].end = UInt(bitPattern: base) + UInt(bytes.count)
            return index
        }
        free(message)
        return nil
    }

    /// Stops watching the range registered as `slot`.
    static func unregister(_ slot: Int) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        slots[slot].end = 0
        slots[slot].start = 0
        free(slots[slot].message)
        slots[slot].message = nil
    }

    /// The signal handler: only async-signal-safe calls (write, _exit, signal).
    static func handle(_ info: UnsafeMutablePointer<siginfo_t>?) {
        let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
        for index in 0..<capacity {
            let slot = slots[index]
            if slot.end != 0, address >= slot.start, address < slot.end, let message = slot.message {
                _ = Glibc.write(STDERR_FILENO, message, slot.length)
                _exit(exitStatus)
            }
        }
        // Not an input file: the default action (a crash, as before) when the access is retried.
        signal(SIGBUS, SIG_DFL)
    }
}
