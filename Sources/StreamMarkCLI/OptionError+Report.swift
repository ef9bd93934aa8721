import StreamMarkOptions

extension OptionError {
    /// Writes `streammark: MESSAGE — USAGE` (one line) on standard error and
    /// returns the usage exit status, 64; for ``OptionError/help``, writes
    /// the usage on standard output and returns 0.
    func report(usage: String) -> Int32 {
        if isHelp {
            OutputSink.standardOutput.write(usage + "\n")
            return ExitStatus.success
        }
        OutputSink.standardError.write(line(program: "streammark", usage: usage))
        return ExitStatus.usage
    }
}
