import Foundation

/// Debian's `pandoc`, run as a process: the oracle for which text is dollar
/// math (`pandoc -f commonmark_x -t json`, its `Math` nodes). A test oracle
/// only, never linked.
public enum Pandoc {
    public struct NotInstalled: Error, CustomStringConvertible {
        public var description: String { "pandoc is not installed (scripts/setup.sh --test installs it)" }
    }

    /// `pandoc` exited with a non-zero status, or wrote what is not JSON.
    public struct Failed: Error {
        public var status: Int32
    }

    /// One `Math` node: display or inline, and its TeX.
    public struct Math: Equatable, CustomStringConvertible {
        public var display: Bool
        public var tex: String

        public init(display: Bool, tex: String) {
            self.display = display
            self.tex = tex
        }

        public var description: String { (display ? "$$" : "$") + tex + (display ? "$$" : "$") }
    }

    /// The executable, from `PATH` or the usual places.
    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { String($0) + "/pandoc" } + ["/usr/bin/pandoc"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw NotInstalled()
        }
        return URL(fileURLWithPath: found)
    }

    /// The `Math` nodes of `markdown` read as `commonmark_x`, in document
    /// order.
    public static func math(_ markdown: String) throws -> [Math] {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["-f", "commonmark_x", "-t", "json"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Write on another thread: a large input would fill the pipe while
        // pandoc's output is unread.
        let data = Data(markdown.utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let document = try? JSONSerialization.jsonObject(with: json) else {
            throw Failed(status: process.terminationStatus)
        }
        var found: [Math] = []
        collect(document, into: &found)
        return found
    }

    private static func collect(_ value: Any, into found: inout [Math]) {
        if let object = value as? [String: Any] {
            if object["t"] as? String == "Math", let content = object["c"] as? [Any], content.count == 2,
                let kind = (content[0] as? [String: Any])?["t"] as? String, let tex = content[1] as? String
            {
                found.append(Math(display: kind == "DisplayMath", tex: tex))
                return
            }
            // Keys in a fixed order: "t" before "c" (pandoc's own order).
            for key in object.keys.sorted() { collect(object[key]!, into: &found) }
        } else if let array = value as? [Any] {
            for element in array { collect(element, into: &found) }
        }
    }
}
