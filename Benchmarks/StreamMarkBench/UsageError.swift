import Foundation
import StreamMarkOptions

/// A usage error of `streammark-bench` or a subcommand, as in `streammark`:
/// one line on standard error, `streammark-bench: MESSAGE — usage: …`, and
/// exit status 64 (`EX_USAGE`). Every command reads its arguments with the
/// shared `OptionScanner`.
enum UsageError {
    /// Writes the line for `error` and returns 64; for `OptionError.help`,
    /// prints `usage` on standard output and returns 0.
    static func report(_ error: OptionError, usage: String) -> Int32 {
        if error.isHelp {
            print(usage)
            return ExitStatus.success
        }
        FileHandle.standardError.write(Data(error.line(program: "streammark-bench", usage: usage).utf8))
        return ExitStatus.usage
    }

    /// Runs `body` (which parses the arguments, then runs the command) and
    /// returns its status, or reports its usage error.
    static func run(usage: String, _ body: () throws(OptionError) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            return report(error, usage: usage)
        }
    }

    /// Writes `streammark-bench: cannot read PATH: reason` and returns 1.
    static func cannotRead(_ failure: InputFile.Failure) -> Int32 {
        FileHandle.standardError.write(Data("streammark-bench: \(failure)\n".utf8))
        return ExitStatus.failure
    }
}
