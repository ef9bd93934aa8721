import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// 10,000 nested block quotes and list levels streamed on a thread with a
/// 512 KiB stack (a secondary thread's default on Darwin), in 4- and
/// 64-byte chunks: every append, the patches written in both protocol
/// versions and applied by the reference client, the final tree, its
/// HTML and the destruction of every tree all run there. Nothing that
/// walks a block tree may recurse per level (docs/concurrency.md).
@Suite struct DeepStreamingTests {
    static let halfMiB = 512 << 10
    static let depth = 10_000

    /// What one streamed document came to, checked on the test's thread.
    struct Outcome: Sendable {
        /// The HTML of the streamed tree.
        var html = ""
        /// Whether the streamed tree equals the one-shot parse.
        var equalsOneShot = false
        /// The HTML of the trees the two protocol versions' clients built.
        var version1HTML = ""
        var version2HTML = ""
        /// Whether the clients' trees equal the engine's (version 2: without ranges).
        var version1Equal = false
        var version2Equal = false
        /// The deepest line of the patch stream, in JSON nesting levels.
        var deepestLine = 0
        /// A client error, if any.
        var error: String?
    }

    /// Streams `markdown` in `chunk`-byte chunks on a 512 KiB thread.
    static func stream(_ markdown: String, chunk: Int) -> Outcome {
        LargeStack.run(stackSize: halfMiB) {
            let bytes = Array(markdown.utf8)
            var document = StreamingDocument()
            var outcome = Outcome()
            var clients = [PatchStreamClient(), PatchStreamClient()]
            func send(_ patches: [Patch], _ writer: inout PatchStreamWriter, to client: inout PatchStreamClient) {
                writer.write(patches)
                let lines = writer.takeBytes()
                outcome.deepestLine = max(outcome.deepestLine, JSONDepth.deepestLine(lines))
                do {
                    try client.apply(stream: lines)
                } catch {
                    outcome.error = outcome.error ?? "version \(writer.version): \(error.description)"
                }
            }
            // Version 2 follows the stream.
            var writer = PatchStreamWriter(version: 2)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                send(document.append(bytes: bytes[offset..<end]), &writer, to: &clients[1])
                offset = end
            }
            send(document.finish(), &writer, to: &clients[1])
            let root = document.root
            // Version 1 sends every range update (a deep block's ancestors
            // all change on each parse, and each costs its client O(depth)
            // to find): its client gets the final tree as one insert per
            // top-level block, as `streammark apply --format patches` writes it.
            var writer1 = PatchStreamWriter(version: 1)
            let inserts = root.children.enumerated().map { Patch.insert(parent: .document, index: $0, block: $1) }
            send(inserts, &writer1, to: &clients[0])
            outcome.html = HTMLRenderer().render(root)
            outcome.equalsOneShot = root == MarkdownParser().parse(markdown)
            outcome.version1HTML = HTMLRenderer().render(clients[0].root)
            outcome.version2HTML = HTMLRenderer().render(clients[1].root)
            outcome.version1Equal = clients[0].root.children == root.children
            outcome.version2Equal = clients[1].root == root.removingRanges()
            return outcome
        }
    }

    static func check(_ markdown: String, chunk: Int) {
        let expected = CmarkReference.html(markdown)
        let outcome = stream(markdown, chunk: chunk)
        #expect(outcome.error == nil)
        #expect(outcome.equalsOneShot)
        #expect(outcome.html == expected, "\(Oracle.firstDifference(outcome.html, expected))")
        #expect(outcome.version1Equal)
        #expect(outcome.version2Equal)
        #expect(outcome.version1HTML == expected)
        #expect(outcome.version2HTML == expected)
        // No line nests deeper than JSON readers accept.
        #expect(outcome.deepestLine <= 512)
        #expect(outcome.deepestLine > 0)
    }

    static let chunks = [4, 64]

    @Test(arguments: chunks)
    func tenThousandQuotes(chunk: Int) {
        Self.check(String(repeating: "> ", count: Self.depth) + "x\n", chunk: chunk)
    }

    @Test(arguments: chunks)
    func tenThousandBulletLevels(chunk: Int) {
        Self.check(String(repeating: "- ", count: Self.depth) + "x\n", chunk: chunk)
    }

    @Test(arguments: chunks)
    func tenThousandOrderedLevelsWithTabs(chunk: Int) {
        Self.check(String(repeating: "1.\t", count: Self.depth) + "x\n", chunk: chunk)
    }

    @Test(arguments: chunks)
    func quotesAndItemsMixed(chunk: Int) {
        Self.check(String(repeating: "> - ", count: Self.depth / 2) + "x\n", chunk: chunk)
    }

    /// Words arriving at the bottom of 300 quotes or items (deeper, the
    /// engine defers the window's parse instead): the shortcuts extend
    /// the tree's right edge in place, past the depth where that walk stops
    /// recursing, and the tree is the one-shot parse's after every append.
    @Test(arguments: ["> ", "- ", "> - "])
    func wordsAtTheBottomOfDeepNesting(marker: String) {
        let words = (0..<40).map { "word\($0)" }.joined(separator: " ")
        let bytes = Array((String(repeating: marker, count: 300) + words).utf8)
        let (inPlace, mismatches) = LargeStack.run(stackSize: Self.halfMiB) { () -> (Int, Int) in
            var document = StreamingDocument()
            var mismatches = 0
            for end in stride(from: 4, through: bytes.count + 3, by: 4) {
                _ = document.append(bytes: bytes[(end - 4)..<min(end, bytes.count)])
                guard document.isCurrent else { continue }
                if document.root
                    != MarkdownParser().parse(String(decoding: bytes[..<min(end, bytes.count)], as: UTF8.self))
                {
                    mismatches += 1
                }
            }
            return (document.statistics.inPlaceAppends, mismatches)
        }
        #expect(mismatches == 0)
        #expect(inPlace > 0)
    }

    /// 10,000 levels over 10 lines, each nesting 1,000 items deeper than
    /// the line before, at its indentation: the indented form without the
    /// 100 MB of one item per line (`DeepNestingTests` parses that one on a
    /// 512 KiB thread).
    @Test(arguments: chunks)
    func tenThousandIndentedLevels(chunk: Int) {
        Self.check(Self.indentedLists(lines: 10, levelsPerLine: 1_000), chunk: chunk)
    }

    /// The provisional display of an open block 10,000 containers deep
    /// (completed markup, put in place of the open block along the last
    /// path) is built on a 512 KiB stack, as cmark renders the completed
    /// text. (One append: in small chunks the deep window is parsed only
    /// now and then, and the display would be of an older prefix.)
    @Test(arguments: ["> ", "- "])
    func displayOfADeepOpenBlock(marker: String) {
        let open = String(repeating: marker, count: Self.depth) + "*x"
        let (html, current) = LargeStack.run(stackSize: Self.halfMiB) { () -> (String, Bool) in
            var document = StreamingDocument()
            _ = document.append(open)
            return (HTMLRenderer().render(document.displayRoot()), document.isCurrent)
        }
        #expect(current)
        #expect(html == CmarkReference.html(open + "*\n"))
    }

    /// `lines` lines; line `i` is indented to the content of the deepest
    /// item of the line before and holds `levelsPerLine` markers and `i`.
    static func indentedLists(lines: Int, levelsPerLine: Int) -> String {
        var markdown = ""
        for line in 0..<lines {
            markdown += String(repeating: " ", count: 2 * levelsPerLine * line)
            markdown += String(repeating: "- ", count: levelsPerLine) + "\(line)\n"
        }
        return markdown
    }
}
