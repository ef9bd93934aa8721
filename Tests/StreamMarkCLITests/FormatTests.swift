import Foundation
import StreamMark
import StreamMarkHTML
import Testing

/// The output formats, checked against the library's one-shot results.
@Suite("streammark formats")
struct FormatTests {
    /// Decodes NDJSON patches (either protocol version) and applies them to
    /// an empty document; version 2 gives a tree without ranges.
    static func replay(_ output: [UInt8]) throws -> Block {
        var client = PatchStreamClient()
        try client.apply(stream: output)
        return client.root
    }

    @Test(arguments: CLI.corpusNames, ["1", "2"])
    func patchesReplayToOneShotTree(name: String, version: String) throws {
        guard
            let result = CLI.run(["--format", "patches", "--protocol", version, "--replay", "32", CLI.corpusPath(name)])
        else { return }
        #expect(result.status == 0, "\(result.error)")
        let root = try Self.replay(result.output)
        let expected = MarkdownParser().parse(bytes: CLI.corpus(name))
        #expect(root == (version == "1" ? expected : expected.removingRanges()))
    }

    @Test(arguments: CLI.corpusNames)
    func htmlEqualsOneShotHTML(name: String) {
        guard let result = CLI.run(["--format", "html", "--replay", "64", CLI.corpusPath(name)]) else { return }
        #expect(result.status == 0)
        #expect(result.text == HTMLRenderer().render(MarkdownParser().parse(bytes: CLI.corpus(name))))
    }

    /// Plain CommonMark output is byte for byte libcmark's own renderer.
    @Test(arguments: CLI.corpusNames)
    func commonMarkHTMLEqualsCmark(name: String) {
        guard let result = CLI.run(["--format", "html", "--no-gfm", CLI.corpusPath(name)]) else { return }
        #expect(result.status == 0)
        #expect(result.text == CmarkReference.html(CLI.corpus(name), options: []))
    }

    struct Fragment: Decodable {
        var id: String
        var keep: Int?
        var html: String?
    }

    /// Applies `--fragments` output: a `keep` line keeps that many UTF-8
    /// bytes of the block's fragment and appends its `html`.
    static func applyFragments(_ output: [UInt8]) throws -> (latest: [String: [UInt8]], lines: Int) {
        var latest: [String: [UInt8]] = [:]
        var lines = 0
        for line in output.split(separator: UInt8(ascii: "\n")) {
            let fragment = try JSONDecoder().decode(Fragment.self, from: Data(line))
            lines += 1
            guard let html = fragment.html else {
                latest[fragment.id] = nil
                continue
            }
            if let keep = fragment.keep {
                let old = try #require(latest[fragment.id], "keep for a fragment never sent")
                try #require(keep <= old.count)
                latest[fragment.id] = Array(old[..<keep]) + Array(html.utf8)
            } else {
                latest[fragment.id] = Array(html.utf8)
            }
        }
        return (latest, lines)
    }

    /// The last fragment of each top-level block, in document order, is the
    /// document's HTML.
    @Test(arguments: CLI.corpusNames.prefix(10))
    func fragmentsComposeTheDocument(name: String) throws {
        guard let result = CLI.run(["--format", "html", "--fragments", "--replay", "40", CLI.corpusPath(name)])
        else { return }
        #expect(result.status == 0)
        let (latest, lines) = try Self.applyFragments(result.output)
        let document = MarkdownParser().parse(bytes: CLI.corpus(name))
        #expect(lines > document.children.count, "fragments are streamed, not sent once")
        let composed = document.children.map {
            latest[$0.id.rawValue].map { String(decoding: $0, as: UTF8.self) } ?? "<missing \($0.id)>"
        }.joined()
        #expect(composed == HTMLRenderer().render(document))
    }

    /// A long list or quote that grows at the end is sent as deltas: the
    /// bytes written stay proportional to the document (without `keep`,
    /// every chunk re-sent the whole list: about 100 KB × 1,600 chunks).
    @Test(arguments: ["- ", "> "])
    func longOpenContainerIsSentAsDeltas(marker: String) throws {
        var generator = SplitMix64(seed: 5)
        var text = ""
        while text.utf8.count < 100_000 {
            let words = (0..<(4 + Int(generator.next() % 16))).map { _ in
                ["alpha", "**bold**", "`code`", "[link](https://x.org)", "beta", "*em*"][Int(generator.next() % 6)]
            }
            text += marker + words.joined(separator: " ") + "\n" + (marker == "> " ? ">\n" : "")
        }
        let input = CLI.temporaryFile(".md")
        defer { try? FileManager.default.removeItem(at: input) }
        _ = FileManager.default.createFile(atPath: input.path, contents: Data(text.utf8))
        guard let result = CLI.run(["--format", "html", "--fragments", "--replay", "64", input.path]) else { return }
        #expect(result.status == 0)
        let (latest, lines) = try Self.applyFragments(result.output)
        let document = MarkdownParser().parse(text)
        #expect(document.children.count == 1)
        #expect(lines > 1_000)
        #expect(latest.values.first.map { String(decoding: $0, as: UTF8.self) } == HTMLRenderer().render(document))
        #expect(result.output.count < 8 * text.utf8.count, "\(result.output.count) bytes for \(text.utf8.count)")
    }

    @Test func treeListsIdsKindsAndRanges() {
        let text = "# Title\n\n- a\n- b\n\n```swift\nx\n```\n"
        guard let result = CLI.run(["--format", "tree"], input: Array(text.utf8)) else { return }
        #expect(result.status == 0)
        let expected = """
            doc document 0..<33
              e0 heading 0..<7 level=1 "Title"
              e9.list list 9..<17 bullet tight
                e9 item 9..<12
                  e11 paragraph 11..<12 "a"
                e13 item 13..<17
                  e15 paragraph 15..<16 "b"
              e18 code_block 18..<32 fenced language=swift "x\\n"

            """
        #expect(result.text == expected)
    }

    /// Not a terminal: no escape sequences; streaming in small chunks ends
    /// exactly as reading the file at once (the terminal tests compare the
    /// latter with the one-shot renderer).
    @Test(arguments: CLI.corpusNames.prefix(8))
    func terminalFormatWithoutTTYIsPlainAndStable(name: String) {
        guard let streamed = CLI.run(["--width", "72", "--replay", "5", CLI.corpusPath(name)]),
            let whole = CLI.run(["--width", "72", CLI.corpusPath(name)])
        else { return }
        #expect(streamed.status == 0)
        #expect(!streamed.output.contains(0x1B))
        #expect(streamed.text == whole.text)
        #expect(streamed.output.count > CLI.corpus(name).count / 2)
    }

    /// Not a terminal, streamed in 4-byte chunks: every block is rendered
    /// exactly once (when it closes), the document never.
    @Test(arguments: CLI.corpusNames.prefix(6))
    func everyBlockRendersOnceWithoutTTY(name: String) {
        guard let result = CLI.run(["--replay", "4", "--stats", CLI.corpusPath(name)]) else { return }
        #expect(result.status == 0)
        var fields: [String: Int] = [:]
        for field in result.error.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        let blocks = MarkdownParser().parse(bytes: CLI.corpus(name)).subtreeCount
        #expect(fields["blocks"] == blocks)
        #expect(fields["renders"] == blocks - 1, "\(result.error)")
        #expect(fields["rendered-blocks"] == blocks - 1)
        #expect(fields["appends"] == (CLI.corpus(name).count + 3) / 4)
    }

    @Test func colorFlagsAndNoColor() {
        let input = Array("# Hi *there*\n".utf8)
        #expect(CLI.run(["--color", "always"], input: input)?.output.contains(0x1B) == true)
        #expect(
            CLI.run(["--color", "always"], input: input, environment: ["NO_COLOR": "1"])?.output.contains(0x1B) == true)
        #expect(CLI.run(["--color", "never"], input: input)?.output.contains(0x1B) == false)
        #expect(
            CLI.run(["--color", "auto"], input: input, environment: ["NO_COLOR": "1"])?.output.contains(0x1B) == false)
        #expect(
            CLI.run(["--color", "always"], input: input)?.text
                == "\u{1B}[1;4;38;5;213m# Hi \u{1B}[0m\u{1B}[1;3;4;38;5;213mthere\u{1B}[0m\n")
    }

    @Test func helpAndVersion() {
        let help = CLI.run(["--help"])
        #expect(help?.status == 0)
        #expect(help?.text.contains("--format terminal") == true)
        #expect(help?.text.contains("--replay BYTES[:MS]") == true)
        let version = CLI.run(["--version"])
        #expect(version?.status == 0)
        #expect(version?.text.hasPrefix("streammark ") == true)
    }

    @Test func verifyReportsOneLinePerFile() {
        let files = CLI.corpusNames.prefix(3).map(CLI.corpusPath)
        guard let result = CLI.run(["verify", "--chunking", "lines"] + files) else { return }
        #expect(result.status == 0, "\(result.error)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 3)
        for (line, file) in zip(lines, files) {
            #expect(line.hasPrefix(file))
            #expect(line.hasSuffix("violations=0"))
        }
    }
}
