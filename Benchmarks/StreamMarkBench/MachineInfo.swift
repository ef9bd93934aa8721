import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The machine and source revision a run was measured on, printed with
/// `--markdown` so that the README's figures say where they come from.
struct MachineInfo {
    var cpu = "unknown CPU"
    var processors = 0
    var memory = "unknown"
    var kernel = "unknown"
    var swift = "unknown"
    var commit = "unknown"
    var engineDirty = false
    var loadAverage = ""

    /// Reads `/proc`, `uname`, `swift --version` and `git` (each optional;
    /// `STREAMMARK_COMMIT` names the commit when the sources are not a git
    /// checkout).
    static func current() -> MachineInfo {
        var info = MachineInfo()
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            info.cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        info.processors = ProcessInfo.processInfo.activeProcessorCount
        info.memory = String(format: "%.1f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)
        var names = utsname()
        if uname(&names) == 0 {
            info.kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        info.swift = run(["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"
        let root = CorpusLocation.repositoryRoot.path
        info.commit =
            ProcessInfo.processInfo.environment["STREAMMARK_COMMIT"]
            ?? run(["git", "-C", root, "rev-parse", "--short", "HEAD"]) ?? "unknown (not a git checkout)"
        info.engineDirty = !(run(["git", "-C", root, "status", "--porcelain", "--", "Sources"]) ?? "").isEmpty
        info.loadAverage = loadAverageNow()
        return info
    }

    /// The 1, 5 and 15 minute load averages.
    static func loadAverageNow() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ") ?? "unknown"
    }

    /// Runs a command found on `PATH` and returns its trimmed output, or
    /// `nil` if it cannot run or fails.
    static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Markdown lines describing the run.
    func markdown(command: String, loadAfter: String, seconds: Double) -> String {
        """
        - Command: `\(command)` (\(String(format: "%.0f", seconds)) s)
        - Source: commit `\(commit)`\(engineDirty ? " with uncommitted changes under `Sources/`" : "")
        - Machine: \(cpu), \(processors) processors, \(memory) memory, Linux \(kernel)
        - Toolchain: \(swift)
        - Load average (1/5/15 min) before the run: \(loadAverage); after: \(loadAfter)
        - Clock: \(Clock.name), \(String(format: "%.0f", Clock.overhead())) ns per reading
        """
    }
}
