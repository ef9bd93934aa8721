import Foundation
import StreamMark
import StreamMarkHTML
import Testing

/// `streammark apply`, the reference client: our own patch stream, piped
/// into it, gives exactly the HTML of `streammark --format html`.
@Suite("streammark apply")
struct ApplyTests {
    /// The 4-byte chunking ran here too until the suite passed its time
    /// budget; the harness suites stream every answer at 1–8 bytes.
    static let chunkings = ["16", "61"]

    /// `--format patches | apply --format html` equals `--format html` for
    /// every Corpus answer, chunking and protocol version.
    @Test(arguments: CLI.corpusNames)
    func pipedPatchesGiveTheSameHTML(name: String) {
        guard let binary = CLI.path(), let html = CLI.run(["--format", "html", CLI.corpusPath(name)]) else { return }
        #expect(html.status == 0)
        #expect(!html.output.isEmpty)
        for chunk in Self.chunkings {
            for version in ["2", "1"] where version == "2" || chunk == "16" {
                let command =
                    "\(CLI.quoted(binary)) --format patches --protocol \(version) --replay \(chunk) "
                    + "\(CLI.quoted(CLI.corpusPath(name))) | \(CLI.quoted(binary)) apply --format html; "
                    + "exit $((PIPESTATUS[0] + PIPESTATUS[1]))"
                guard let applied = CLI.shell(command) else { return }
                #expect(applied.status == 0, "\(applied.error)")
                #expect(applied.output == html.output, "\(name) chunk \(chunk) protocol \(version)")
            }
        }
    }

    @Test func treeFromVersion2HasNoRanges() {
        let text = Array("# T\n\n- a\n".utf8)
        guard let patches = CLI.run(["--format", "patches"], input: text),
            let tree = CLI.run(["apply", "--format", "tree"], input: patches.output),
            let direct = CLI.run(["--format", "tree"], input: text)
        else { return }
        #expect(tree.status == 0)
        #expect(
            tree.text
                == "doc document\n  e0 heading level=1 \"T\"\n  e5.list list bullet tight\n    e5 item\n      e7 paragraph \"a\"\n"
        )
        // Version 1 keeps the ranges: the same as `--format tree`.
        guard let v1 = CLI.run(["--format", "patches", "--protocol", "1"], input: text),
            let tree1 = CLI.run(["apply", "--format", "tree"], input: v1.output)
        else { return }
        #expect(tree1.text == direct.text)
    }

    /// `apply --format patches` writes the final document as a fresh stream,
    /// which applies to the same HTML again (in both versions).
    @Test(arguments: ["1", "2"])
    func freshStreamRoundTrips(version: String) {
        let name = CLI.corpusNames[0]
        guard let binary = CLI.path(), let html = CLI.run(["--format", "html", CLI.corpusPath(name)]) else { return }
        let command =
            "\(CLI.quoted(binary)) --format patches --replay 7 \(CLI.quoted(CLI.corpusPath(name))) "
            + "| \(CLI.quoted(binary)) apply --format patches --protocol \(version) "
            + "| \(CLI.quoted(binary)) apply --format html"
        guard let result = CLI.shell(command) else { return }
        #expect(result.status == 0)
        #expect(result.output == html.output)
    }

    /// 10,000 nested quotes or list levels: the stream nests no line deeper
    /// than JSON readers accept (a deep insert goes out in pieces), and
    /// `apply` rebuilds the same HTML. Version 2 also in 64-byte chunks
    /// (version 1 sends every ancestor's range update on each parse, and
    /// its client finds each from the root: quadratic in the depth).
    @Test(arguments: ["> ", "- "])
    func tenThousandLevelsPipeThrough(marker: String) throws {
        let file = CLI.temporaryFile(".md")
        defer { try? FileManager.default.removeItem(at: file) }
        let markdown = String(repeating: marker, count: 10_000) + "deep\n"
        try Data(markdown.utf8).write(to: file)
        guard let binary = CLI.path(), let html = CLI.run(["--format", "html", file.path]) else { return }
        #expect(html.status == 0)
        #expect(html.text == CmarkReference.html(markdown))
        for (version, replay) in [("2", ""), ("2", "--replay 64"), ("1", "")] {
            let command =
                "\(CLI.quoted(binary)) --format patches --protocol \(version) \(replay) \(CLI.quoted(file.path)) "
                + "| \(CLI.quoted(binary)) apply --format html; exit $((PIPESTATUS[0] + PIPESTATUS[1]))"
            guard let applied = CLI.shell(command) else { return }
            #expect(applied.status == 0, "\(applied.error)")
            #expect(applied.output == html.output, "protocol \(version) \(replay)")
        }
        // And `apply --format patches` writes a fresh stream that reads again.
        let fresh =
            "\(CLI.quoted(binary)) --format patches \(CLI.quoted(file.path)) | \(CLI.quoted(binary)) apply "
            + "--format patches | \(CLI.quoted(binary)) apply --format html"
        guard let result = CLI.shell(fresh) else { return }
        #expect(result.output == html.output)
    }

    @Test func badStreamsAndArguments() {
        let cases: [(input: String, message: String)] = [
            ("{\"v\":3}\n", "streammark: apply: line 1: unsupported patch protocol version 3\n"),
            ("{\"v\":2}\n\"x\"\n", "streammark: apply: line 2: a continuation line with no append target before it\n"),
            ("{\"v\":2}\n{\"op\":\"remove\",\"id\":\"e4\"}\n", "streammark: apply: line 2: remove e4: no such block\n"),
            (
                "not json\n",
                "streammark: apply: line 1: the first line is not a patch stream header or version-1 patch\n"
            ),
        ]
        for (input, message) in cases {
            guard let result = CLI.run(["apply"], input: Array(input.utf8)) else { return }
            #expect(result.status == 1)
            #expect(result.error == message)
        }
        guard let usage = CLI.run(["apply", "--format", "terminal"]) else { return }
        #expect(usage.status == 64)
        #expect(
            usage.error.hasPrefix(
                "streammark: bad --format value 'terminal' (expected html, tree or patches) — usage: streammark apply ")
        )
        guard let missing = CLI.run(["apply", "/nonexistent/x.ndjson"]) else { return }
        #expect(missing.status == 1)
        #expect(missing.error == "streammark: apply: cannot read /nonexistent/x.ndjson: No such file or directory\n")
        guard let badProtocol = CLI.run(["--format", "patches", "--protocol", "3"], input: []) else { return }
        #expect(badProtocol.status == 64)
    }

    /// An empty stream (only the header, or nothing) is an empty document.
    @Test func emptyStreams() {
        for input in ["", "{\"v\":2}\n"] {
            guard let result = CLI.run(["apply"], input: Array(input.utf8)) else { return }
            #expect(result.status == 0)
            #expect(result.output.isEmpty)
        }
    }
}
