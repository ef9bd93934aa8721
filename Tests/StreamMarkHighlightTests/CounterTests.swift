import StreamMark
import StreamMarkHighlight
import Testing

/// The work counters: appends resume inside lines, so streaming costs little
/// more than one-shot lexing.
@Suite struct CounterTests {
    /// One append of the whole text lexes every line once: bytes lexed are
    /// the code bytes less the line endings.
    @Test func oneShotLexesEveryByteOnce() {
        for block in CorpusCode.highlighted {
            let highlighter = CodeHighlighter(language: block.language, text: block.code)
            let newlines = block.code.filter { $0 == UInt8(ascii: "\n") }.count
            #expect(highlighter.bytesLexed == block.code.count - newlines, "\(block)")
            #expect(highlighter.bytesAppended == block.code.count)
            #expect(highlighter.completedLineCount == newlines)
        }
    }

    /// Over all Corpus code at 4-byte chunks, bytes lexed ÷ code bytes ≤ 2.
    @Test func fourByteChunksOverTheCorpusLexAtMostTwice() {
        var lexed = 0
        var total = 0
        for block in CorpusCode.highlighted {
            let highlighter = stream(block.code, language: block.language!) { 4 }
            lexed += highlighter.bytesLexed
            total += block.code.count
        }
        let ratio = Double(lexed) / Double(total)
        #expect(total > 50_000)
        #expect(ratio <= 2.0, "bytes lexed \(lexed) for \(total) code bytes: \(ratio)")
        #expect(ratio >= 1.0)
    }

    /// A 16 KB single line at 4-byte chunks costs at most 3× its one-shot
    /// lexing (its length) in bytes lexed.
    @Test(arguments: LongLine.allCases)
    func sixteenKilobyteLineAtFourByteChunks(line: LongLine) {
        let (language, code) = line.make()
        #expect(code.count >= 16_384)
        let oneShot = CodeHighlighter(language: language, text: code)
        #expect(oneShot.bytesLexed == code.count)
        var streamed = stream(code, language: language) { 4 }
        #expect(streamed.bytesLexed <= 3 * code.count, "\(line): \(streamed.bytesLexed) for \(code.count)")
        streamed.append(CollectionOfOne(UInt8(ascii: "\n")))
        #expect(firstDifference(streamed.lines, oneShotLines(code, language: language)) == nil)
    }

    /// A long string literal at 4-byte chunks: every append that falls
    /// wholly inside the string continues its run without the lexer.
    /// `s = "` + 4,096 `A` + `"` (4,102 bytes): appends 0 (`s = `) and 1
    /// (`"AAA`, the string opens) lex; appends 2 to 1,024 (bytes 8..<4,100,
    /// all `A`) continue the run; append 1,025 (`A"`) lexes the closer.
    @Test func appendsInsideAStringContinueItsRun() {
        let code = Array("s = \"".utf8) + Array(repeating: UInt8(ascii: "A"), count: 4_096) + [UInt8(ascii: "\"")]
        let language = HighlightLanguage(name: "python")!
        var streamed = stream(code, language: language) { 4 }
        #expect(streamed.runContinuations == 1_023)
        #expect(streamed.bytesLexed == code.count)
        streamed.append(CollectionOfOne(UInt8(ascii: "\n")))
        #expect(streamed.lines == oneShotLines(code, language: language))
    }

    /// Any line at any chunking: each append lexes at most its bytes plus
    /// a bounded tail (the unfinished token, at most a few hundred bytes).
    @Test func appendsAreBoundedOnHostileLines() {
        var random = SplitMix64(seed: 0xB0B)
        for language in HighlightLanguage.all {
            let code = Array(TrickyText.make(length: 20_000, using: &random).filter { $0 != UInt8(ascii: "\n") })
            var highlighter = CodeHighlighter(language: language)
            var start = 0
            while start < code.count {
                let before = highlighter.bytesLexed
                let end = min(code.count, start + 4)
                highlighter.append(code[start..<end])
                #expect(highlighter.bytesLexed - before <= 4 + 600, "\(language) at \(start)")
                start = end
            }
        }
    }
}

/// The 16 KB single lines of the cost bound.
enum LongLine: String, CaseIterable, CustomStringConvertible {
    case pythonBase64
    case javascriptBase64
    case minifiedJavaScript
    case jsonArray
    case cComment

    var description: String { rawValue }

    func make() -> (HighlightLanguage, [UInt8]) {
        var random = SplitMix64(seed: 16_384)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let base64 = (0..<16_384).map { _ in alphabet.randomElement(using: &random)! }
        switch self {
        case .pythonBase64:
            return (HighlightLanguage(name: "python")!, Array("data = b\"".utf8) + base64 + Array("\"".utf8))
        case .javascriptBase64:
            return (HighlightLanguage(name: "js")!, Array("const png = 'data:image/png;base64,".utf8) + base64 + [39])
        case .minifiedJavaScript:
            var code: [UInt8] = []
            var index = 0
            while code.count < 16_384 {
                code += Array(
                    "function f\(index)(a,b){if(a>b)return a/b;var s=`x${a}y`;return s.length+0x1F*\(index);}".utf8)
                index += 1
            }
            return (HighlightLanguage(name: "javascript")!, code)
        case .jsonArray:
            var code = Array("[".utf8)
            var index = 0
            while code.count < 16_384 {
                code += Array("{\"id\":\(index),\"name\":\"item \(index)\",\"ok\":true,\"v\":null},".utf8)
                index += 1
            }
            return (HighlightLanguage(name: "json")!, code + Array("{}]".utf8))
        case .cComment:
            return (HighlightLanguage(name: "c")!, Array("int x; /* ".utf8) + base64 + Array(" */".utf8))
        }
    }
}
