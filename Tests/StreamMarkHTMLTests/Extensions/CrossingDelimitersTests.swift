import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// `*` and `_` runs that a strikethrough pair closes over
/// (``CrossingDelimiters``; docs/extensions.md, known difference 2): cmark
/// pairs them into emphasis, cmark-gfm drops them when the `~` pair
/// closes, so `~~a *b~~ c*` renders `<del>a *b</del> c*`.
@Suite struct CrossingDelimitersTests {
    /// The former entry 2 (`~~a *b~~ c*`, the fuzz shape `~~*~~*`) and
    /// its neighbours: a run used in part before the pair closes, `_`
    /// runs, pairs inside items, quotes and headings, pairs that do not
    /// cross, and runs of another length.
    static let crossings = [
        "~~a *b~~ c*", "~~*~~*", "~a *b~ c*", "x ~~a **b~~ c** d", "*a ~~b* c~~", "~~a ***b* c~~ d**",
        "- ~~a *b~~ c*", "> ~~a *b~~ c*", "# ~~a *b~~ c*", "~~a *b~~ c*\n===", "~~a _b~~ c_", "a~~ *b ~~c* d",
        "~~a *b~~ c* and *d*", "~~a __b~~ c__", "~~a *b\nc~~ d*", "~a **b~~ c** d~", "~~a *b~ c*~~",
        "**a ~~b** c~~", "~~a *b~~ c~~ d*", "*a ~b* c~ *d ~e* f~", "- [ ] ~~a *b~~ c*",
        "~~é *ü~~ ß*", "~~a *b~~ c*   \nd*",
        // Escapes, code spans, autolinks and raw HTML among the runs.
        "~~a *b~~ `c`*", "~~a *b~~ c\\.*", "~~a *b~~ <i>c</i>*", "~~a *`b~~` c~~ d*", "~~a \\*b~~ c*",
        "~~a *b\\~~ c~~ d*", "~~a *<b title=\"~~\">~~ c*", "~~a *b~~ <https://c.d>*", "~~a *b~~ c\\\nd*",
        "``~~a *b~~`` c*", "~~a *b~~ ```c``* d`",
        // Brackets that make no link: text to cmark's inline parser.
        "~~a *b~~ [c]*", "~~a *b~~ ] c*", "~~a [*b~~ c*", "![~~a *b~~ c*", "~~a *b~~ [c] d*\n\n[a\\*b]: /u",
        "[~~a *b~~ c*]",
        // Inline links: the runs of a link's text pair among themselves
        // when its `]` closes; the runs around it never see them.
        "~~a *b~~ [c](/u)*", "~~a *b~~ ![c](/i)*", "~~a *b~~ [c]()*", "[~~a *b~~ c*](/u)", "~~a [*b~~ c*](/u) d",
        "*a [~~b *c~~ d*](/u) e*", "~~a *b [c](/u*v) d~~ e*", "[a ~~b [c *d~~ e*](/u) f](/v)",
        "![a ~~b [c *d~~ e*](/u) f](/v)", "~~a *b~~ [c](/u \"t*\")*",
        // Reference links: full, collapsed and shortcut, and a shortcut
        // whose text holds a bracket (cmark's `bracket_after`: none).
        "~~a *b~~ [c][d]*\n\n[d]: /u", "~~a *b~~ [d]*\n\n[d]: /u", "~~a *b~~ [d][]*\n\n[d]: /u",
        "[~~a *b~~ c*][d]\n\n[d]: /u", "[a [d] ~~b *c~~ d*][d]\n\n[d]: /u",
        "[a [e] ~~b *c~~ d*]\n\n[a [e] ~~b *c~~ d*]: /u\n[e]: /v",
    ]

    @Test(arguments: crossings)
    func crossingMatchesCmarkGFM(_ markdown: String) throws {
        let (ours, theirs) = try GFMOracle.both(markdown)
        #expect(ours == theirs, "\(markdown.debugDescription): \(GFMDifferentialTests.firstDifference(ours, theirs))")
    }

    /// Runs that a shorter rest would pair otherwise keep cmark's pairing
    /// (the rest of entry 2).
    static let stillCrossing = [
        // A label that the escaped run would make match a definition:
        // the parse with the run escaped makes a link, cmark-gfm's none.
        "[~~a *b~~ c*]\n\n[~~a \\*b~~ c*]: /u\n",
        // A run a pair used in part, whose shorter rest fails the rule of
        // 3 in cmark where the whole run passed in cmark-gfm.
        "# ~\\~**, *<i>** _é~~ _``~` bc**", "~\"__c_.__*.~\\****",
    ]

    @Test(arguments: stillCrossing)
    func crossingOverMoreThanTextStillDiffers(_ markdown: String) throws {
        let (ours, theirs) = try GFMOracle.both(markdown)
        #expect(ours != theirs, "\(markdown.debugDescription) now matches cmark-gfm: update docs/extensions.md")
    }

    /// A seeded paragraph of words, each with at most one `*`, `_` or `~`
    /// run before and after it, in a container or a heading. No `*` or `_`
    /// touches a `~`: there cmark-gfm's flanking skips the tilde, against
    /// the spec (entry 11).
    static func paragraph(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 17)
        let runs = ["", "", "*", "**", "***", "_", "__", "~", "~~", "~~", "~~~"]
        let words = ["a", "bc", "é", "d.", "!", "—", "`c*`", "\\*", "\\~", "<i>", "&amp;", "``~`"]
        let gaps = [" ", " ", " ", "\n", ", "]
        let prefixes = ["", "", "- ", "> ", "# ", "1. ", "- [ ] "]
        let prefix = prefixes.randomElement(using: &random)!
        var text = prefix
        for index in 0..<Int.random(in: 3...9, using: &random) {
            if index > 0 {
                let gap = gaps.randomElement(using: &random)!
                text += prefix == "# " && gap == "\n" ? " " : gap
            }
            text +=
                runs.randomElement(using: &random)! + words.randomElement(using: &random)!
                + runs.randomElement(using: &random)!
        }
        return text
    }

    /// Crossings in blocks holding extended autolinks, which take the
    /// runs inside them (not those their trailing punctuation leaves, nor
    /// a `www.` after a letter, nor one inside a bracket) away from the
    /// pairing.
    static let urlCrossings = [
        "~~a *b~~ www.c.com*", "~~a *b~~ http://c.d*", "~~a *http://x.com/~~ b*", "~~a _www.b.com_ c~~ d_",
        "~~a *b~~ www.c.com/*d* e*", "~~a *b http://c.d/~~x~~ e*", "~~a _b~~ xwww.c.com_ d_",
        "~~a *b~~ [www.c.com*](/u) d*", "~~a *b~~ https://c.d_e*", "- ~~a *b~~ ftp://c.d*\n  e*",
        "~~a *www.c_d.com b~~ c*", "~~a www.c.com* b~~ c*",
        // A run dropped in a word that cmark-gfm does not link, after
        // its `www.` or scheme: a stand-in, as an escape changes the link.
        "~~x www._a.com y~~ z_", "~~a http://_x.com b~~ c_", "~~a www.b.c/d* e~~ f*",
    ]

    @Test(arguments: urlCrossings)
    func urlCrossingMatchesCmarkGFM(_ markdown: String) throws {
        try GFMOracle.expectMatch(markdown)
    }

    /// With smart punctuation, quotes are delimiters of the same pass: a
    /// `~` pair drops those between its runs, which keep the curly quote
    /// they got when scanned (`'` a closing one).
    static let quoteCrossings = [
        "~~a 'b~~ c'", "~~a \"b~~ c\"", "~~a *b~~ 'c* d'", "'a ~~b' c~~ d'", "*a ~~'b* c~~'", "~~a 'b *c~~ d'*",
        "- ~~a \"b~~ c\" *d ~~e* f~~", "~~'a~~ b' c'", "\"a ~~b\" 'c~~ d'",
    ]

    @Test(arguments: quoteCrossings)
    func quoteCrossingMatchesCmarkGFM(_ markdown: String) throws {
        let bytes = Array(markdown.utf8)
        let (ours, theirs) = (GFMOracle.ours(bytes, smart: true), try GFMOracle.html(bytes, smart: true))
        #expect(ours == theirs, "\(markdown.debugDescription): \(GFMDifferentialTests.firstDifference(ours, theirs))")
    }

    /// A seeded paragraph as ``paragraph(seed:)`` builds it, with quotes
    /// before and after some of its words (none touching a `~`).
    static func quoteParagraph(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0xBF58_476D &+ 9)
        let quotes = ["", "", "", "'", "\"", "'", "''"]
        let source = paragraph(seed: seed)
        // The block's prefix stays as it is.
        let prefix = ["- [ ] ", "- ", "> ", "# ", "1. "].first { source.hasPrefix($0) } ?? ""
        var text = prefix
        for word in source.dropFirst(prefix.count).split(separator: " ", omittingEmptySubsequences: false) {
            // No quote touches a `~`: there cmark-gfm's flanking skips
            // the tilde, against the spec (entry 11).
            let (before, after) = (quotes.randomElement(using: &random)!, quotes.randomElement(using: &random)!)
            text += (text.count == prefix.count ? "" : " ") + (word.hasPrefix("~") ? "" : before) + word
            text += word.hasSuffix("~") ? "" : after
        }
        return text
    }

    /// 600 seeded paragraphs with quotes, with smart punctuation, against
    /// cmark-gfm where the core (with smart punctuation) agrees.
    @Test(arguments: 0..<2)
    func randomQuoteParagraphsMatchCmarkGFM(batch: Int) throws {
        // The core agrees, on the paragraph and on it with each `~` written
        // `!` (punctuation too, never paired): CommonMark 0.29 and 0.30
        // pair some quotes apart (`'__a '*d.` / `\****,'' x_`).
        try Self.expectPairsAsCmarkGFM(
            batch: batch, smart: true, known: Self.quoteKnownSeeds,
            agrees: { bytes in
                let bang = bytes.map { $0 == UInt8(ascii: "~") ? UInt8(ascii: "!") : $0 }
                return try Self.coreAgreesWithSmartPunctuation(bytes) && Self.coreAgreesWithSmartPunctuation(bang)
            }, Self.quoteParagraph)
    }
    /// Seeds of ``quoteParagraph(seed:)`` that still differ (each differed
    /// before the quotes were replayed too).
    static let quoteKnownSeeds: [Int: String] = [
        37:
            "CommonMark 0.29 leaves the first quote of `'__a '*d.` / `\\****,'' x_\"` unpaired, 0.30 pairs it, strikethrough off too",
        214: "the rule-of-3 rest, quotes aside: `~\"__c_.__*.~\\****` differs without smart punctuation too",
    ]

    static func coreAgreesWithSmartPunctuation(_ bytes: [UInt8]) throws -> Bool {
        let core = try GFMOracle.html(bytes, extensions: ["table", "autolink", "tasklist"], smart: true)
        return GFMOracle.ours(bytes, extensions: [.table, .autolink, .taskList], smart: true) == core
    }

    @Test func randomQuoteParagraphsStreamLikeOneShot() {
        let harness = PrefixHarness(options: ParseOptions(smartPunctuation: true, extensions: .gfm))
        let failures = harness.failingDocuments(seeds: 0..<100, Self.quoteParagraph)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
        let crossings = harness.failingDocuments(seeds: Self.quoteCrossings) { $0 }
        #expect(crossings.isEmpty, "\(crossings.count) fail; first: \(crossings.first?.debugDescription ?? "")")
    }

    /// A seeded paragraph as ``paragraph(seed:)`` builds it, with URLs
    /// (some holding runs, some ending in punctuation that trims them)
    /// among its words.
    static func urlParagraph(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
        let urls = [
            "www.a.com", "http://b.c/d", "https://x.y/_z_", "www.a.com*", "http://a.b~", "www.c.d/~~e~~",
            "http://f.g/*h*", "xwww.i.com", "https://j.k_", "(www.l.m)", "<http://n.o>", "http://p.q/a_b",
        ]
        var text = ""
        for word in paragraph(seed: seed).split(separator: " ", omittingEmptySubsequences: false) {
            text += (text.isEmpty ? "" : " ") + word
            if Int.random(in: 0..<3, using: &random) == 0 {
                let run = ["", "", "*", "_", "~~", "**"].randomElement(using: &random)!
                text +=
                    " " + run + urls.randomElement(using: &random)! + ["", "", "*", "_", "~~"].randomElement(
                        using: &random)!
            }
        }
        return text
    }

    @Test(arguments: 0..<2)
    func randomURLParagraphsMatchCmarkGFM(batch: Int) throws {
        try Self.expectPairsAsCmarkGFM(
            batch: batch, known: [:], agrees: { try Self.coreAgrees(String(decoding: $0, as: UTF8.self)) },
            Self.urlParagraph)
    }
    @Test func randomURLParagraphsStreamLikeOneShot() {
        let failures = PrefixHarness().failingDocuments(seeds: 0..<100, Self.urlParagraph)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
        let crossings = PrefixHarness().failingDocuments(seeds: Self.urlCrossings) { $0 }
        #expect(crossings.isEmpty, "\(crossings.count) fail; first: \(crossings.first?.debugDescription ?? "")")
    }

    /// A seeded paragraph as ``paragraph(seed:)`` builds it, with brackets,
    /// inline links and reference links to `d` (defined after it) among
    /// its words.
    static func bracketParagraph(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x5851_F42D &+ 3)
        let brackets = [
            "[", "]", "[a]", "![", "[]", "[b", "c]", "[d][]", "(e)", "](/u)", "[l](/u)", "[m *n*](/v)",
            "](x \"t*\")", "[p][d]", "[d]", "][d]",
        ]
        var text = ""
        for word in paragraph(seed: seed).split(separator: " ", omittingEmptySubsequences: false) {
            text += (text.isEmpty ? "" : " ") + word
            if Int.random(in: 0..<3, using: &random) == 0 { text += brackets.randomElement(using: &random)! }
        }
        return text + "\n\n[d]: /dd\n"
    }

    /// 400 seeded paragraphs with brackets against cmark-gfm, those on
    /// which the core agrees.
    @Test func randomBracketParagraphsMatchCmarkGFM() throws {
        let (differing, compared) = try Self.differingSeeds(0..<400, footnotes: false) {
            Self.bracketParagraph(seed: $0)
        }
        #expect(compared >= 330)
        #expect(differing.isEmpty, "\(differing.count) of \(compared) differ; first: seed \(differing.first ?? 0)")
    }

    /// The seeds whose documents differ from cmark-gfm's, among those on
    /// which the core agrees, and how many were compared.
    static func differingSeeds(
        _ seeds: Range<Int>, footnotes: Bool, _ document: (Int) -> String
    ) throws -> (differing: [Int], compared: Int) {
        var differing: [Int] = []
        var compared = 0
        for seed in seeds {
            let markdown = document(seed)
            guard try coreAgrees(markdown) else { continue }
            compared += 1
            let bytes = Array(markdown.utf8)
            let ours = GFMOracle.ours(bytes, extensions: footnotes ? GFMOracle.footnoteOptions : .gfm)
            let theirs = try GFMOracle.html(
                bytes, extensions: footnotes ? GFMOracle.withFootnotes : Array(GFMOracle.withFootnotes.dropFirst()))
            if ours != theirs { differing.append(seed) }
        }
        return (differing, compared)
    }

    @Test func randomBracketParagraphsStreamLikeOneShot() {
        let failures = PrefixHarness().failingDocuments(seeds: 0..<120, Self.bracketParagraph)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }

    /// Footnote references among crossing runs (entry 2): cmark-gfm pairs
    /// the runs inside a reference apart, as a link's text, and drops
    /// them; the replay steps over each label the footnote pass replaces.
    /// With footnotes off, `[^c]` is a bracket pair like any other.
    static let referenceCrossings = [
        "~~a *b~~ c* [^1]\n\n[^1]: n\n", "~~a *b~~ [^1] c*\n\n[^1]: n\n", "[^1 *x] ~~a *b~~ c*\n",
        "~~a [^*b~~ c*] d~~\n\n[^*b~~]: n\n", "*a [^1~~] b* ~~c~~\n\n[^1~~]: n\n", "~~a *b~~ [^c]*",
        "_a ~~[^x_]~~ b_\n\n[^x_]: n\n", "~~a *[^1]~~ c*\n\n[^1]: n\n",
    ]

    /// With footnotes on, a reference that takes an image opener's `!` or
    /// begins with an escaped caret (docs/footnotes.md §9.3, item 18)
    /// keeps cmark's pairing.
    static let referencesStillCrossing = [
        "~~a *b~~ [^c]* ![^1] ~~d~~\n\n[^1]: n\n", "~~a *b~~ [\\^c]*\n",
    ]

    /// With footnotes on, a `[^…]` the footnote pass leaves (a link made
    /// of it, an undefined label, one no `]` closes) is a bracket, as in
    /// cmark: the replay pairs the runs around it (formerly kept cmark's
    /// pairing; reduced from `referenceParagraph` seeds).
    static let bracketsLeftByFootnotes = [
        "~~a *b~~ [^c](/u)*\n", "~\u{2014}*`~[^*\n", "~~a *b~~ [^d] c*\n", "~~a *[^] b~~ c*\n",
        "*a ~~b [^x *y] c* d~~\n", "~~a *b~~ [^d]* [^1]\n\n[^1]: n\n", "~~a [^*b~~ c*\n",
    ]

    @Test(arguments: referencesStillCrossing)
    func referenceCrossingStillDiffers(_ markdown: String) throws {
        let bytes = Array(markdown.utf8)
        let ours = GFMOracle.ours(bytes, extensions: GFMOracle.footnoteOptions)
        #expect(
            ours != (try GFMOracle.html(bytes, extensions: GFMOracle.withFootnotes)), "\(markdown.debugDescription)")
    }

    @Test(arguments: referenceCrossings + bracketsLeftByFootnotes)
    func referenceCrossingMatchesCmarkGFM(_ markdown: String) throws {
        let bytes = Array(markdown.utf8)
        let ours = GFMOracle.ours(bytes, extensions: GFMOracle.footnoteOptions)
        #expect(
            ours == (try GFMOracle.html(bytes, extensions: GFMOracle.withFootnotes)), "\(markdown.debugDescription)")
        try GFMOracle.expectMatch(markdown)
    }

    /// A seeded paragraph as ``bracketParagraph(seed:)`` builds it, with
    /// footnote references among its words: defined and undefined, with
    /// runs inside, images and links made of them.
    static func referenceParagraph(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 11)
        let references = [
            "[^1]", "[^x *y]", "[^a~~]", "[^*]", "[^]", "![^1]", "[^1](/u)", "[^~~b]", "[^_c]", "[^2]", "[^d]",
        ]
        var text = ""
        for word in bracketParagraph(seed: Int(seed)).split(separator: "\n")[0].split(separator: " ") {
            text += (text.isEmpty ? "" : " ") + word
            if Int.random(in: 0..<3, using: &random) == 0 { text += references.randomElement(using: &random)! }
        }
        return text + "\n\n[d]: /dd\n[^1]: n\n\n[^a~~]: m\n\n[^~~b]: k\n"
    }

    /// 400 seeded paragraphs with footnote references against cmark-gfm
    /// with footnotes on, those on which the core agrees.
    @Test func randomReferenceParagraphsMatchCmarkGFM() throws {
        let (differing, compared) = try Self.differingSeeds(0..<400, footnotes: true) {
            Self.referenceParagraph(seed: UInt64($0))
        }
        #expect(compared >= 300)
        #expect(differing == Self.referenceKnownSeeds, "\(differing.count) of \(compared) differ")
    }

    /// Seeds of ``referenceParagraph(seed:)`` that still differ, all of
    /// them before the replay stepped over references too: the rest of
    /// entry 2. Reduced: 214 is the rule-of-3 rest
    /// (`~)__c_.__^~~ *.~\**`). Seeds 33, 45, 89, 148, 185 and 358 held a
    /// `[^…]` that the footnote pass leaves (`[^]`, `[^d]` undefined, `[^`
    /// that no `]` closes, `~—*`~[^*`), where the replay kept cmark's
    /// pairing; such a bracket is no reference, so the replay reads it as
    /// the bracket cmark reads.
    static let referenceKnownSeeds = [214]

    @Test func randomReferenceParagraphsStreamLikeOneShot() {
        let failures = PrefixHarness(options: ParseOptions(extensions: GFMOracle.footnoteOptions))
            .failingDocuments(seeds: Array(UInt64(0)..<100), Self.referenceParagraph)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }

    /// A seeded paragraph as ``paragraph(seed:)`` builds it, with math
    /// spans among its words, and the same paragraph with each span
    /// written as entities around its TeX (`&lt;x&gt;`): a math span is one
    /// piece to the pairing, holding no delimiter, and both have
    /// punctuation at their edges.
    static func mathParagraph(seed: Int) -> (markdown: String, asCode: String) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x6C07_8965 &+ 9)
        let spans = [
            ("$x$", "&lt;x&gt;"), ("$y^2$", "&lt;y^2&gt;"), ("\\(z\\)", "&lt;z&gt;"), ("$a + b$", "&lt;a + b&gt;"),
        ]
        var (markdown, asCode) = ("", "")
        for word in paragraph(seed: seed).split(separator: " ", omittingEmptySubsequences: false) {
            let space = markdown.isEmpty ? "" : " "
            markdown += space + word
            asCode += space + word
            if Int.random(in: 0..<3, using: &random) == 0 {
                let (math, code) = spans.randomElement(using: &random)!
                markdown += math
                asCode += code
            }
        }
        return (markdown, asCode)
    }

    /// Our math-on HTML of a seeded paragraph with math spans, each span
    /// shown as its entities, equals cmark-gfm's of the paragraph with
    /// entities.
    @Test func randomMathParagraphsPairAsCmarkGFMWithEntities() throws {
        var failures: [String] = []
        var compared = 0
        for seed in 0..<1_500 {
            let (markdown, asCode) = Self.mathParagraph(seed: seed)
            // Math inside a code span or a code block (a line opening
            // with `~~~`) is code.
            let fence = markdown.split(separator: "\n").contains {
                $0.drop(while: { " >-1.".contains($0) }).hasPrefix("~~~")
            }
            guard !markdown.contains("`"), !fence, try Self.coreAgrees(asCode) else { continue }
            compared += 1
            let theirs = try GFMOracle.html(Array(asCode.utf8))
            let ours = GFMOracle.ours(Array(markdown.utf8), extensions: [.gfm, .math])
                .replacing(/<span class="math inline">\\\((.*?)\\\)<\/span>/) { "&lt;\($0.1)&gt;" }
            if ours != theirs { failures.append("seed \(seed): " + markdown.debugDescription) }
        }
        #expect(compared >= 400)
        #expect(failures.isEmpty, "\(failures.count) of \(compared) differ; first: \(failures.first ?? "")")
    }

    @Test func randomMathParagraphsStreamLikeOneShot() {
        let failures = PrefixHarness().failingDocuments(seeds: 0..<120) { Self.mathParagraph(seed: $0).markdown }
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }

    /// Whether cmark-gfm and StreamMark render `markdown` alike with
    /// strikethrough off: CommonMark 0.29 (cmark-gfm) and 0.30 (libcmark)
    /// pair some `_` runs differently (`_!__, a_`), a core difference
    /// outside this test.
    static func coreAgrees(_ markdown: String) throws -> Bool {
        let bytes = Array(markdown.utf8)
        let theirs = try GFMOracle.html(bytes, extensions: ["table", "autolink", "tasklist"])
        return GFMOracle.ours(bytes, extensions: [.table, .autolink, .taskList]) == theirs
    }

    /// Seeds whose paragraphs still differ, each for a reason of the rest
    /// of entry 2 (docs/extensions.md); the test fails when one matches.
    static let knownSeeds: [Int: String] = [
        408: "cmark-gfm's openers_bottom for `_` points at a `~` run a later pair removed"
    ]

    /// 600 seeded paragraphs against cmark-gfm, those on which the core
    /// agrees (most of them: the test fails below 500).
    @Test(arguments: 0..<2)
    func randomParagraphsMatchCmarkGFM(batch: Int) throws {
        try Self.expectPairsAsCmarkGFM(
            batch: batch, known: Self.knownSeeds, agrees: { try Self.coreAgrees(String(decoding: $0, as: UTF8.self)) },
            Self.paragraph)
    }

    /// Compares the paragraphs `document` makes of every second seed
    /// below 600 from `batch` with cmark-gfm's, with smart punctuation on
    /// both sides or off, where `agrees` says the core agrees (at least
    /// 250 of them): those in `known` must differ, no other may. A seed of
    /// ``knownSeeds`` differs in every paragraph built on it, and is
    /// skipped.
    static func expectPairsAsCmarkGFM(
        batch: Int, smart: Bool = false, known: [Int: String], agrees: ([UInt8]) throws -> Bool,
        _ document: (Int) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var failures: [String] = []
        var compared = 0
        for seed in stride(from: batch, to: 600, by: 2) {
            let bytes = Array(document(seed).utf8)
            guard known[seed] != nil || knownSeeds[seed] == nil, try agrees(bytes) else { continue }
            compared += 1
            let differs = GFMOracle.ours(bytes, smart: smart) != (try GFMOracle.html(bytes, smart: smart))
            if let reason = known[seed] {
                #expect(differs, "seed \(seed) (\(reason)) now matches: remove it", sourceLocation: sourceLocation)
            } else if differs {
                failures.append("seed \(seed): " + String(decoding: bytes, as: UTF8.self).debugDescription)
            }
        }
        #expect(compared >= 250, sourceLocation: sourceLocation)
        #expect(
            failures.isEmpty, "\(failures.count) of \(compared) differ; first: \(failures.first ?? "")",
            sourceLocation: sourceLocation)
    }
    @Test(arguments: 0..<2)
    func randomParagraphsStreamLikeOneShot(batch: Int) {
        let failures = PrefixHarness().failingDocuments(seeds: stride(from: batch, to: 160, by: 2), Self.paragraph)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
        let crossings = PrefixHarness().failingDocuments(seeds: Self.crossings) { $0 }
        #expect(crossings.isEmpty, "\(crossings.count) fail; first: \(crossings.first?.debugDescription ?? "")")
    }
}
