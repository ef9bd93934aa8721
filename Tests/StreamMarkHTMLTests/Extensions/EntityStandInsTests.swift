import StreamMark
import StreamMarkTestSupport
import Testing

/// Entities next to tildes and before `www.`, compared with cmark-gfm byte
/// for byte (``EntityStandIns``, docs/extensions.md entry 1): a tilde
/// written as `&#126;` is text, never a delimiter; a run next to an entity
/// is flanked by its `&` or `;`; no `www.` link starts right after an
/// entity; entities in code spans, raw HTML, autolinks and link labels
/// stay as written.
@Suite struct EntityStandInsTests {
    static let handCases = [
        // The stop-45 fuzz finding, formerly pinned as still differing.
        "~&#0;~e",
        "&#126;a&#126;", "x ~~a&#126;~~", "~x&#126;y~", "a ~&#126;~ b~", "~&#x7e;b~", "~&#X7E;b~ c",
        "~&#00000126;b~", "&#126;&#126;a&#126;&#126;", "~a&amp;~ b", "~&eacute;a~ x", "x ~&eacute;~ y",
        "~&foo;~ e", "~&#32;a~", "a~&#32;~", "~~&#126;~~", "\\~&amp;~x~", "`~&#126;` ~a~",
        "<a title=\"&#126;\">~x~</a>",
        "<http://a.com/&#126;> ~x~", "[x&#126;y](/u&#126; \"t&#126;\") ~a~", "[a&#126;] ~x~\n\n[a&#126;]: /u",
        "[a&#126;]\n\n[a~]: /u", "www.a.com/~&amp; ~x~", "# ~&#126;x~\n", "> ~&eacute;~ a\n", "- ~&#126;~x~\n",
        "| h |\n|---|\n| ~&#0;~e |\n", "~&#126;\n~x", "~a&#126;~~b~~", "a&#126;~b~", "~&#1234567890;~ x",
        "x&#32;www.a.com y", "&#40;www.a.com", "&#126;www.a.com ~x~", "&eacute;www.a.com", "`&#32;`www.a.com",
        "&#32;http://a.com ~x~",
    ]

    @Test func handCasesMatchCmarkGFM() throws {
        try GFMOracle.expectMatch(seeds: Self.handCases.indices) { Self.handCases[$0] }
    }

    /// Seeded blocks of tilde runs, entities (to `~`, to letters, to
    /// symbols, to spaces, named, unknown), escapes, code spans, raw HTML,
    /// links and a URL, in paragraphs, quotes, list items, headings and
    /// table cells.
    static func entitiesAndTildes(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 17)
        let pieces = [
            "~~", "~", "a", " ", "&#126;", "&#x7E;", "&#0;", "&eacute;", "&amp;", "&foo;", "&#32;", "`~&#126;`",
            "\\~", "b c", "[x&#126;](/u)", "www.a.com/", "<i t=\"&#126;\">", "!", "*", "&#126;~", "&#40;",
        ]
        let prefix = ["", "", "> ", "- ", "# ", "| h |\n|---|\n| "].randomElement(using: &random)!
        var text = prefix
        for _ in 0..<Int.random(in: 3...12, using: &random) { text += pieces.randomElement(using: &random)! }
        return text + "x\n"
    }

    @Test(arguments: 0..<2)
    func randomEntitiesAndTildesMatchCmarkGFM(batch: Int) throws {
        try GFMOracle.expectMatch(seeds: stride(from: batch, to: 600, by: 2), Self.entitiesAndTildes)
    }

    @Test func randomEntitiesAndTildesStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100) { Self.entitiesAndTildes(seed: Int($0)) }
    }

    /// Seeded blocks of bracket pairs around entities and tildes (formerly
    /// known difference 18): a pair that defines nothing is text, where a
    /// `~` beside an entity is flanked by its `&` or `;`; a defined label
    /// is matched as written and its text parsed as any text; shortcut,
    /// collapsed and full references, chains of pairs, images and inline
    /// links among them. (No `*` or `_`: a run next to a tilde is entry
    /// 11.)
    static func entitiesInBrackets(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
        let pieces = [
            "[", "]", "~", "~~", "A", "&#65;", "&#126;", "&#6;", "&amp;", " ", "[a]", "[x~]", "](/u)", "[]", "\\[",
            "`&#126;~`", "[^n]", "[A~&#65;~]", "[~&#126;~]", "![", "[A~&#65;~][]", "www.a.com", "\n", "<b>", "&#x7e;",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 3...12, using: &random) { text += pieces.randomElement(using: &random)! }
        let definitions = [
            "", "\n\n[a]: /u\n", "\n\n[x~]: /v\n", "\n\n[^n]: note\n", "\n\n[A~&#65;~]: /u\n",
            "\n\n[~&#126;~]: /w\n[a]: /x\n", "\n\n[A~A~]: /y\n[ ~&#126;~ ]: /z\n",
        ]
        return text + definitions.randomElement(using: &random)!
    }

    /// Defined labels holding an entity beside a tilde and code spans,
    /// raw HTML or autolinks that lie inside them, used as shortcut,
    /// collapsed and full references, some with backticks and `<` that
    /// open nothing after them (docs/extensions.md, entry 18): such a
    /// label is written in full, as one without them. (A backtick or `<`
    /// that opens nothing inside a label, or one that cmark reads whole
    /// before it, keeps it as written: entry 18's rest.)
    static func labelsHoldingSpans(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x517C_C1B7 &+ 11)
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        var labels: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            var label = ""
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                label += pick(["A~&#65;~", "~&#126;~", " `x`", " ``y``", " <b>", " <http://a>", " c", "&#x7e;"])
            }
            labels.append(label)
        }
        var text = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let label = pick(labels)
            text += pick(["", " ", "x ", "~"]) + pick(["[\(label)]", "[\(label)][]", "[\(label)][]", "[t][\(label)]"])
        }
        text += pick(["", " `", " <", " x>"])
        return text + "\n\n" + labels.map { "[\($0)]: /u" }.joined(separator: "\n") + "\n"
    }

    /// Defined labels over two or three lines (line endings of the three
    /// kinds, hard breaks, indented continuation lines, code spans across
    /// a line end) holding an entity beside a tilde, used as shortcut,
    /// collapsed and full references in paragraphs, quotes and list
    /// items, defined on one line or over lines: written in full with the
    /// copy's line endings as spaces (entry 18, fixed at stop 57).
    static func labelsOverLines(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x6C8E_9CF5 &+ 23)
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        var label = pick(["A~&#65;~", "~&#126;~", "x"])
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            label += pick(["\n", "\n  ", "  \n", "\r\n", "\r"]) + pick(["b", "~&#126;~", "`c\nd`", "A~&#65;~ e"])
        }
        let container = pick(["", "> ", "- "])
        var text = container
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            text += pick(["", " ", "x ", "~"]) + pick(["[\(label)]", "[\(label)][]", "[t][\(label)]"])
        }
        let written = Bool.random(using: &random) ? label : label.replacing(/\r\n|\r|\n/, with: " ")
        return text + pick(["", " ~y~"]) + "\n\n[\(written)]: /u\n"
    }

    /// The generators of bracket pairs, compared with footnotes on.
    enum BracketGenerator: String, CaseIterable {
        case entitiesInBrackets, labelsHoldingSpans, labelsOverLines

        func document(seed: UInt64) -> String {
            switch self {
            case .entitiesInBrackets: EntityStandInsTests.entitiesInBrackets(seed: Int(seed))
            case .labelsHoldingSpans: EntityStandInsTests.labelsHoldingSpans(seed: Int(seed))
            case .labelsOverLines: EntityStandInsTests.labelsOverLines(seed: Int(seed))
            }
        }
    }

    @Test(arguments: BracketGenerator.allCases, 0..<2)
    func randomBracketsMatchCmarkGFM(generator: BracketGenerator, batch: Int) throws {
        try GFMOracle.expectMatchWithFootnotes(
            seeds: UInt64(batch * 300)..<UInt64(batch * 300 + 300), generator.document(seed:))
    }

    @Test(arguments: BracketGenerator.allCases)
    func randomBracketsStreamLikeOneShot(generator: BracketGenerator) {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100, generator.document(seed:))
    }
}
