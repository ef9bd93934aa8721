import Foundation

/// A subcommand's usage error: one line on standard error and exit status
/// 64, the convention of the CLI (`EX_USAGE`).
enum UsageError {
    /// Writes `streammark-bench COMMAND: MESSAGE (usage: SYNOPSIS)` and
    /// returns 64.
    static func report(_ command: String, _ message: String, synopsis: String) -> Int32 {
        FileHandle.standardError.write(Data("streammark-bench: \(command): \(message) (usage: \(synopsis))\n".utf8))
        return 64
    }
}
