import StreamMark
import StreamMarkTestSupport
import Testing

/// The definition-run shortcut (`DefinitionRunShortcut`): a run of link
/// reference definitions after the text that uses them (a changelog's
/// layout) is parsed a tail at a time, and the tree still equals cmark's
/// at every prefix.
@Suite struct DefinitionRunTests {
    /// The changelog layout at 4-byte appends: once the run has begun,
    /// appends to it are answered by the shortcut, each parsing only the
    /// run's last lines, at 100 definitions as at 800.
    @Test func changelogRunIsParsedATailAtATime() {
        func stream(_ n: Int) -> (answered: Int, peakInRun: Int) {
            let text = Array(Documents.definitionRun(n).utf8)
            let runStart = Array(Documents.definitionRun(n).utf8).firstIndex(of: UInt8(ascii: "\n"))!
            var document = StreamingDocument()
            var peak = 0
            let listEnd = text.count - (text.count - runStart) / 2
            for chunk in CorpusAnswers.chunks(text, size: 4) {
                document.append(bytes: chunk)
                if chunk.startIndex > listEnd + 200 {
                    peak = max(peak, document.statistics.lastParsedBytes)
                }
            }
            document.finish()
            #expect(document.root == MarkdownParser().parse(bytes: text))
            return (document.statistics.shortcutAppends["definition-run", default: 0], peak)
        }
        let small = stream(100)
        let large = stream(800)
        #expect(small.answered > 0)
        #expect(large.answered > 7 * small.answered)
        #expect(large.peakInRun <= small.peakInRun + small.peakInRun / 4 + 16, "\(small) → \(large)")
        #expect(large.peakInRun < 1_024, "\(large)")
    }

    /// Items frozen one at a time whose labels one append defines are
    /// parsed again together: the append parses the tail once for the
    /// window and once after the two items (not once after each), and the
    /// items get the new links.
    @Test func neighbouringUsersAreParsedAgainTogether() {
        let list = "- [x][a]\n- [y][b]\n\n[z]: /0\n"
        let tail = "[a]: /1\n[b]: /2"
        var document = StreamingDocument()
        for byte in list.utf8 { document.append(bytes: [byte]) }
        document.append(bytes: Array(tail.utf8))
        // The unsettled lines: `[z]: /0` too, as no line had begun after it.
        let unsettled = "[z]: /0\n" + tail
        // The items' text runs to the blank line after the list.
        let items = "- [x][a]\n- [y][b]\n\n"
        // The unsettled lines alone (no settled definition of a label they
        // use), then the items, a thematic break and the unsettled lines;
        // each item alone would parse those lines twice more.
        let expected = unsettled.utf8.count + items.utf8.count + "***\n".utf8.count + unsettled.utf8.count
        #expect(document.statistics.lastParsedBytes == expected)
        #expect(document.root == MarkdownParser().parse(list + tail))
    }

    /// Runs with everything that may follow or break them, through the
    /// harness at every byte and at seeded random chunks.
    @Test(arguments: [
        "[a] [b] [c]\n\n[a]: /a\n[b]: /b\n[c]: /c\n",
        "- [x][1]\n- [y][2]\n\n[1]: /one\n[2]: /two\n[1]: /dup\n",
        "[a] [b]\n\n[a]: /a \"title a\"\n[b]: /b 'title b'\n\"not a title\"\n",
        "[a] [b]\n\n[a]: /a\n\"title on its own line\"\n[b]: /b\n",
        "[a] [b]\n\n[a]: /a\n[b]: /b\nfoo [a]\nbar\n",
        "[a] [b]\n\n[a]: /a\n[b]: /b\n===\n",
        "[a] [b]\n\n[a]: /a\n[b]: /b\n---\n[a]\n",
        "[a] [b]\n\n[a]: /a\n[b]: /b\nh|i\n-|-\nj|[a]\n",
        "[a] [b]\n\n[a]: /a\n\n[b]: /b\n\n\n[a]: /again\n",
        "[a] [b]\n\n[a]:\n/a\n[b]: <b c>\n   [c]: /c\n    [d]: /d\n",
        "[a] [b]\n\n[a]: /a\n[b\n]: /b\n[c]: /c\n",
        "> [a]\n\n[a]: /a\n[b]: /b\n\n> [b]\n",
        "[a]\n\n[a]: /a\n[b]: /b\n```\n[a]\n```\n",
        "1. [a]\n\n[a]: /a\n[b]: /b\n\n   [b]\n",
        "[A] [ß] [Ä]\n\n[a]: /1\n[SS]: /2\n[ä]: /3\n",
    ])
    func runsStreamLikeOneShot(_ text: String) {
        let harness = PrefixHarness()
        for chunking in [PrefixHarness.Chunking.everyByte, .random(seed: 7), .fixed(5), .lines] {
            let report = harness.verify(name: "run", bytes: Array(text.utf8), chunking: chunking)
            #expect(report.passed, "\(chunking): \(report.violations.prefix(2).map(\.description))")
        }
    }

    /// Seeded random runs: uses of a few labels, then definition lines of
    /// every form the guard distinguishes (simple, titled, split over two
    /// lines, indented, duplicated), blank lines and text, streamed at
    /// random chunks and at every byte through the harness.
    @Test(arguments: 0..<4)
    func randomRunsStreamLikeOneShot(seed: UInt64) {
        var generator = SplitMix64(seed: 1_000 + seed)
        let harness = PrefixHarness(fullCheckLimit: 200)
        for index in 0..<60 {
            let text = Self.randomRun(&generator)
            for chunking in [PrefixHarness.Chunking.random(seed: seed &+ UInt64(index)), .everyByte] {
                let report = harness.verify(name: "run \(seed)/\(index)", bytes: Array(text.utf8), chunking: chunking)
                #expect(
                    report.passed,
                    "\(chunking) \(String(reflecting: text)): \(report.violations.prefix(2).map(\.description))")
            }
        }
    }

    static func randomRun(_ generator: inout SplitMix64) -> String {
        let labels = ["a", "b", "c", "D", "e f"]
        func label() -> String { labels[Int(generator.next() % UInt64(labels.count))] }
        var text = ""
        // Users: list items (parsed again together when one append
        // defines the labels of neighbours), quotes, loose and task items.
        let marker = ["- ", "1. ", "> ", "- [ ] ", "* "][Int(generator.next() % 5)]
        for _ in 0..<(1 + generator.next() % 6) {
            switch generator.next() % 6 {
            case 0: text += marker + "[\(label())]\n\n"
            case 1: text += marker + "a\n\n  b [\(label())]\n"
            default: text += marker + "see [\(label())] and [x][\(label())]\n"
            }
        }
        text += "\n"
        for _ in 0..<(3 + generator.next() % 12) {
            switch generator.next() % 12 {
            case 0: text += "[\(label())]: /u \"t\"\n"
            case 1: text += "[\(label())]:\n/split\n"
            case 2: text += "  [\(label())]: /indented\n"
            case 3: text += "\n"
            case 4: text += "[\(label())]: /u\n'title'\n"
            case 5: text += "text [\(label())]\n"
            default: text += "[\(label())]: https://example.com/\(generator.next() % 100)/\n"
            }
        }
        if generator.next() % 2 == 0 { text += "\nafter [\(label())]\n" }
        return text
    }
}
