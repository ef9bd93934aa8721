import StreamMark
import StreamMarkHighlight
import Testing

/// A completed line's tokens equal the pure per-line function's, whatever
/// the chunking: the checkpoints inside open lines resume exactly.
@Suite struct StreamingEquivalenceTests {
    @Test func theCorpusHasCodeInManyLanguages() {
        let languages = Set(CorpusCode.highlighted.compactMap { $0.language?.name })
        #expect(CorpusCode.highlighted.count >= 150)
        #expect(
            languages.isSuperset(of: ["python", "bash", "javascript", "sql", "hcl", "php", "html", "xml", "swift"]))
    }

    @Test(arguments: [1, 2, 3, 4, 7, 16, 64])
    func fixedChunksOverTheCorpus(size: Int) {
        for block in CorpusCode.highlighted {
            let language = block.language!
            let streamed = stream(block.code, language: language) { size }
            #expect(
                firstDifference(allLines(streamed), oneShotLines(block.code, language: language)) == nil,
                "\(block) at \(size)")
        }
    }

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003] as [UInt64])
    func randomChunksOverTheCorpus(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for block in CorpusCode.highlighted {
            let language = block.language!
            let streamed = stream(block.code, language: language) { Int.random(in: 1...64, using: &random) }
            #expect(
                firstDifference(allLines(streamed), oneShotLines(block.code, language: language)) == nil,
                "\(block) seed \(seed)")
        }
    }

    /// Every language over text made of its trickiest bytes, at random
    /// chunkings: the open line's provisional tokens never leak into the
    /// final ones.
    @Test(arguments: HighlightLanguage.all)
    func randomTrickyTextInEveryLanguage(language: HighlightLanguage) {
        var random = SplitMix64(seed: 0xC0DE ^ UInt64(language.name.utf8.count))
        for round in 0..<40 {
            let code = TrickyText.make(length: 400, using: &random)
            let streamed = stream(code, language: language) { Int.random(in: 1...9, using: &random) }
            let expected = oneShotLines(code, language: language)
            #expect(
                firstDifference(allLines(streamed), expected) == nil,
                "\(language) round \(round): \(String(decoding: code, as: UTF8.self))")
        }
    }

    /// At every prefix of tricky text at random chunkings, the open line
    /// (provisional tokens, and finished as if the block ended there)
    /// equals the same prefix appended at once: appends that continue a
    /// run without lexing (``CodeHighlighter/runContinuations``) leave the
    /// tokens and checkpoint the lexer would have.
    @Test(arguments: HighlightLanguage.all)
    func openLineAtEveryPrefixEqualsOneAppend(language: HighlightLanguage) {
        var random = SplitMix64(seed: 0x09E7 ^ UInt64(language.name.utf8.count))
        var continued = 0
        for round in 0..<12 {
            let code = TrickyText.make(length: 300, using: &random)
            var streamed = CodeHighlighter(language: language)
            var start = 0
            while start < code.count {
                let end = min(code.count, start + Int.random(in: 1...6, using: &random))
                streamed.append(code[start..<end])
                start = end
                let whole = CodeHighlighter(language: language, text: code[..<end])
                #expect(streamed.openLineTokens == whole.openLineTokens, "\(language) round \(round) at \(end)")
                #expect(streamed.finishedOpenLine() == whole.finishedOpenLine(), "\(language) round \(round) at \(end)")
            }
            continued += streamed.runContinuations
        }
        #expect(continued > 0, "\(language): no append continued a run")
    }

    /// The open line's provisional tokens are the pure function's tokens
    /// for the prefix when nothing is cut in the middle (here: after every
    /// complete line).
    @Test func finishedOpenLineMatchesWholeText() {
        for block in CorpusCode.highlighted.prefix(40) {
            let language = block.language!
            let highlighter = CodeHighlighter(language: language, text: block.code)
            #expect(firstDifference(allLines(highlighter), language.highlight(text: block.code)) == nil, "\(block)")
        }
    }

    @Test func restartStartsOver() {
        let language = HighlightLanguage(name: "python")!
        var highlighter = CodeHighlighter(language: language, text: Array("s = '''\nopen\n".utf8))
        highlighter.restart(with: Array("x = 1\n".utf8))
        #expect(highlighter.lines == language.highlight(text: Array("x = 1\n".utf8)))
        #expect(highlighter.bytesAppended == 6)
        #expect(highlighter.bytesLexed == 5)
    }
}

/// Random text over the bytes that open and close literals in some language.
enum TrickyText {
    static let pieces: [String] = [
        "\"", "'", "`", "\"\"\"", "'''", "${", "}", "{", "(", ")", "[", "]", "/*", "*/", "//", "#", "--", "<!--",
        "-->", "<script>", "</script>", "<style>", "</style>", "<div a=\"", "<?php", "?>", "<<EOF", "EOF",
        "<<<X", "X", "\\", "\\(", "$", "$x", "@d", "#[a]", "r#\"", "\"#", "R\"x(", ")x\"", "[[", "]]", "[==[",
        "=begin", "=end", "f'", "{{", "}}", ":", ";", "=", " ", "  ", "\t", "\n", "\n", "\n", "x", "def", "class",
        "if", "return", "function", "12", "0x1F", "1e-3", "é", "/", "+", "-", "<", ">", "&", "\r", "%",
    ]

    static func make(length: Int, using random: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < length { bytes += Array(pieces.randomElement(using: &random)!.utf8) }
        return bytes
    }
}
