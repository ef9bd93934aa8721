import StreamMark
import Testing

/// Tables whose rows look like link reference definitions (`[x]: /u|c`).
/// For cmark, which knows no tables, the header, the delimiter row and the
/// rows are one paragraph, so a row that continues it is never a
/// definition; the window's open row must not be taken for one (every
/// append would then re-parse every frozen row that uses the label). Where
/// a row-like line can define (a heading underline or a blank line ended
/// the paragraph), the streamed tree must still be the one-shot tree.
@Suite struct HostileTableTests {
    static func expectStreamsLikeOneShot(_ text: String, sizes: ClosedRange<Int>) {
        let harness = PrefixHarness()
        let bytes = Array(text.utf8)
        for chunking in [.everyByte, .mixed(seed: 7)] + sizes.map(PrefixHarness.Chunking.fixed) {
            let report = harness.verify(name: text, bytes: bytes, chunking: chunking)
            #expect(report.passed, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
            #expect(report.prefixesChecked > 0)
        }
    }

    /// The benchmark's shape, small: header, delimiter, then rows
    /// alternating `[x]: /uN|c` and `d|e`, after and before uses of `[x]`.
    @Test(arguments: [
        "a|b\n-|-\n[x]: /u0|c\nd|e\n[x]: /u2|c\nd|e\n[x]: /u4|c\nd|e\n",
        "[x]\n\na|b\n-|-\n[x]: /u0|c\nd|e\n[x]: /u2|c\n[x]|e\n\n[x]: /v\n",
        "a|b\n-|-\n[x]: /u0|c\n[x]|e\n[x]: /u2|c\n\n[x]\n",
    ])
    func smallHostileTable(_ text: String) {
        Self.expectStreamsLikeOneShot(text, sizes: 1...24)
    }

    /// A header line that opens a definition's title (`[x]: /h '|b`): the
    /// title may close on any later row (`[x]: /u 't` closes it with `'`),
    /// and then the header and every row up to there are one definition
    /// and no table. No row of such a table is settled while it lasts.
    @Test(arguments: [
        "[x]: /h '|b\n-|-\nd|e\n[x]|e\n[x]: /u|c\n[x]: /u 't\n=\n",
        "[x]: /h \"|b\n-|-\nd|e\n[x]|e\n\"\n\n[x]\n",
        "[x]: /h (|b\n-|-\nd|e\nf|g\n)\n[x]\n",
        "[x]\n\n[x]: /h '|b\n-|-\nd|e\n[x]|e\nh|i\nj' k\n[x]\n",
    ])
    func headerLineOpeningATitle(_ text: String) {
        Self.expectStreamsLikeOneShot(text, sizes: 1...24)
    }

    /// Pieces of tables where a row-like line may or may not define: a
    /// heading underline `-` among the rows, blank lines, indented, list
    /// and quote lines, titles, uses before and after. Headers that are
    /// definitions and `=` rows have a generator of their own below.
    static let headers = ["a|b", "[y]|b", "x", "| a | [x] |"]
    static let rows = [
        "[x]: /u|c", "d|e", "[x]|e", "-", "[y]: /v", " [x]: /w|c", "- a", "", "> q", "[x]: /u 't", "'|d",
        "c|[y]", "# h", "***", "[y]: /v 't'|d",
    ]

    /// A seeded table: uses first or not, a header, a delimiter, up to
    /// `maxRows` rows, uses after or not.
    static func document(
        seed: UInt64, headers: [String] = headers, rows: [String] = rows, maxRows: UInt64 = 6
    ) -> String {
        var generator = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        var lines = generator.next() % 2 == 0 ? ["[x] [y]", ""] : []
        lines += [pick(headers), pick(["-|-", "-"])]
        for _ in 0..<(1 + generator.next() % maxRows) { lines.append(pick(rows)) }
        if generator.next() % 2 == 0 { lines += ["", "[x] [y]"] }
        return lines.joined(separator: "\n") + (generator.next() % 3 == 0 ? "" : "\n")
    }

    @Test func generatedTablesStreamLikeOneShot() {
        for seed in UInt64(0)..<300 {
            let text = Self.document(seed: seed)
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
            #expect(report.passed, "seed \(seed) \(text.debugDescription): \(report.violations.prefix(1))")
        }
    }

    /// The former streaming gaps (docs/extensions.md): a definition with
    /// its title on the next line after a `=` row (the window keeps the
    /// underline row), a header line that is a definition with uses on
    /// both sides (a definition-like header settles no row), and a header
    /// line that is a definition after a fence its list item closed (it
    /// left the window as a carrier; the one-shot parse took the header
    /// line for part of the code block, whose range cmark ends there).
    @Test(arguments: [
        "a|b\n-|-\n=\n[y]: /v\n\"t\"\n",
        "a|b\n-|-\nc|d\n==\n[y]: /v\n'title'\ne|f\n[y]\n",
        "[y]\n\na|b\n-|-\n=\n[y]: /v\n(t)\n=\n[y]: /w\n",
        "[x] [y]\n\n[x]: /h|b\n-|-\n[x]: /u|c\n[x]|e\n[y]: /v\n\n[x] [y]\n",
        "- ```\n[x]:n\n|-\n", "> ~~~\n[x]:n\n|-\n\n[x]\n",
    ])
    func formerGapsStreamLikeOneShot(_ text: String) {
        Self.expectStreamsLikeOneShot(text, sizes: 1...24)
    }

    /// The generator's tables with the rows and headers of the former
    /// gaps: `=` underlines followed by titles on their own lines, and
    /// headers that open a definition's title.
    @Test func generatedTablesWithUnderlinesAndTitlesStreamLikeOneShot() {
        let headers = Self.headers + ["[x]: /h '|b", "[y]: /v|b"]
        let rows = Self.rows + ["=", "\"t\"", "'t'", "[x]: /u", "x' y"]
        for seed in UInt64(1_000)..<UInt64(1_300) {
            let text = Self.document(seed: seed, headers: headers, rows: rows, maxRows: 7)
            let report = PrefixHarness().verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
            #expect(report.passed, "seed \(seed) \(text.debugDescription): \(report.violations.prefix(1))")
        }
    }
}
