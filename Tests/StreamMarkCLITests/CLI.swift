import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `streammark` binary (found next to the test bundle, in the
/// build products directory) and other programs.
enum CLI {
    /// The output of a run.
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: String
        var seconds: Double
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// The repository root, from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `streammark` executable in the build products directory.
    static let binary: URL? = product("streammark")

    /// The `streammark-bench` executable in the build products directory.
    static let benchBinary: URL? = product("streammark-bench")

    /// An executable of the package, next to the test bundle.
    static func product(_ name: String) -> URL? {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The path of the binary, or a recorded failure.
    static func path() -> String? {
        guard let binary else {
            Issue.record("streammark binary not found next to the test bundle; build it with `swift build`")
            return nil
        }
        return binary.path
    }

    /// Runs `streammark-bench` with `arguments` (as ``run(_:input:environment:)``).
    static func runBench(_ arguments: [String], input: [UInt8]? = nil) -> Result? {
        guard let benchBinary else {
            Issue.record("streammark-bench not found next to the test bundle; build it with `swift build`")
            return nil
        }
        return execute(benchBinary.path, arguments, input: input)
    }

    /// A fresh temporary file path.
    static func temporaryFile(_ suffix: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("streammark-cli-\(UUID().uuidString)\(suffix)")
    }

    /// Runs `streammark` with `arguments`, stdin from `input` (a file, so the
    /// binary reads it progressively) and stdout/stderr to files.
    static func run(
        _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:]
    ) -> Result? {
        guard let path = path() else { return nil }
        return execute(path, arguments, input: input, environment: environment)
    }

    /// Runs a program with `posix_spawn` and `waitpid` (Foundation's
    /// `Process` can miss the exit of a child that forks a daemon, as the
    /// tmux client does), stdin from a file, stdout and stderr to files.
    static func execute(
        _ executable: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:]
    ) -> Result? {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil
        for (key, value) in environment { env[key] = value }
        let inputURL = temporaryFile(".in")
        let outputURL = temporaryFile(".out")
        let errorURL = temporaryFile(".err")
        defer {
            for url in [inputURL, outputURL, errorURL] { try? FileManager.default.removeItem(at: url) }
        }
        _ = FileManager.default.createFile(atPath: inputURL.path, contents: Data(input ?? []))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inputURL.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // The child starts with no blocked signals and default handlers,
        // whatever the test runner's threads block.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGWINCH, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            Issue.record("cannot run \(executable): \(String(cString: strerror(spawned)))")
            return nil
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(start)
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? [UInt8](Data(contentsOf: outputURL))) ?? []
        let error = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output, error: error, seconds: seconds)
    }

    /// Runs a shell command line with bash.
    static func shell(_ command: String) -> Result? {
        execute("/bin/bash", ["-c", command])
    }

    /// Names of the Corpus/llm answers.
    static let corpusNames: [String] = {
        let directory = root.appendingPathComponent("Corpus/llm")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
    }()

    /// The path of a Corpus/llm answer.
    static func corpusPath(_ name: String) -> String {
        root.appendingPathComponent("Corpus/llm").appendingPathComponent(name).path
    }

    /// The bytes of a Corpus/llm answer.
    static func corpus(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: corpusPath(name))))) ?? []
    }

    /// Single-quotes a string for bash.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
