import StreamMark
import StreamMarkOptions

/// `streammark verify [--chunking every-byte|lines|random:SEED|mixed:SEED|N]
/// [--full-checks N] [--smart] [--no-gfm] [--extensions LIST] FILE...`:
/// streams each file through the prefix harness and prints one summary line
/// per file. `--full-checks N` compares the whole tree at most N times while
/// streaming (0: only after the end; the default is every boundary).
enum VerifyCommand {
    /// The one-line usage.
    static let usage =
        "usage: streammark verify [--chunking every-byte|lines|random:SEED|mixed:SEED|N] [--full-checks N] "
        + "[--smart] [--no-gfm] [--extensions LIST] FILE... | streammark verify --template …"

    /// Runs the command and returns the exit status: 0 if every file
    /// passed, 1 (with the first violation on stderr) otherwise, 64 for bad
    /// arguments.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains(where: { $0 == "--template" || $0.hasPrefix("--template=") }) {
            return TemplateCommand.verify(arguments)
        }
        let options: Options
        do {
            options = try Options(arguments)
        } catch {
            return error.report(usage: usage)
        }
        let harness = PrefixHarness(options: options.parseOptions, fullCheckLimit: options.fullCheckLimit)
        var firstViolation: String?
        for file in options.files {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(file)
            } catch {
                OutputSink.standardError.write("streammark: \(error)\n")
                return ExitStatus.failure
            }
            let report = harness.verify(name: file, bytes: bytes, chunking: options.chunking)
            OutputSink.standardOutput.write(report.summaryLine + "\n")
            if firstViolation == nil, let violation = report.violations.first {
                firstViolation = violation.description
            }
        }
        if let firstViolation {
            OutputSink.standardError.write("streammark: \(firstViolation)\n")
            return 1
        }
        return 0
    }
}
