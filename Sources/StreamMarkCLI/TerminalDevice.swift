#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGWINCH handler; read and cleared by the main loop.
nonisolated(unsafe) var windowSizeChanged: sig_atomic_t = 0

/// Queries about the controlling terminal: whether a descriptor is one, its
/// size (`ioctl(TIOCGWINSZ)`), and resize notifications (SIGWINCH).
enum TerminalDevice {
    /// Whether the descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The size of the terminal on `descriptor` as (columns, rows), or `nil`
    /// when it is not a terminal or reports zero.
    static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Installs the SIGWINCH handler (without `SA_RESTART`, so a blocked
    /// `poll` returns and the resize is handled at once).
    static func watchResizes() {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in windowSizeChanged = 1 }
        #else
            action.__sigaction_u.__sa_handler = { _ in windowSizeChanged = 1 }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGWINCH, &action, nil)
        // A parent may have started us with SIGWINCH blocked (the mask is
        // inherited across exec): unblock it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGWINCH)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Returns whether a resize was signalled since the last call.
    static func takeResize() -> Bool {
        if windowSizeChanged != 0 {
            windowSizeChanged = 0
            return true
        }
        return false
    }
}
