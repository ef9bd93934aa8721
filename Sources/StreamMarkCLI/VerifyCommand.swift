import StreamMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// passed, 1 (with the first violation on stderr) otherwise.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--template") {
            return runTemplateVerify(arguments.filter { $0 != "--template" })
        }
        var chunking = PrefixHarness.Chunking.everyByte
        var fullCheckLimit: Int?
        var smart = false
        var extensions = ParseOptions.Extensions.gfm
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--chunking":
                index += 1
                guard index < arguments.count, let value = PrefixHarness.Chunking(argument: arguments[index]) else {
                    return usageError("bad or missing --chunking value")
                }
                chunking = value
            case "--full-checks":
                index += 1
                guard index < arguments.count, let value = Int(arguments[index]), value >= 0 else {
                    return usageError("bad or missing --full-checks value")
                }
                fullCheckLimit = value
            case "--smart": smart = true
            case "--no-gfm": extensions = .none
            case "--extensions":
                index += 1
                guard index < arguments.count, let value = ParseOptions.Extensions(names: arguments[index]) else {
                    return usageError("bad or missing --extensions value")
                }
                extensions = value
            case "--help", "-h":
                OutputSink.standardOutput.write(usage + "\n")
                return 0
            default:
                if argument.hasPrefix("--chunking=") {
                    guard let value = PrefixHarness.Chunking(argument: String(argument.dropFirst(11))) else {
                        return usageError("bad --chunking value")
                    }
                    chunking = value
                } else if argument.hasPrefix("-") && argument != "-" {
                    return usageError("unknown option '\(argument)'")
                } else {
                    files.append(argument)
                }
            }
            index += 1
        }
        guard !files.isEmpty else { return usageError("no files to verify") }
        let harness = PrefixHarness(
            options: ParseOptions(smartPunctuation: smart, extensions: extensions), fullCheckLimit: fullCheckLimit)
        var firstViolation: String?
        for file in files {
            guard let bytes = readAll(file) else { return 1 }
            let report = harness.verify(name: file, bytes: bytes, chunking: chunking)
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

    private static func usageError(_ message: String) -> Int32 {
        OutputSink.standardError.write("streammark: \(message) — \(usage)\n")
        return 64
    }

    /// Reads a whole file (or stdin for `-`), reporting failures.
    static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        if descriptor < 0 {
            OutputSink.standardError.write("streammark: cannot read \(path): \(String(cString: strerror(errno)))\n")
            return nil
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var reader = InputReader(descriptor: descriptor)
        var bytes: [UInt8] = []
        while true {
            switch reader.next(cap: 1 << 20, timeout: -1) {
            case .bytes(let more): bytes.append(contentsOf: more)
            case .idle: continue
            case .end: return bytes
            case .failure(let error):
                OutputSink.standardError.write("streammark: cannot read \(path): \(String(cString: strerror(error)))\n")
                return nil
            }
        }
    }
}
