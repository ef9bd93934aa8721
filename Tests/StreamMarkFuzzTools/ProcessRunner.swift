import Foundation

/// Runs a program on a file with a time limit, its output captured in
/// files (no pipe can fill up), and says how it ended. The programs under
/// test run in their own process so a crash or a hang is a finding, not the
/// end of the fuzzer.
struct ProcessRunner {
    /// How a run ended.
    enum Ending: Hashable, Sendable, CustomStringConvertible {
        /// Exited with this status.
        case exit(Int32)
        /// Killed by this signal (a trap is SIGILL or SIGTRAP, an abort SIGABRT).
        case signal(Int32)
        /// Still running after the time limit (then killed).
        case timeout

        var description: String {
            switch self {
            case .exit(let status): "exit \(status)"
            case .signal(let signal): "signal \(signal)"
            case .timeout: "timeout"
            }
        }
    }

    /// A finished run: how it ended, what it wrote.
    struct Result {
        let ending: Ending
        var output: [UInt8]
        var errors: String
    }

    /// A folder for the captured output (one per worker).
    let scratch: URL
    /// The time limit of one run, in seconds.
    let timeout: Double
    /// Whether a crash prints the Swift backtrace (slow: only to name a crash site).
    var backtrace = false

    /// Runs `executable` with `arguments` and waits at most ``timeout`` seconds.
    func run(_ executable: String, _ arguments: [String]) -> Result {
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try? Data().write(to: outputURL)
        try? Data().write(to: errorURL)
        guard let output = try? FileHandle(forWritingTo: outputURL),
            let errors = try? FileHandle(forWritingTo: errorURL)
        else { fatalError("cannot write in \(scratch.path)") }
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = backtrace ? "enable=yes,interactive=no" : "enable=no"
        process.environment = environment
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            fatalError("cannot run \(executable): \(error)")
        }
        let ending: Ending
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            done.wait()
            ending = .timeout
        } else {
            ending =
                process.terminationReason == .uncaughtSignal
                ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
        }
        let bytes = (try? Data(contentsOf: outputURL)).map { [UInt8]($0) } ?? []
        let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        return Result(ending: ending, output: bytes, errors: message)
    }
}
