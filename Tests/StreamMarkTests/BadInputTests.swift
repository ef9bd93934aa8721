import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

/// Any bytes are valid Markdown: the engine never crashes, hangs or loses
/// text, and its tree equals cmark's one-shot parse of the same (normalized)
/// bytes — streamed or not.
@Suite struct BadInputTests {
    func streamedEqualsOneShot(_ bytes: [UInt8], chunk: Int, options: ParseOptions = .commonMark) -> Bool {
        var document = StreamingDocument(options: options)
        var start = 0
        while start < bytes.count {
            document.append(bytes: bytes[start..<min(start + chunk, bytes.count)])
            start += chunk
        }
        document.finish()
        return document.root == MarkdownParser(options: options).parse(bytes: bytes)
            && document.utf8 == UTF8Normalizer.normalized(bytes)
    }

    @Test func invalidUTF8AndNULStreamWithoutLoss() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<50 {
            let bytes = (0..<300).map { _ -> UInt8 in
                let r = generator.next()
                // Mostly Markdown-ish ASCII, with invalid bytes, NUL and CR.
                switch r % 10 {
                case 0: return UInt8(truncatingIfNeeded: r >> 8) | 0x80
                case 1: return [0, 0x0D, 0x0A, 0xC3, 0xE2][Int(r >> 8) % 5]
                default:
                    let alphabet = Array("ab *_`#>-[]()!\n ".utf8)
                    return alphabet[Int(r >> 8) % alphabet.count]
                }
            }
            #expect(streamedEqualsOneShot(bytes, chunk: 3))
            #expect(streamedEqualsOneShot(bytes, chunk: 1, options: ParseOptions()))
        }
    }

    @Test(arguments: ["a\rb\r\rc\r", "a\r\nb\r\n\r\n- c\r\n", "> q\r- x\r\n\r  y\n", "```\r\ncode\rmore\r\n```\r"])
    func lineEndings(text: String) {
        let report = PrefixHarness(options: .commonMark).verify(
            name: "line endings", bytes: Array(text.utf8), chunking: .everyByte)
        #expect(report.passed, "\(report.violations.map(\.description))")
    }

    @Test func tenMegabyteSingleLine() {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
        let root = MarkdownParser(options: .commonMark).parse(bytes: line)
        #expect(root.children.count == 1)
        #expect(root.children.first?.range == 0..<(10 << 20))
        // Streamed in 1 MB chunks: a single paragraph that grows.
        #expect(streamedEqualsOneShot(line, chunk: 1 << 20))
    }

    @Test(arguments: [
        String(repeating: "> ", count: 10_000) + "deep\n",
        String(repeating: "- ", count: 10_000) + "deep\n",
        // Nested list items by indentation (1,000 levels: 10,000 would be 100 MB of spaces).
        (0..<1_000).map { String(repeating: " ", count: 2 * $0) + "- item\n" }.joined(),
    ])
    func tenThousandDeep(text: String) {
        let bytes = Array(text.utf8)
        LargeStack.run {
            let root = MarkdownParser(options: .commonMark).parse(bytes: bytes)
            var depth = 0
            var block = root
            while let child = block.children.last {
                depth += 1
                block = child
            }
            #expect(depth >= 1_000)
            #expect(self.streamedEqualsOneShot(bytes, chunk: 4096))
        }
    }
}
