import StreamMark
import StreamMarkHighlight
import Testing

/// Hostile input: linear work, bounded state, no crash, nothing lost.
@Suite struct BadInputTests {
    /// A 1 MB line (of the tricky pieces, no line ending) in every language:
    /// one pass, tokens within contract, bounded depth.
    @Test(arguments: HighlightLanguage.all)
    func oneMegabyteSingleLine(language: HighlightLanguage) {
        let code = BadInputTests.megabyteLine
        let line = language.highlight(line: code)
        #expect(tokenContractViolation(line.tokens, length: code.count) == nil)
        #expect(line.state.depth <= HighlightState.maximumDepth)
    }

    /// The same line streamed in 64 KB chunks: linear work, and the same
    /// tokens once the line ends.
    @Test(arguments: ["python", "javascript", "html", "bash", "c"])
    func oneMegabyteSingleLineStreamed(name: String) {
        let language = HighlightLanguage(name: name)!
        let code = BadInputTests.megabyteLine
        var highlighter = stream(code, language: language) { 65_536 }
        #expect(highlighter.bytesLexed <= 2 * code.count)
        highlighter.append(CollectionOfOne(UInt8(ascii: "\n")))
        #expect(firstDifference(highlighter.lines, [language.highlight(line: code)]) == nil)
    }

    static let megabyteLine: [UInt8] = {
        var random = SplitMix64(seed: 0x1_000_000)
        return TrickyText.make(length: 1_000_000, using: &random).filter { $0 != UInt8(ascii: "\n") }
    }()

    /// 100,000 nested template substitutions: the depth stops at the cap
    /// and the rest of the block is plain.
    @Test func deeplyNestedTemplateSubstitutions() {
        let language = HighlightLanguage(name: "javascript")!
        let code = Array(String(repeating: "`${", count: 100_000).utf8)
        let line = language.highlight(line: code)
        #expect(line.state.depth == HighlightState.maximumDepth)
        #expect(!line.state.isAtTopLevel)
        let lastToken = line.tokens.last!.range.upperBound
        #expect(lastToken <= 3 * HighlightState.maximumDepth)
        let next = language.highlight(line: Array("const x = 1".utf8), after: line.state)
        #expect(next.tokens.isEmpty)
    }

    /// 100,000 `(` and 100,000 `${` in every language: bounded depth.
    @Test(arguments: HighlightLanguage.all)
    func hundredThousandOpeningBrackets(language: HighlightLanguage) {
        for opener in ["(", "${"] {
            let code = Array(String(repeating: opener, count: 100_000).utf8)
            let line = language.highlight(line: code)
            #expect(line.state.depth <= HighlightState.maximumDepth, "\(language) \(opener)")
            #expect(tokenContractViolation(line.tokens, length: code.count) == nil)
        }
    }

    /// Runs of openers streamed in 4 KB chunks: linear work, depth within the
    /// cap, the one-shot tokens once the line ends.
    @Test(arguments: HighlightLanguage.all)
    func nestedOpenersStreamed(language: HighlightLanguage) {
        for opener in ["(", "{", "[", "${", "<", "\"${", "f\"{"] {
            let code = Array(String(repeating: opener, count: 5_000).utf8)
            var highlighter = stream(code, language: language) { 4_096 }
            #expect(highlighter.bytesLexed <= 2 * code.count, "\(language) \(opener)")
            highlighter.append(CollectionOfOne(UInt8(ascii: "\n")))
            let line = language.highlight(line: code)
            #expect(firstDifference(highlighter.lines, [line]) == nil, "\(language) \(opener)")
            #expect(line.state.depth <= HighlightState.maximumDepth)
        }
    }

    @Test func unterminatedStringEndsWithItsLine() {
        let python = HighlightLanguage(name: "python")!
        let line = python.highlight(line: Array("x = 'abc".utf8))
        #expect(line.tokens == [HighlightToken(range: 4..<8, kind: .string)])
        #expect(line.state.isAtTopLevel)
    }

    @Test func unterminatedCommentAndTripleQuoteContinue() {
        let c = HighlightLanguage(name: "c")!
        let comment = c.highlight(line: Array("int x; /* open".utf8))
        #expect(comment.tokens.last == HighlightToken(range: 7..<14, kind: .comment))
        #expect(comment.state.depth == 1)
        let python = HighlightLanguage(name: "python")!
        let docstring = python.highlight(line: Array("\"\"\"doc".utf8))
        #expect(docstring.tokens == [HighlightToken(range: 0..<6, kind: .string)])
        #expect(docstring.state.depth == 1)
    }

    /// Arbitrary bytes (not UTF-8): tokens keep their contract and streaming
    /// still equals one-shot.
    @Test(arguments: HighlightLanguage.all)
    func arbitraryBytes(language: HighlightLanguage) {
        var random = SplitMix64(seed: 0xBAD ^ UInt64(language.name.count))
        for _ in 0..<20 {
            let code = (0..<600).map { _ in UInt8.random(in: 0...255, using: &random) }
            let streamed = stream(code, language: language) { Int.random(in: 1...9, using: &random) }
            let expected = oneShotLines(code, language: language)
            #expect(firstDifference(allLines(streamed), expected) == nil)
            for (line, length) in zip(expected, lineLengths(code)) {
                #expect(tokenContractViolation(line.tokens, length: length) == nil)
            }
        }
    }

    @Test(arguments: ["py\u{0}thon", "python\n", "\u{7}", "js\u{1B}[0m", "c\u{7F}", "ruby\r"])
    func languageNamesWithControlCharacters(name: String) {
        #expect(HighlightLanguage(name: name) == nil)
        #expect(HighlightLanguage(infoString: name) == nil)
    }

    @Test func tokensOfEveryCorpusLineKeepTheContract() {
        for block in CorpusCode.highlighted {
            let lines = block.language!.highlight(text: block.code)
            for (line, length) in zip(lines, lineLengths(block.code)) {
                #expect(tokenContractViolation(line.tokens, length: length) == nil, "\(block)")
            }
        }
    }
}
