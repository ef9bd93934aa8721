import Foundation
import StreamMark
import Testing

/// Bad arguments, unreadable files, hostile input and a closed reader.
@Suite("streammark failures")
struct FailureTests {
    @Test(arguments: [
        ["--bogus"], ["--format", "xml"], ["--format"], ["--width", "0"], ["--width", "abc"],
        ["--color", "sometimes"], ["--replay", "0"], ["--replay", "8:x"], ["--replay", "a:b:c"],
        ["--extensions", "table,nope"], ["--fragments"], ["a.md", "b.md"], ["--smart=yes"],
        ["verify", "--chunking", "sideways", "x.md"], ["verify"], ["verify", "--bogus", "x.md"],
    ])
    func usageErrorExits64(arguments: [String]) {
        guard let result = CLI.run(arguments) else { return }
        #expect(result.status == 64, "\(arguments)")
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.error)")
        #expect(result.error.hasPrefix("streammark: "))
        #expect(result.error.contains("usage: streammark"))
    }

    @Test func missingFileExits1NamingIt() {
        let path = "/nonexistent/streammark-test.md"
        guard let result = CLI.run([path]) else { return }
        #expect(result.status == 1)
        #expect(result.error == "streammark: cannot read \(path): No such file or directory\n")
        guard let verify = CLI.run(["verify", path]) else { return }
        #expect(verify.status == 1)
        #expect(verify.error == "streammark: cannot read \(path): No such file or directory\n")
    }

    @Test func directoryExits1NamingIt() {
        let path = FileManager.default.temporaryDirectory.path
        guard let result = CLI.run(["--format", "html", path]) else { return }
        #expect(result.status == 1)
        #expect(result.error == "streammark: cannot read \(path): Is a directory\n")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let bytes: [UInt8] =
            Array("# Title\n\nabc ".utf8) + [0xFF, 0xC3, 0x28, 0xE2, 0x82] + Array(" def\n\n- \u{00E9}".utf8) + [
                0xF0, 0x9F,
            ]
        guard let patches = CLI.run(["--format", "patches", "--replay", "3"], input: bytes) else { return }
        #expect(patches.status == 0)
        #expect(try FormatTests.replay(patches.output) == MarkdownParser().parse(bytes: bytes).removingRanges())
        guard let terminal = CLI.run([], input: bytes) else { return }
        #expect(terminal.status == 0)
        #expect(terminal.text.contains("abc \u{FFFD}\u{FFFD}(\u{FFFD} def"))
        #expect(terminal.text.hasSuffix("• é\u{FFFD}\n"))
    }

    /// Random bytes (NUL, ESC, invalid UTF-8): no crash, no escape sequence
    /// reaches the terminal, nothing is lost from the tree.
    @Test(arguments: [1, 2, 3])
    func binaryInputIsHandled(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let bytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard let terminal = CLI.run(["--width", "60"], input: bytes) else { return }
        #expect(terminal.status == 0)
        #expect(!terminal.output.contains(0x1B))
        #expect(!terminal.output.isEmpty)
        guard let patches = CLI.run(["--format", "patches", "--replay", "97"], input: bytes) else { return }
        #expect(patches.status == 0)
        #expect(try FormatTests.replay(patches.output) == MarkdownParser().parse(bytes: bytes).removingRanges())
    }

    /// 50 MB without a newline through a pipe: completes in bounded time
    /// with every word in the output (reads are batched as the open block
    /// grows, so the work is not quadratic). GFM is off here because the
    /// engine's autolink pass makes a debug build take minutes on 50 MB.
    @Test func fiftyMegabyteLineCompletes() throws {
        guard let binary = CLI.path() else { return }
        let output = CLI.temporaryFile(".out")
        defer { try? FileManager.default.removeItem(at: output) }
        let command =
            "yes word | tr '\\n' ' ' | head -c 50000000 | "
            + "\(CLI.quoted(binary)) --no-gfm --width 100 > \(CLI.quoted(output.path)); exit ${PIPESTATUS[3]}"
        guard let result = CLI.shell(command) else { return }
        #expect(result.status == 0, "\(result.error)")
        #expect(result.seconds < 240, "took \(result.seconds) s")
        let data = try Data(contentsOf: output)
        var words = 0
        var lines = 0
        data.withUnsafeBytes { buffer in
            for byte in buffer {
                if byte == UInt8(ascii: "w") { words += 1 }
                if byte == UInt8(ascii: "\n") { lines += 1 }
            }
        }
        #expect(words == 10_000_000)
        #expect(lines == 10_000_000 / 20)
    }

    /// A full disk (`/dev/full` fails every write with ENOSPC): one line on
    /// standard error, status 1, for the streaming and the end-only formats.
    @Test(arguments: [["--format", "patches"], ["--format", "html"], ["--width", "40"]])
    func fullDiskIsAFailure(arguments: [String]) {
        guard let binary = CLI.path() else { return }
        let input = CLI.temporaryFile(".md")
        defer { try? FileManager.default.removeItem(at: input) }
        _ = FileManager.default.createFile(atPath: input.path, contents: Data(CLI.corpus(CLI.corpusNames[0])))
        let command =
            "\(CLI.quoted(binary)) \(arguments.map(CLI.quoted).joined(separator: " ")) \(CLI.quoted(input.path)) "
            + "> /dev/full; echo \"status=$?\""
        guard let result = CLI.shell(command) else { return }
        #expect(result.text == "status=1\n", "\(result.text)")
        #expect(result.error == "streammark: cannot write output: No space left on device\n", "\(result.error)")
    }

    /// `| head -1`: the reader goes away; streammark exits quietly, status 0.
    @Test(arguments: [
        ["--format", "patches", "--replay", "16"], ["--format", "html", "--fragments", "--replay", "16"],
        ["--width", "40"],
    ])
    func closedStdoutExitsQuietly(arguments: [String]) {
        guard let binary = CLI.path() else { return }
        let input = CLI.temporaryFile(".md")
        defer { try? FileManager.default.removeItem(at: input) }
        // Large enough to overflow the pipe after `head` exits.
        let bytes = Array(repeating: CLI.corpus(CLI.corpusNames[0]), count: 30).flatMap { $0 }
        _ = FileManager.default.createFile(atPath: input.path, contents: Data(bytes))
        let command =
            "\(CLI.quoted(binary)) \(arguments.map(CLI.quoted).joined(separator: " ")) \(CLI.quoted(input.path)) "
            + "| head -1 > /dev/null; echo \"status=${PIPESTATUS[0]}\""
        guard let result = CLI.shell(command) else { return }
        #expect(result.text == "status=0\n", "\(result.text)")
        #expect(result.error.isEmpty, "\(result.error)")
    }
}
