import StreamMarkHighlight
import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// `CodeHighlights`: code blocks highlighted from the engine's patches, a
/// completed line once and for good, equal to the literal highlighted whole.
@Suite struct CodeHighlightsTests {
    static let answers = CorpusFiles.markdownFiles(under: "llm") + CorpusFiles.markdownFiles(under: "documents")

    /// Streams `bytes` and feeds the tracker; returns it, the final tree and
    /// the code bytes of the final tree.
    static func stream(_ bytes: [UInt8], chunking: PrefixHarness.Chunking) -> (CodeHighlights, Block, Int) {
        var document = StreamingDocument()
        var highlights = CodeHighlights()
        for range in chunking.chunks(of: bytes) {
            _ = highlights.apply(document.append(bytes: bytes[range]), root: document.root)
        }
        _ = highlights.apply(document.finish(), root: document.root)
        var code = 0
        document.root.forEach { if case .codeBlock(let c) = $0.kind { code += c.literal.utf8.count } }
        return (highlights, document.root, code)
    }

    /// Differential over the Corpus: at the end every code block's lines are
    /// those of its literal highlighted whole, at every chunking.
    @Test(arguments: [PrefixHarness.Chunking.fixed(4), .fixed(7), .mixed(seed: 3), .random(seed: 9)])
    func streamedLinesEqualOneShot(chunking: PrefixHarness.Chunking) {
        var blocks = 0
        for file in Self.answers {
            let (highlights, root, _) = Self.stream(CorpusFiles.bytes(file), chunking: chunking)
            root.forEach { block in
                guard case .codeBlock(let code) = block.kind else { return }
                blocks += 1
                #expect(highlights.lines(of: block.id) == CodeHighlights.lines(of: code), "\(file) \(block.id)")
            }
        }
        #expect(blocks > 150)
    }

    /// The work: bytes lexed per code byte at 4-byte chunks stays under 2
    /// (each byte once, plus the resumed tails of open lines).
    @Test func bytesLexedStayUnderTwicTheCode() {
        var (lexed, code) = (0, 0)
        for file in Self.answers {
            let (highlights, _, bytes) = Self.stream(CorpusFiles.bytes(file), chunking: .fixed(4))
            lexed += highlights.bytesLexed
            code += bytes
        }
        #expect(code > 50_000)
        #expect(lexed <= 2 * code, "\(lexed) bytes lexed for \(code) code bytes")
    }

    /// The harness's invariant fails when a completed line changes: a
    /// Python block whose first line becomes another.
    @Test func invariantSeesAChangedLine() {
        var invariant = HighlightInvariant()
        let before = Block(
            id: "e0", kind: .codeBlock(CodeBlockAttributes(info: "python", literal: "def f():\nx\n", fenced: true)),
            range: 0..<10)
        var root = Block(id: .document, kind: .document, range: 0..<10, children: [before])
        #expect(
            invariant.observe([.insert(parent: .document, index: 0, block: before)], root: root, chunk: 0, prefix: 10)
                .isEmpty)
        let after = Block(
            id: "e0", kind: .codeBlock(CodeBlockAttributes(info: "python", literal: "x = 1\nx\ny\n", fenced: true)),
            range: 0..<12)
        root.children = [after]
        let failures = invariant.observe([.update(id: "e0", value: after.value)], root: root, chunk: 1, prefix: 12)
        #expect(failures.count == 1)
        #expect(invariant.check(final: root).failures.count == 1)
    }

    /// A partial closing fence taken back: the completed lines stay, only
    /// the open line is lexed again (no restart from line 0).
    @Test func openLineTakenBackKeepsCompletedLines() {
        var document = StreamingDocument()
        var highlights = CodeHighlights()
        var changes: [CodeHighlights.Change] = []
        for chunk in ["```python\n", "def f():\n    return 1\n", "`", "`x\n", "y = 2\n"] {
            changes += highlights.apply(document.append(chunk), root: document.root)
        }
        #expect(changes.allSatisfy { $0.firstLine > 0 || $0.lines.count <= 1 })
        #expect(changes.map(\.firstLine) == changes.map(\.firstLine).sorted())
        changes += highlights.apply(document.finish(), root: document.root)
        guard case .codeBlock(let code) = document.root.children[0].kind else {
            Issue.record("no code block")
            return
        }
        #expect(highlights.lines(of: "e0") == CodeHighlights.lines(of: code))
    }
}
