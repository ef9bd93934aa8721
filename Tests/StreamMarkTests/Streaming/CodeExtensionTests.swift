import StreamMark
import Testing

/// The in-place code extension (`IncrementalEngine.extendOpenCode`):
/// appends that only extend the current line of the open fenced code block
/// are answered without a parse, and the tree must still equal cmark's at
/// every prefix.
@Suite struct CodeExtensionTests {
    /// Code arriving one byte at a time after the first byte of its line:
    /// every append is answered in place.
    @Test func codeLineExtendsInPlace() {
        var document = StreamingDocument()
        document.append("Text.\n\n```swift\nlet x: [Int] = [1, 2]\nl")
        let rest = "et y = x.map { $0 * 2 } // ``` ~~~ <b>"
        for byte in rest.utf8 { document.append(bytes: [byte]) }
        #expect(document.statistics.inPlaceAppends == rest.utf8.count)
        #expect(document.statistics.lastParsedBytes == 0)
        #expect(document.root == MarkdownParser().parse(document.text))
    }

    /// Whole lines of code — indented, with fence characters too few to
    /// close — arriving in 4-byte appends that cross line endings: every
    /// append is answered in place, and the completed lines are frozen as
    /// they go, so the closing fence parses only the fence line and itself,
    /// not the 500 lines before it.
    @Test func codeLinesExtendInPlace() {
        var document = StreamingDocument()
        document.append("```swift\n")
        var body: [UInt8] = []
        for i in 0..<500 {
            body += Array((String(repeating: " ", count: i % 9) + "let v\(i) = [\(i)] // ``\n").utf8)
            if i % 50 == 0 { body += Array("\n``\n\n".utf8) }
        }
        var appends = 0
        for start in stride(from: 0, to: body.count, by: 4) {
            document.append(bytes: body[start..<min(start + 4, body.count)])
            appends += 1
        }
        #expect(document.statistics.inPlaceAppends == appends)
        document.append("```\n")
        #expect(document.statistics.lastParsedBytes == "```swift\n```\n".utf8.count)
        #expect(document.root == MarkdownParser().parse(document.text))
    }

    /// A line that is, or could still become, the closing fence, or whose
    /// indentation is not settled, or an append with a carriage return, is
    /// parsed; lines that are content whatever follows (a settled byte, a
    /// fence too short or too indented, an empty line after a content
    /// line) are extended in place, new lines included.
    @Test(arguments: [
        ("```\n", "x", 1), ("```\n``", "`", 0), ("```\n   ", "```", 0), ("~~~\n~", "~~", 0), ("```\nx", "\n", 1),
        ("```\nx", "y\r", 0), ("  ```\n ", "   x", 0), ("```\n`", "x", 1), ("```\nx", "```", 1), ("~~~\na", " ~~~", 1),
        ("  ```\n  x", "\ty", 1), ("```\n\tx", "y", 1), ("```a\n```", "a", 0), ("```a\n```a", "b", 1),
        ("> ```\n> x", "y", 0), ("- ```\n  x", "y", 0), ("    code\n    x", "y", 1),
        ("```\nx", "y\nz", 1), ("```\nx", "\n```", 0), ("```\nx", "\n``", 1), ("````\nx", "\n```", 1),
        ("```\nx", "\n  ```  ", 0), ("```\nx", "\n    ```", 1), ("```\nx", "\n\t```", 1), ("  ```\nx", "\ny", 1),
        ("  ```\nx", "\n y", 0), ("```\nx\n", "\n", 1), ("```\nx\n```\n", "y", 0), ("```\nx", "\r\n", 0),
        ("~~~\nx", "\n~~\n~~~~", 0), ("```\n", "\n\n", 1), ("```\n``", "\nx", 1), ("```\n```", "\nx", 0),
    ])
    func lineIsExtendedWhenSettled(_ start: String, _ appended: String, inPlace: Int) {
        expectTwoAppends(start, appended, counting: inPlace)
    }

    /// The opening fence line growing: more fence characters right after
    /// the run, or more of an info string of inert bytes and spaces, is
    /// answered in place; anything that could unescape, break the fence
    /// (a backtick in a backtick fence's info) or end the line is parsed.
    /// A setext heading the fence line closed grows with the line.
    @Test(arguments: [
        ("````", "````", 1), ("```", "`", 1), ("~~~", "~~~", 1), ("```", " py", 1), ("``` p", "y th", 1),
        ("```", "~", 0), ("~~~", "`", 0), ("``` ", "`", 0), ("~~~ ", "~", 0), ("```", "`a`", 0), ("```", "\npy", 0),
        ("``", "`", 0), ("    ```", "`", 0), ("> ```", "`", 0), ("```a&", "b", 0), ("text\n```", "`", 1),
        ("- a\n```", "py", 1), ("```\nx\n```", "`", 0), ("   ```", "`", 1), ("```py", "\t", 0), ("```py ", "  ", 1),
        ("[a]: /u\n\n```", "`", 1), ("[a]: /u\n```", "`", 1), ("a\n===\n```", "`", 1), ("a\n---\n~~~", "py", 1),
    ])
    func fenceLineExtendsInPlace(_ start: String, _ appended: String, inPlace: Int) {
        expectTwoAppends(start, appended, counting: inPlace)
    }

    /// Seeded random code blocks — fences of both kinds and lengths,
    /// indentation, tabs, fence-like and closing lines, text after the
    /// block — streamed in random chunks of 1–6 bytes through the
    /// prefix-identity harness (every prefix equals the one-shot parse,
    /// ranges included, and the patches rebuild the tree).
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomCodeThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "```", "````", "~~~", "```py", "\n", "\n\n", " ", "  ", "   ", "\t", "x = 1", "`", "~", "code", "日本",
            "# not", "- item", "> q", "\r\n", "[a]: /u", "[a]", "| b |", "**", "````````", " example", "&amp;",
        ]
        let streams = RandomPieceStreams(pieces: pieces, starts: ["```\n", "  ~~~~ info\n"], options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.inPlaceAppends > 500)
    }

    /// The current line of a code block under list items (or an indented
    /// block) grows in place once it holds a byte other than indentation
    /// and fence characters; every other case is parsed.
    @Test(arguments: [
        ("1. s\n   ```\n   ab\n   cd", "ef", 1), ("1. s\n   ```\n   ab\n   ``", "`", 0),
        ("1. s\n   ```\n   ab\n  ", "x", 0), ("1. s\n   ```\n   ab\n   c", "d\n", 0),
        ("1. s\n   ```\n   ab", "c", 0), ("- a\n  - b\n    ~~~\n    x\n    y", " ~~~", 1),
        ("- a\n\n      i\n      j", "k", 1), ("> - a\n>   ```\n>   x\n>   y", "z", 0), ("    a\n    b", "c", 1),
        ("1. s\n   ```\n   ab\n   c", "\r", 0), ("- a\n  ```\n  x\n  y", "\ty", 1),
    ])
    func nestedCodeLineExtendsInPlace(start: String, appended: String, inPlace: Int) {
        expectTwoAppends(start, appended, counting: inPlace)
    }

    /// Seeded code blocks inside list items and block quotes, with lines of
    /// every indentation, streamed through the prefix-identity harness.
    @Test(arguments: [ParseOptions(), ParseOptions.commonMark])
    func randomNestedCodeThroughTheHarness(options: ParseOptions) {
        let pieces = [
            "1. ", "- ", "   ", "  ", "    ", " ", "\t", "```", "~~~", "\n", "\n", "code", "x = 1", "`", "~", "> ",
            "para", "\r\n", "```py", "日本",
        ]
        let starts = [
            "1. step\n\n   ```js\n   let a = 1\n", "- item\n  ```\n  x\n", "> - q\n>   ```\n>   x\n",
            "- a\n\n      indented\n      code\n", "1. a\n   - b\n     ~~~\n     c\n",
        ]
        let streams = RandomPieceStreams(pieces: pieces, starts: starts, options: options)
        #expect(
            streams.failures.isEmpty, "\(streams.failures.count) of 200 failed; first: \(streams.failures.prefix(2))")
        #expect(streams.inPlaceAppends > 300)
    }
}
