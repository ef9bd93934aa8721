/// The exit statuses of the commands.
package enum ExitStatus {
    /// Success.
    package static let success: Int32 = 0
    /// An unreadable file or an output error, a failed stream or check: one
    /// line on standard error.
    package static let failure: Int32 = 1
    /// A usage error (`EX_USAGE`): one line on standard error.
    package static let usage: Int32 = 64
}
