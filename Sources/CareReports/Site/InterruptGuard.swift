import Glibc

/// While a staging folder exists, SIGINT, SIGTERM and SIGHUP only set a flag: the writer stops at the
/// next file, removes the staging folder (a viewer's pages) and then the signal is raised again with
/// its default action, so Ctrl-C or a service stop leaves nothing private behind. (`kill -9` cannot
/// be caught; the next run removes what it leaves, see ``StagingCleaner``.)
enum InterruptGuard {
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    static var isInterrupted: Bool { caught != 0 }

    static func begin() {
        caught = 0
        for number in signals { signal(number) { InterruptGuard.caught = $0 } }
    }

    /// Restores the default actions and raises a signal caught meanwhile.
    static func end() {
        for number in signals { signal(number, SIG_DFL) }
        if caught != 0 { raise(caught) }
    }
}
