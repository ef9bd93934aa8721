import Foundation
import StreamMark

/// Peak memory of a streaming run, measured in a fresh child process (this
/// executable started again with `memory-probe`), so that earlier scenarios
/// do not raise the high-water mark.
enum MemoryProbe {
    /// The child's side: makes a generated long answer of `kilobytes` KB,
    /// streams it in `chunking` chunks and prints one JSON record whose
    /// `peakMemoryBytes` is `VmHWM` minus the `VmRSS` the process had before
    /// making the document (so the input text itself is included).
    static func runChild(kilobytes: Int, chunking: Chunking, cap: Double) -> Int32 {
        let baseline = status("VmRSS") ?? 0
        let bytes = Array(CorpusGenerator.longAnswer(bytes: kilobytes * 1024).utf8)
        var runner = BenchmarkRunner(cap: cap)
        var (record, _, _) = runner.streaming(
            "long-answer-\(kilobytes)kb (in memory)", bytes, chunking: chunking, system: "streammark-memory")
        let peak = status("VmHWM") ?? maxResidentFromRusage()
        record.peakMemoryBytes = max(0, peak - baseline)
        record.note = [
            "peak RSS growth of a fresh process (VmHWM − VmRSS at start), input buffer included",
            record.note,
        ].compactMap { $0 }.joined(separator: "; ")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { return 1 }
        print(String(decoding: data, as: UTF8.self))
        FileHandle.standardError.write(Data("sink \(runner.sink)\n".utf8))
        return 0
    }

    /// The parent's side: runs the child and decodes its record.
    static func measure(kilobytes: Int, chunking: Chunking, cap: Double) -> BenchmarkRecord? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = [
            "memory-probe", "--kilobytes", String(kilobytes), "--chunk", chunking.description, "--cap", String(cap),
        ]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try? JSONDecoder().decode(BenchmarkRecord.self, from: data)
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first { Int($0) != nil }
            return digits.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// `ru_maxrss` (kilobytes on Linux), in bytes.
    static func maxResidentFromRusage() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_maxrss) * 1024
    }

    /// This executable's path.
    static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }
}
