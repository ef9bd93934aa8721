import Foundation
import Testing

/// `streammark` under a real pseudo-terminal: tmux runs it in a detached
/// session of fixed size; `capture-pane -p -J -S -` reads the scrollback and
/// the screen (wrapped rows joined) afterwards.
@Suite("streammark live mode under tmux", .serialized)
struct LiveModeTests {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `streammark arguments` in tmux and returns the captured lines
    /// (trailing spaces and the end marker removed).
    static func capture(
        _ arguments: [String], columns: Int, rows: Int, resizeTo newColumns: Int? = nil
    ) -> [String]? {
        guard let tmux else {
            Issue.record("tmux is not installed: the live-mode test needs it (the CI script installs it)")
            return nil
        }
        guard let binary = CLI.path() else { return nil }
        let socket = "streammark-test-\(UUID().uuidString.prefix(8))"
        let marker = "__STREAMMARK_DONE__"
        let command =
            "\(CLI.quoted(binary)) \(arguments.map(CLI.quoted).joined(separator: " ")); echo \(marker); sleep 120"
        defer { _ = CLI.execute(tmux, ["-L", socket, "kill-server"]) }
        guard
            let started = CLI.execute(
                tmux,
                ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
        else { return nil }
        #expect(started.status == 0, "tmux new-session failed: \(started.error)")
        _ = CLI.execute(tmux, ["-L", socket, "set-option", "-g", "history-limit", "50000"])
        if let newColumns {
            // Resize once the stream is under way (its first lines are shown).
            let start = Date()
            while Date().timeIntervalSince(start) < 30 {
                Thread.sleep(forTimeInterval: 0.2)
                let screen = CLI.execute(tmux, ["-L", socket, "capture-pane", "-p", "-J"])?.text ?? ""
                if screen.contains("## Step 2") { break }
            }
            let resized = CLI.execute(tmux, ["-L", socket, "resize-window", "-x", "\(newColumns)", "-y", "\(rows)"])
            #expect(resized?.status == 0, "tmux resize-window: \(resized?.error ?? "")")
        }
        let deadline = Date().addingTimeInterval(120)
        var lines: [String] = []
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            guard let captured = CLI.execute(tmux, ["-L", socket, "capture-pane", "-p", "-J", "-S", "-"]) else {
                return nil
            }
            lines = captured.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = String(line)
                while line.last == " " { line.removeLast() }
                return line
            }
            if let end = lines.firstIndex(of: marker) {
                lines = Array(lines[..<end])
                return lines
            }
        }
        Issue.record("streammark did not finish under tmux within 120 s")
        return nil
    }

    /// The expected lines: the same binary's plain output (the terminal
    /// tests check that it is the one-shot rendering).
    static func plain(_ path: String, width: Int) -> [String] {
        guard let result = CLI.run(["--width", "\(width)", "--color", "never", "--no-hyperlinks", path]) else {
            return []
        }
        return result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
            .map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }
    }

    static let files = [
        "022-keras-csv-classifier.md", "030-zh-rectangle-area-segment-tree.md",
        "001-peer-support-nlp-alerts-project.md",
    ]

    /// Plain styles: the whole scrollback plus screen is exactly the final
    /// rendering — every closed block was written once, the live region
    /// left nothing behind.
    @Test(arguments: files)
    func scrollbackIsTheFinalRendering(name: String) {
        let path = CLI.corpusPath(name)
        guard
            let lines = Self.capture(
                ["--replay", "16:1", "--color", "never", "--no-hyperlinks", path], columns: 80, rows: 24)
        else { return }
        let expected = Self.plain(path, width: 80)
        #expect(!expected.isEmpty)
        #expect(lines == expected)
        // The final screen: the last 23 rows are the end of the document.
        #expect(lines.suffix(23) == expected.suffix(23))
    }

    /// Default styles (color, hyperlinks): each heading of the document is
    /// in the scrollback exactly once.
    @Test(arguments: files)
    func eachHeadingOnceWithStyles(name: String) {
        let path = CLI.corpusPath(name)
        guard let lines = Self.capture(["--replay", "16:1", path], columns: 80, rows: 24) else { return }
        // Heading lines of the plain output (not `#` comments inside code).
        var headings: [String] = []
        var inCode = false
        for line in Self.plain(path, width: 80) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inCode.toggle() }
            if !inCode && line.hasPrefix("#") { headings.append(line) }
        }
        #expect(!headings.isEmpty || name.hasPrefix("0"))
        for heading in headings {
            // Without color the plain text keeps ** markers; compare without them.
            let bare = heading.replacingOccurrences(of: "**", with: "")
            let count = lines.filter { $0.replacingOccurrences(of: "**", with: "") == bare }.count
            #expect(count == headings.filter { $0 == heading }.count, "\(heading) appears \(count)×")
        }
        #expect(lines.count > 20, "\(lines.prefix(30))")
    }

    /// The window narrows from 80 to 50 columns while the answer streams
    /// (SIGWINCH): the open block is redrawn at the new width, and every
    /// heading still appears exactly once.
    @Test func resizeWhileStreaming() {
        let name = "022-keras-csv-classifier.md"
        let path = CLI.corpusPath(name)
        guard
            let lines = Self.capture(
                ["--replay", "16:10", "--color", "never", "--no-hyperlinks", path], columns: 80, rows: 24, resizeTo: 50)
        else { return }
        let wide = Self.plain(path, width: 80)
        let narrow = Self.plain(path, width: 50)
        // The end of the document was rendered at the new width.
        #expect(lines.suffix(10) == narrow.suffix(10))
        #expect(lines.count < wide.count + narrow.count)
        for heading in [
            "## Step 1: Install Necessary Libraries", "## Step 9: Evaluate the Model", "## Additional Tips",
        ] {
            #expect(lines.filter { $0 == heading }.count == 1, "\(heading)")
        }
    }
}
