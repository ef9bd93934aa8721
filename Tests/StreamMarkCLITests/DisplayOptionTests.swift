import Foundation
import StreamMark
import StreamMarkHTML
import Testing

/// `--partial`, the display in `--fragments` and `--format patches --display`
/// (`docs/provisional.md`).
@Suite("streammark provisional display")
final class DisplayOptionTests {
    /// The input files a test wrote, removed when it ends.
    private var files: [URL] = []

    deinit { for url in files { try? FileManager.default.removeItem(at: url) } }

    func file(_ text: String) -> String {
        let url = CLI.temporaryFile(".md")
        files.append(url)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8)))
        return url.path
    }

    @Test func partialHTMLShowsTheDisplay() {
        guard let result = CLI.run(["--partial", "--format", "html", file("Here is **bold te")]) else { return }
        #expect(result.status == 0)
        #expect(result.text == "<p>Here is <strong>bold te</strong></p>\n")
    }

    @Test func partialTreeShowsTheDisplay() {
        guard let result = CLI.run(["--partial", "--format", "tree", file("| a | b |\n|--")]) else { return }
        #expect(result.status == 0)
        #expect(result.text == "doc document 0..<13\n  e0 table 0..<13 columns=2\n")
    }

    /// The terminal picture of a prefix is the one of its completed text.
    @Test func partialTerminalShowsTheDisplay() {
        guard let partial = CLI.run(["--partial", "--width", "40", file("Here is **bold te")]),
            let complete = CLI.run(["--width", "40", file("Here is **bold te**")])
        else { return }
        #expect(partial.status == 0)
        #expect(partial.text == complete.text)
        #expect(partial.text == "Here is **bold te**\n")
    }

    /// Without `--partial` the stream is finished: the truth.
    @Test func finishedHTMLShowsTheTruth() {
        guard let result = CLI.run(["--format", "html", file("Here is **bold te")]) else { return }
        #expect(result.text == "<p>Here is **bold te</p>\n")
    }

    /// `--partial` equals the library's display of the same prefix.
    @Test(arguments: CLI.corpusNames.prefix(8))
    func partialMatchesLibrary(name: String) {
        let bytes = CLI.corpus(name)
        let prefix = Array(bytes.prefix(bytes.count * 3 / 5))
        let url = CLI.temporaryFile(".md")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(prefix)))
        guard let result = CLI.run(["--partial", "--format", "html", url.path]) else { return }
        var document = StreamingDocument()
        document.append(bytes: prefix)
        #expect(result.text == HTMLRenderer().render(document.displayRoot()))
    }

    /// While streaming, no fragment shows a raw `**` or a backtick; the last
    /// fragment of each block is the truth, and they compose the document.
    @Test func fragmentsShowTheDisplayWhileStreaming() throws {
        let text = "Say **hi there** and `run it` now.\n\nNext *one*.\n"
        guard let result = CLI.run(["--format", "html", "--fragments", "--replay", "3", file(text)]) else {
            return
        }
        var latest: [String: String] = [:]
        var order: [String] = []
        for line in result.output.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let id = try #require(object["id"] as? String)
            let html = try #require(object["html"] as? String)
            #expect(!html.contains("*") && !html.contains("`"), "\(html)")
            if latest[id] == nil { order.append(id) }
            latest[id] = html
        }
        #expect(order == ["e0", "e36"])
        #expect(order.compactMap { latest[$0] }.joined() == HTMLRenderer().render(MarkdownParser().parse(text)))
    }

    struct DisplayLine: Decodable {
        var op: String
        var v: Int?
        var id: BlockID
        var blocks: [Block]?
    }

    /// Splits a patch stream into its display lines and the rest.
    static func split(_ output: [UInt8]) -> (displays: [[UInt8]], patches: [UInt8]) {
        var displays: [[UInt8]] = []
        var patches: [UInt8] = []
        for line in output.split(separator: UInt8(ascii: "\n")) {
            if line.starts(with: Array(#"["d","#.utf8)) || line.starts(with: Array(#"{"v":1,"op":"display""#.utf8)) {
                displays.append(Array(line))
            } else {
                patches += line + [UInt8(ascii: "\n")]
            }
        }
        return (displays, patches)
    }

    /// Display lines (version 1, whose blocks decode as `Block`): the
    /// patches alone still replay to the one-shot tree; the display lines
    /// show the open block completed.
    @Test func patchesCarryDisplayLines() throws {
        let text = "Say **hi there** and `co"
        guard
            let result = CLI.run([
                "--format", "patches", "--protocol", "1", "--display", "--replay", "5", file(text),
            ])
        else { return }
        #expect(result.status == 0)
        let (lines, patches) = Self.split(result.output)
        var client = PatchStreamClient()
        try client.apply(stream: patches)
        #expect(client.root == MarkdownParser().parse(text))
        let displays = try lines.map { try JSONDecoder().decode(DisplayLine.self, from: Data($0)) }
        // "Say *": the lone `*` is not shown yet.
        #expect(displays.first?.blocks?.first?.kind == .paragraph(inlines: [.text("Say")]))
        // "Say **hi t": the bold is closed.
        #expect(
            displays.dropFirst().first?.blocks?.first?.kind
                == .paragraph(inlines: [.text("Say "), .strong([.text("hi t")])]))
        // The last display shows the code span closed.
        #expect(
            displays.last?.blocks?.first?.kind
                == .paragraph(inlines: [.text("Say "), .strong([.text("hi there")]), .text(" and "), .code("co")]))
        #expect(displays.allSatisfy { $0.op == "display" && $0.v == 1 && $0.id == "e0" })
    }

    /// Version 2 (the default): display lines are short-form arrays with
    /// short-form blocks (no ranges, ids as strings so that they leave the
    /// stream's id register alone); the other lines replay to the one-shot tree.
    @Test func version2DisplayLinesUseVersion2Blocks() throws {
        let text = "Intro\n\n| a | b |\n|-"
        guard let result = CLI.run(["--format", "patches", "--display", "--replay", "4", file(text)]) else {
            return
        }
        #expect(result.status == 0)
        let (lines, patches) = Self.split(result.output)
        var client = PatchStreamClient()
        try client.apply(stream: patches)
        #expect(client.root == MarkdownParser().parse(text).removingRanges())
        let last = try #require(lines.last.map { String(decoding: $0, as: UTF8.self) })
        #expect(last == #"["d","e7",[["e7",[14,"nn",[["a"],["b"]]]]]]"#)
    }

    @Test(arguments: [
        ["--partial", "--format", "patches"], ["--display"], ["--display", "--format", "html"],
        ["--partial", "--format", "html", "--fragments"], ["--partial=yes"],
    ])
    func usageErrorExits64(arguments: [String]) {
        guard let result = CLI.run(arguments) else { return }
        #expect(result.status == 64, "\(arguments)")
        #expect(result.output.isEmpty)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.hasPrefix("streammark: "))
    }
}
