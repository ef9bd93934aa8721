import Testing

@testable import StreamMark

/// `ReferenceKeys.definitions` may over-approximate the labels a text
/// defines, never miss one: checked against cmark, which decides whether a
/// `[x]: …` line defines `x` by whether a later `[x]` becomes a link.
@Suite struct ReferenceKeysTests {
    /// Whether cmark takes `line` (a `[x]: …` line, maybe with more lines)
    /// as a definition of `x`.
    static func cmarkDefines(_ line: String) -> Bool {
        let root = MarkdownParser(options: .commonMark).parse(line + "\n\n[x]\n")
        guard case .paragraph(let inlines)? = root.children.last?.kind else { return false }
        return inlines.count == 1 && { if case .link = inlines[0] { true } else { false } }()
    }

    static func keys(_ text: String) -> Set<String> {
        Array(text.utf8).withUnsafeBufferPointer { ReferenceKeys.definitions(in: $0, 0..<$0.count) }
    }

    /// Footnote-style lines and a destination followed by plain words are
    /// never definitions, and are not reported as ones.
    @Test(arguments: [
        "[x]: Some note.", "[x]: a b", "[x]: /u x", "[x]:  /url\tmore", "[x]: \\) y", "[x]:", "[x]:  \n",
        "[x]:\n  \n/u",
    ])
    func lineThatCannotDefine(_ line: String) {
        #expect(!Self.cmarkDefines(line))
        #expect(Self.keys(line).isEmpty)
    }

    /// Definitions in each form are reported.
    @Test(arguments: [
        "[x]: /u", "[x]:/u", "[x]: /u \"t\"", "[x]: /u 't'", "[x]: /u (t)", "[x]: <a b>", "[x]:\n/u",
        "[x]: /u\n\"title\"", "[x]: /u\t", "[x]: \\(a\\) \"t\"", "[x]: /ü", "[x]: /u\u{1}",
    ])
    func definitionIsReported(_ line: String) {
        #expect(Self.cmarkDefines(line))
        #expect(Self.keys(line) == ["x"])
    }

    /// Random rests after `[x]:` from the bytes that matter to a
    /// destination and a title: whenever cmark defines `x`, the scan
    /// reports it.
    @Test func neverMissesADefinition() {
        let alphabet = [" ", "\t", "\"", "'", "(", ")", "<", ">", "\\", "a", "/", "\n", "\u{1}", "é", "x y"]
        var generator = SplitMix64(seed: 2026)
        var defined = 0
        for _ in 0..<3_000 {
            var rest = ""
            for _ in 0..<Int(generator.next() % 8) { rest += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let line = "[x]:" + rest
            if Self.cmarkDefines(line) {
                defined += 1
                #expect(Self.keys(line) == ["x"], "missed: \(line.debugDescription)")
            }
        }
        #expect(defined > 300)
    }

    /// Definition lines under other lines, behind container markers: the
    /// line before may be paragraph text (`a `, `a b`), which a plain
    /// `[x]: /u` would continue, but a list or quote marker starts a block
    /// that interrupts it (`- b` / `a ` / `- [x]: /u`, a long differential
    /// fuzz run's stream violation `375acd40`). Whenever cmark defines `x`,
    /// the scan reports it.
    @Test func neverMissesADefinitionUnderAnotherLine() {
        let before = ["a ", "a b", "a", "- b", "> a b", "1. a b", "    a b", "", "b:", "* ]"]
        let markers = ["", "- ", "* ", "> ", "1. ", "2) ", "  ", "- [ ] ", "> - ", "   "]
        var generator = SplitMix64(seed: 39)
        var defined = 0
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                text += before[Int(generator.next() % UInt64(before.count))] + "\n"
            }
            text += markers[Int(generator.next() % UInt64(markers.count))] + "[x]: /u"
            if Self.cmarkDefines(text) {
                defined += 1
                #expect(Self.keys(text).contains("x"), "missed: \(text.debugDescription)")
            }
        }
        #expect(defined > 500)
    }

    /// Letters that Unicode case folding makes equal, each class spelled
    /// several ways: Greek (final sigma, the Ohm sign), Cyrillic, Latin-1,
    /// `ß`/`ẞ`/`SS`, Turkish `İ`, the Kelvin sign, a titlecase digraph, a
    /// ligature; and `ı`, which folds to itself.
    static let foldClasses: [[String]] = [
        ["α", "Α"], ["γ", "Γ"], ["ω", "Ω", "\u{2126}"], ["σ", "ς", "Σ"], ["д", "Д"], ["ж", "Ж"], ["é", "É"],
        ["ñ", "Ñ"], ["ø", "Ø"], ["ß", "ẞ", "ss", "SS", "sS"], ["i\u{307}", "İ"], ["k", "K", "\u{212A}"],
        ["ǆ", "ǅ", "Ǆ"], ["ﬀ", "ff", "FF"], ["ı"], ["i", "I"], ["a", "A"], [" "],
    ]

    /// Two spellings of a random label (the second, one time in five, with
    /// one letter of another class).
    static func labelPair(_ generator: inout SplitMix64) -> (use: String, definition: String) {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        let classes = (0...(generator.next() % 5)).map { _ in pick(foldClasses) }
        var (use, definition) = ("", "")
        for letters in classes {
            use += pick(letters)
            definition += pick(letters)
        }
        if generator.next() % 5 == 0 { definition += pick(foldClasses)[0] }
        return (use, definition)
    }

    /// Whether cmark links `[use]` to the definition `[definition]: /u`.
    static func cmarkMatches(use: String, definition: String) -> Bool {
        let root = MarkdownParser(options: .commonMark).parse("[\(definition)]: /u\n\n[\(use)]\n")
        guard case .paragraph(let inlines)? = root.children.last?.kind, inlines.count == 1 else { return false }
        if case .link = inlines[0] { return true }
        return false
    }

    static func referenceKeys(_ text: String) -> Set<String> {
        Array(text.utf8).withUnsafeBufferPointer { ReferenceKeys.references(in: $0, 0..<$0.count) }
    }

    /// Labels with mixed-case non-ASCII letters: whenever cmark matches a
    /// use with a definition (Unicode case fold), their keys are equal.
    @Test func keysCoverUnicodeCaseFolding() {
        var generator = SplitMix64(seed: 30)
        var matched = 0
        for _ in 0..<3_000 {
            let (use, definition) = Self.labelPair(&generator)
            guard Self.cmarkMatches(use: use, definition: definition) else { continue }
            matched += 1
            let defined = Self.keys("[\(definition)]: /u")
            #expect(defined.count == 1, "\(definition.debugDescription)")
            #expect(
                defined == Self.referenceKeys("[\(use)]"), "\(use.debugDescription) / \(definition.debugDescription)")
        }
        #expect(matched > 1_500)
    }

    /// The same labels streamed: a definition that arrives after its use
    /// froze, and a use that arrives after its definition froze, link as
    /// in the one-shot parse at every byte.
    @Test func unicodeLabelsStreamLikeOneShot() {
        var generator = SplitMix64(seed: 3030)
        let harness = PrefixHarness(options: .commonMark)
        for _ in 0..<60 {
            let (use, definition) = Self.labelPair(&generator)
            for text in [
                "[\(use)]\n\nx\n\ny\n\n[\(definition)]: /u\n\nz\n", "[\(definition)]: /u\n\nx\n\ny\n\n[\(use)]\n\nz\n",
            ] {
                let report = harness.verify(name: text, bytes: Array(text.utf8), chunking: .everyByte)
                #expect(report.passed, "\(text.debugDescription): \(report.violations.prefix(1).map(\.description))")
            }
        }
    }
}
