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
}
