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
    /// (trailing spaces and the end marker removed). `escapes`: the capture
    /// keeps the cells' attributes as SGR sequences (`capture-pane -e`);
    /// `environment` is set for the command.
    static func capture(
        _ arguments: [String], columns: Int, rows: Int, resizeTo newColumns: Int? = nil, escapes: Bool = false,
        environment: [String: String] = [:]
    ) -> [String]? {
        guard let tmux else {
            Issue.record("tmux is not installed: the live-mode test needs it (the CI script installs it)")
            return nil
        }
        guard let binary = CLI.path() else { return nil }
        let socket = "streammark-test-\(UUID().uuidString.prefix(8))"
        let marker = "__STREAMMARK_DONE__"
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(CLI.quoted($0.value)) " }.joined()
        let command =
            "\(variables)\(CLI.quoted(binary)) \(arguments.map(CLI.quoted).joined(separator: " ")); echo \(marker); sleep 120"
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
            let options = ["capture-pane", "-p", "-J"] + (escapes ? ["-e"] : []) + ["-S", "-"]
            guard let captured = CLI.execute(tmux, ["-L", socket] + options) else { return nil }
            lines = captured.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = String(line)
                while line.last == " " { line.removeLast() }
                return line
            }
            if let end = lines.firstIndex(where: { Self.strippingEscapes($0) == marker }) {
                lines = Array(lines[..<end])
                return lines
            }
        }
        Issue.record("streammark did not finish under tmux within 120 s")
        return nil
    }

    /// `line` without CSI and OSC sequences.
    static func strippingEscapes(_ line: String) -> String {
        StyledCapture.lines(line).first.map { line in
            var out = ""
            var inEscape = false
            for character in line {
                if character == "\u{1B}" {
                    inEscape = true
                } else if inEscape {
                    if character == "m" { inEscape = false }
                } else {
                    out.append(character)
                }
            }
            return out
        } ?? ""
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

    /// Default styles on a terminal: code is highlighted, and the whole
    /// scrollback plus screen has the cells — characters, colors, bold,
    /// italic — of the one-shot `--color always` rendering: the live tail's
    /// colors (a docstring's lines on screen while it opened above) left
    /// nothing behind, every closed line was written once, as it ends.
    @Test(arguments: ["003-uniform-sampling-right-triangle.md", "023-terraform-playwright-multi-ip.md"])
    func highlightedCodeIsTheOneShotRendering(name: String) {
        let path = CLI.corpusPath(name)
        guard
            let lines = Self.capture(
                ["--replay", "16:1", "--no-hyperlinks", path], columns: 80, rows: 16, escapes: true)
        else { return }
        guard let oneShot = CLI.run(["--color", "always", "--no-hyperlinks", "--width", "80", path]) else { return }
        let expected = StyledCapture.lines(oneShot.text)
        let captured = StyledCapture.lines(lines.joined(separator: "\n"))
        // Highlighted: keyword, string and comment colors are there.
        for color in ["38;5;170", "38;5;114", "38;5;245"] {
            #expect(captured.contains { $0.contains(color) }, "\(color)")
        }
        #expect(captured == expected)
        if captured != expected {
            let first = zip(captured, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            let (got, want) = (captured[first].debugDescription, expected[first].debugDescription)
            Issue.record("line \(first + 1): \(got) vs \(want)")
        }
    }

    /// `NO_COLOR` (and `--color never`, with either theme) on a terminal:
    /// not one SGR sequence, the plain rendering.
    @Test(arguments: [
        (["--no-hyperlinks"], ["NO_COLOR": "1"]), (["--color", "never", "--theme", "light", "--no-hyperlinks"], [:]),
    ])
    func noColorOnATerminal(arguments: [String], environment: [String: String]) {
        let path = CLI.corpusPath("003-uniform-sampling-right-triangle.md")
        guard
            let lines = Self.capture(
                ["--replay", "16:1"] + arguments + [path], columns: 80, rows: 16, escapes: true,
                environment: environment)
        else { return }
        #expect(!lines.contains { $0.contains("\u{1B}") })
        #expect(lines == Self.plain(path, width: 80))
    }
}
