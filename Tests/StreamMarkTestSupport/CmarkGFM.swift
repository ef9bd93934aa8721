import Foundation

/// The `cmark-gfm` command (0.29.0.gfm.6), run as a process: the oracle for
/// the GitHub extensions' HTML. It is a test oracle only, never linked.
public enum CmarkGFM {
    public struct NotInstalled: Error, CustomStringConvertible {
        public var description: String { "cmark-gfm is not installed (it is required by these tests)" }
    }

    /// The executable, from `PATH` or the usual places.
    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates =
            path.split(separator: ":").map { String($0) + "/cmark-gfm" } + [
                "/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm",
            ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw NotInstalled()
        }
        return URL(fileURLWithPath: found)
    }

    /// `cmark-gfm [-e footnotes] -e table -e strikethrough -e autolink
    /// -e tasklist [--unsafe]` on `markdown`, with `-e NAME` for each of
    /// `extensions` too.
    public static func html(
        _ markdown: String, unsafe: Bool = false, footnotes: Bool = false, extensions: [String] = []
    ) throws -> String {
        let process = Process()
        process.executableURL = try executable()
        process.arguments =
            (footnotes ? ["-e", "footnotes"] : [])
            + ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist"] + (unsafe ? ["--unsafe"] : [])
            + extensions.flatMap { ["-e", $0] }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// `cmark-gfm` exited with a non-zero status.
    public struct Failed: Error {
        public var status: Int32
    }
}
