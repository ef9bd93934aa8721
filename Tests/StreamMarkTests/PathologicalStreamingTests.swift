import StreamMark
import StreamMarkTestSupport
import Testing

/// Worst-case input streamed in chunks: cmark's pathological cases (after
/// cmark's `test/pathological_tests.py`) and the chat-shaped ones (very long
/// lines, many definitions, huge tables, deep nesting, unclosed comments,
/// multi-megabyte paragraphs for the GFM passes).
///
/// Each case has a fixed size and asserts a work counter, not a time: the
/// bytes handed to cmark and the bytes copied by the Swift side in all stay
/// within a constant times the document (linear, not quadratic), and the
/// final tree equals the one-shot parse (the output shape).
@Suite struct PathologicalStreamingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var testDescription: String { "\(name) (\(text.utf8.count / 1024) KB)" }
    }

    static func repeated(_ unit: String, toBytes bytes: Int) -> String {
        String(repeating: unit, count: max(1, bytes / unit.utf8.count))
    }

    static let cases: [Case] = {
        let size = 160_000
        var base64 = ""
        var generator = SplitMix64(seed: 12)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for _ in 0..<size { base64.unicodeScalars.append(Unicode.Scalar(alphabet[Int(generator.next() % 64)])) }
        var definitions = ""
        for i in 0..<20_000 { definitions += "[label\(i)]: https://example.com/\(i)\n" }
        definitions += "\nUses [label1] and [label19999].\n"
        var table = "| a | b | c |\n|---|:-:|--:|\n"
        for i in 0..<20_000 { table += "| \(i) | *x* | `y` |\n" }
        var json = "{"
        for i in 0..<8_000 { json += "\"key\(i)\":[\(i),\"v\(i)\",{\"n\":null}]," }
        json += "}"
        var controlLabels = ""
        for i in 0..<2_000 { controlLabels += "[^\u{1}\u{7}\u{1B}[\(i)]: note \(i)\n\nsee[^\u{1}\u{7}\u{1B}[\(i)]\n\n" }
        var notesFirst = ""
        for i in 0..<3_000 { notesFirst += "[^\(i)]: Source \(i).\n" }
        for i in 0..<3_000 { notesFirst += "\nClaim[^\(i)] and again[^\(i % 7)].\n" }
        var autolinks = ""
        for i in 0..<6_000 { autolinks += "see www.example\(i).com and https://x.org/\(i) or a\(i)@b.io ~~s~~ " }
        return [
            Case(name: "base64 line", text: base64 + "\n"),
            Case(name: "minified JSON line", text: json + "\n"),
            Case(name: "nested strong emphasis", text: repeated("*a **a ", toBytes: size) + "b"),
            Case(name: "unclosed links", text: repeated("[a](b", toBytes: size)),
            Case(name: "backtick runs", text: (1...400).map { String(repeating: "`", count: $0) + " a " }.joined()),
            Case(name: "unclosed brackets", text: repeated("[a", toBytes: size)),
            Case(name: "emphasis openers", text: repeated("_a ", toBytes: size)),
            Case(name: "link openers and emphasis closers", text: repeated("[ a_", toBytes: size)),
            Case(name: "angle brackets", text: repeated("<", toBytes: size / 2) + "a"),
            Case(
                name: "indented list items",
                text: (0..<300).map { String(repeating: " ", count: $0 % 40) + "* a\n" }.joined()),
            Case(
                name: "list markers then newlines",
                text: String(repeating: "- ", count: 3_000) + "x" + String(repeating: "\n", count: 3_000)),
            Case(name: "20,000 definitions", text: definitions),
            Case(name: "20,000-row table", text: table),
            Case(name: "deep quotes with blank lines", text: (0..<2_000).map { _ in "> > > > a\n>\n\n" }.joined()),
            Case(name: "unclosed HTML comment", text: "<!--\n" + repeated("text -- > still comment\n", toBytes: size)),
            Case(name: "autolinks in one paragraph", text: autolinks),
            // Math and footnotes (both on by default).
            Case(name: "10,000 unclosed dollars", text: repeated("$a ", toBytes: 30_000)),
            Case(name: "display math without a closer", text: "$$\n" + repeated("x^2 + \\alpha_i\n", toBytes: size)),
            Case(name: "5,000 references to one undefined label", text: repeated("see[^missing] ", toBytes: 70_000)),
            Case(
                name: "a label 10,000 levels of [^ deep", text: repeated("[^", toBytes: 20_000) + "a]: note\n\nx[^a]\n"),
            Case(name: "labels with control characters", text: controlLabels),
            Case(name: "3,000 notes before their references", text: notesFirst),
        ]
    }()

    @Test(arguments: cases, [64, 4])
    func streamsInLinearWork(testCase: Case, chunk: Int) {
        // Deep nesting recurses once per level: run on a large stack.
        LargeStack.run { Self.check(testCase, chunk: chunk) }
    }

    static func check(_ testCase: Case, chunk: Int) {
        // 4-byte chunks on a 40 KB prefix (cut at a line end if any), 64-byte chunks on the whole case.
        let text = chunk >= 64 ? testCase.text : prefix(testCase.text, bytes: 40_000)
        let bytes = Array(text.utf8)
        var document = StreamingDocument()
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            document.append(bytes: bytes[start..<end])
            start = end
        }
        document.finish()
        let statistics = document.statistics
        // Linear: windows up to 4 KB are parsed per append (≤ 4 KB × appends
        // while the one block is small), larger ones geometrically (≤ 17 × size).
        let bound = 17 * bytes.count + 4_096 * min(statistics.appends, 4_096 / chunk + 1) + 65_536
        #expect(statistics.totalParsedBytes <= bound, "parsed \(statistics.totalParsedBytes) for \(bytes.count) bytes")
        #expect(statistics.totalWork.bytesCopied <= bound, "copied \(statistics.totalWork.bytesCopied)")
        #expect(document.root == MarkdownParser().parse(text), "final tree differs from one-shot")
        #expect(document.isCurrent)
    }

    static func prefix(_ text: String, bytes: Int) -> String {
        let utf8 = Array(text.utf8.prefix(bytes))
        var end = utf8.count
        if let newline = utf8.lastIndex(of: 0x0A), newline > bytes / 2 { end = newline + 1 }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// The fuzzer's first finding after the amortized refresh landed (its
    /// check compared stale prefixes): 254 nested block quotes streamed in
    /// small random chunks. The harness compares every current prefix with
    /// the one-shot parse and replays every patch; some prefixes are stale.
    @Test func deepQuotesStreamedInSmallChunks() {
        LargeStack.run {
            let text = String(repeating: "> ", count: 254) + "a\n> b\n"
            let report = PrefixHarness().verify(
                name: "deep quotes", bytes: Array(text.utf8), chunking: .random(seed: 49))
            #expect(report.passed, "\(report.violations.map(\.description))")
            #expect(report.stalePrefixes > 0)
            #expect(report.prefixesChecked > 0)
        }
    }

    /// Small blocks are never stale: every model answer of the corpus is
    /// current after every 4-byte append.
    @Test func modelAnswersAreNeverStale() {
        for file in CorpusFiles.markdownFiles(under: "llm") {
            let bytes = CorpusFiles.bytes(file)
            var document = StreamingDocument()
            var start = 0
            while start < bytes.count {
                let end = min(start + 4, bytes.count)
                document.append(bytes: bytes[start..<end])
                start = end
            }
            #expect(document.statistics.staleAppends == 0, "\(file): \(document.statistics.staleAppends) stale appends")
        }
    }

    /// A huge open paragraph is stale between refreshes, by less than a
    /// quarter of its size, and exact after `finish()`.
    @Test func hugeParagraphLagsBoundedly() {
        let text = Self.repeated("word *emphasis* and `code` ", toBytes: 100_000)
        var document = StreamingDocument()
        let bytes = Array(text.utf8)
        var start = 0
        var worstLagRatio = 0.0
        while start < bytes.count {
            let end = min(start + 16, bytes.count)
            document.append(bytes: bytes[start..<end])
            worstLagRatio = max(worstLagRatio, Double(document.staleByteCount) / Double(document.byteCount))
            start = end
        }
        #expect(document.statistics.staleAppends > 0)
        #expect(worstLagRatio < 0.25)
        #expect(document.statistics.maxStaleBytes < 25_000)
        document.finish()
        #expect(document.isCurrent)
        #expect(document.root == MarkdownParser().parse(text))
    }
}
