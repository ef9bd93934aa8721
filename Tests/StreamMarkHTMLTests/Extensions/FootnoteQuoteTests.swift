import StreamMark
import StreamMarkTestSupport
import Testing

/// Quotes inside footnote references with smart punctuation on
/// (docs/footnotes.md §9.3, item 6): cmark-gfm keeps a reference's
/// delimiters apart from those around it, so a `'` or `"` inside
/// `[^a'b]` pairs with nothing outside, defined or not
/// (``FootnoteStandIns/QuotePlaces``). Compared with `cmark-gfm --smart`
/// where the core (CommonMark 0.29 against 0.30, smart punctuation on)
/// agrees.
@Suite struct FootnoteQuoteTests {
    static let handCases = [
        "'x [^a'b]", "'x [^a'b]\n\n[^n]: m\n", "'x [^a'b] c'\n\n[^a'b]: n\n", "\"x [^a\"b] c\"\n\n[^n]: m\n",
        "it's [^it's] 'q\n\n[^it's]: n 'q'\n", "'a [^x'] b [l](/u 'c') d\n\n[^n]: m\n",
        "\"a [^x\"] [l](/u \"t\") b\"", "[^x [l](/u 't')] 'a\n\n[^n]: m\n",
    ]

    @Test(arguments: handCases)
    func handCaseMatchesCmarkGFM(_ markdown: String) throws {
        let bytes = Array(markdown.utf8)
        #expect(try CrossingDelimitersTests.coreAgreesWithSmartPunctuation(bytes))
        #expect(Self.ours(bytes) == (try Self.theirs(bytes)), "\(markdown.debugDescription)")
    }

    /// Words, quotes, references (defined and not, quotes inside), links
    /// and parentheses, with definitions after.
    static func quotesAroundReferences(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 11)
        let pieces = [
            "'", "\"", "a", " ", "[^n]", "[^a'b]", "[^x\"]", "[^q]", "b", "it's", "[^", "]", "(", ")", ".", "\n",
            "[l]", "'s", "[l](/u 't')", "[^it's]",
        ]
        let definitions = [
            "", "\n\n[^n]: note\n", "\n\n[^a'b]: n 'q'\n", "\n\n[^x\"]: n\n[^q]: \"y\"\n", "\n\n[l]: /u\n[^n]: m\n",
            "\n\n[^it's]: n\n",
        ]
        let text = (0..<Int.random(in: 3...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        return text.joined() + definitions.randomElement(using: &random)!
    }

    /// 600 seeded paragraphs; those where the core disagrees are left out.
    @Test(arguments: 0..<2)
    func randomQuotesAroundReferencesMatchCmarkGFM(batch: Int) throws {
        var failures: [Int] = []
        var compared = 0
        for seed in stride(from: batch, to: 600, by: 2) {
            let bytes = Array(Self.quotesAroundReferences(seed: seed).utf8)
            guard try CrossingDelimitersTests.coreAgreesWithSmartPunctuation(bytes) else { continue }
            compared += 1
            if Self.ours(bytes) != (try Self.theirs(bytes)) { failures.append(seed) }
        }
        #expect(compared >= 270)
        #expect(
            failures == Self.knownSeeds.filter { $0 % 2 == batch }.sorted(),
            "\(failures.count) of \(compared) differ: \(failures.map { Self.quotesAroundReferences(seed: $0) })")
    }

    /// Seeds that still differ: a quote inside a candidate after a `](`
    /// that is no link (`[^n](`), whose title an entity could close,
    /// stays a quote, and pairs.
    static let knownSeeds: Set<Int> = [44, 125]

    @Test func randomQuotesAroundReferencesStreamLikeOneShot() {
        let harness = PrefixHarness(
            options: ParseOptions(smartPunctuation: true, extensions: GFMOracle.footnoteOptions))
        let failures = harness.failingDocuments(seeds: 0..<100) { Self.quotesAroundReferences(seed: Int($0)) }
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }

    static func ours(_ bytes: [UInt8]) -> String {
        GFMOracle.ours(bytes, extensions: GFMOracle.footnoteOptions, smart: true)
    }

    static func theirs(_ bytes: [UInt8]) throws -> String {
        try GFMOracle.html(bytes, extensions: GFMOracle.withFootnotes, smart: true)
    }
}
