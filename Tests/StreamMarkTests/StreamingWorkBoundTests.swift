import StreamMark
import StreamMarkTestSupport
import Testing

/// Counter proof that no part of an append grows with the document: the
/// Swift-side work (blocks converted, blocks the diff compared, frozen
/// segments visited for link references, bytes copied) and the bytes handed
/// to cmark, per 4-byte append.
///
/// Each shape is streamed at a base size and at 8× that size. The largest
/// per-append count of every counter must be the same at both sizes (within
/// a quarter plus a small constant): work that grew with the document would
/// be about 8× larger at the larger size. Absolute bounds tie the counts to
/// the innermost open unit (an item, a code line, a row, a paragraph).
@Suite struct StreamingWorkBoundTests {
    typealias Work = StreamingDocument.Statistics.Work

    /// The largest per-append counts of one stream.
    struct Peak: CustomStringConvertible {
        var work = Work()
        var parsedBytes = 0
        var staleAppends = 0
        var description: String {
            "converted \(work.blocksConverted), compared \(work.blocksCompared), "
                + "segments \(work.segmentsVisited), copied \(work.bytesCopied), parsed \(parsedBytes)"
        }
    }

    /// Streams `text` in 4-byte chunks; returns the peak counts over the
    /// appends whose chunk starts at or after `from` (a byte offset).
    static func peak(_ text: String, options: ParseOptions = ParseOptions(), from: Int = 0) -> Peak {
        var document = StreamingDocument(options: options)
        let bytes = Array(text.utf8)
        var peak = Peak()
        var start = 0
        while start < bytes.count {
            let end = min(start + 4, bytes.count)
            document.append(bytes: bytes[start..<end])
            if start >= from {
                peak.work = peak.work.max(document.statistics.lastWork)
                peak.parsedBytes = max(peak.parsedBytes, document.statistics.lastParsedBytes)
            }
            start = end
        }
        document.finish()
        peak.staleAppends = document.statistics.staleAppends
        #expect(document.root == MarkdownParser(options: options).parse(text), "final tree differs from one-shot")
        return peak
    }

    /// `large` is no larger than `small` plus a quarter plus `slack`, counter by counter.
    static func expectFlat(_ small: Peak, _ large: Peak, slack: Int = 16, _ name: String) {
        func flat(_ a: Int, _ b: Int) -> Bool { b <= a + a / 4 + slack }
        #expect(
            flat(small.work.blocksConverted, large.work.blocksConverted),
            "\(name) blocks converted: \(small) → \(large)")
        #expect(
            flat(small.work.blocksCompared, large.work.blocksCompared), "\(name) blocks compared: \(small) → \(large)")
        #expect(flat(small.work.segmentsVisited, large.work.segmentsVisited), "\(name) segments: \(small) → \(large)")
        #expect(flat(small.work.bytesCopied, large.work.bytesCopied), "\(name) bytes copied: \(small) → \(large)")
        #expect(flat(small.parsedBytes, large.parsedBytes), "\(name) bytes parsed: \(small) → \(large)")
    }

    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        /// The document at a size parameter.
        var make: @Sendable (Int) -> String
        /// The base size parameter (the large document uses 8×).
        var base: Int
        /// Bound on blocks converted per append (the open unit's blocks).
        var maxConverted: Int
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "list (250 / 2,000 items)", make: Documents.list, base: 250, maxConverted: 24),
        Shape(name: "code block (625 / 5,000 lines)", make: Documents.code, base: 625, maxConverted: 4),
        Shape(name: "block quote (125 / 1,000 paragraphs)", make: Documents.quote, base: 125, maxConverted: 8),
        Shape(name: "table (125 / 1,000 rows)", make: Documents.table, base: 125, maxConverted: 8),
        Shape(
            name: "hostile table (125 / 1,000 rows, every other one definition-like)", make: Documents.hostileTable,
            base: 125, maxConverted: 8),
        Shape(
            name: "references (250 / 2,000 definitions and uses)", make: Documents.references, base: 250,
            maxConverted: 8),
        Shape(
            name: "definition run (250 / 2,000 uses, then their definitions)", make: Documents.definitionRun,
            base: 250, maxConverted: 8),
    ]

    @Test(arguments: shapes)
    func perAppendWorkIsFlat(shape: Shape) {
        let small = Self.peak(shape.make(shape.base))
        let large = Self.peak(shape.make(8 * shape.base))
        Self.expectFlat(small, large, shape.name)
        #expect(large.work.blocksConverted <= shape.maxConverted, "\(shape.name): \(large)")
        #expect(large.staleAppends == 0, "\(shape.name): \(large.staleAppends) stale appends")
    }
}

extension StreamingWorkBoundTests {
    /// Containers inside containers that no nested window narrows (the
    /// engine narrows one level: a list's items, a quote's children): a
    /// 1,000-line code block inside a list item and a 500-item list inside
    /// a block quote. They are parsed on the amortized refresh schedule
    /// (`RefreshSchedule`), so one append may re-parse the open block but
    /// the total work is linear: at 8× the size, every total counter is at
    /// most 10× (quadratic work would be 64×).
    @Test(arguments: [
        ("code block in a list item (125 / 1,000 lines)", 125),
        ("list in a block quote (63 / 504 items)", 63),
    ])
    func nestedContainersStreamWithLinearWork(name: String, base: Int) {
        let make = name.hasPrefix("code") ? Documents.codeInItem : Documents.listInQuote
        func totals(_ text: String) -> (parsed: Int, work: Work) {
            var document = StreamingDocument()
            for chunk in CorpusAnswers.chunks(Array(text.utf8), size: 4) { document.append(bytes: chunk) }
            document.finish()
            #expect(document.root == MarkdownParser().parse(text), "\(name): final tree differs from one-shot")
            return (document.statistics.totalParsedBytes, document.statistics.totalWork)
        }
        let small = totals(make(base))
        let large = totals(make(8 * base))
        func linear(_ a: Int, _ b: Int) -> Bool { b <= 10 * a + 1_000 }
        #expect(linear(small.parsed, large.parsed), "\(name) bytes parsed: \(small.parsed) → \(large.parsed)")
        #expect(
            linear(small.work.blocksConverted, large.work.blocksConverted),
            "\(name) blocks converted: \(small.work.blocksConverted) → \(large.work.blocksConverted)")
        #expect(
            linear(small.work.blocksCompared, large.work.blocksCompared),
            "\(name) blocks compared: \(small.work.blocksCompared) → \(large.work.blocksCompared)")
        #expect(
            linear(small.work.bytesCopied, large.work.bytesCopied),
            "\(name) bytes copied: \(small.work.bytesCopied) → \(large.work.bytesCopied)")
    }
}

/// Generated documents of a given size, shared by the bound tests.
enum Documents {
    /// A list item holding one fenced code block of `n` lines.
    @Sendable static func codeInItem(_ n: Int) -> String {
        var text = "1. Install it:\n\n   ```swift\n"
        for i in 0..<n { text += "   let value\(i) = compute(\(i)) // line \(i)\n" }
        return text + "   ```\n"
    }

    /// A block quote holding one list of `n` items.
    @Sendable static func listInQuote(_ n: Int) -> String {
        var text = "> Notes:\n>\n"
        for i in 0..<n { text += "> - item \(i) with *some* text and `code`\n" }
        return text
    }

    @Sendable static func list(_ n: Int) -> String {
        var text = ""
        for i in 0..<n {
            text += "- item \(i) with some text\n"
            if i % 10 == 0 { text += "  - nested \(i)\n" }
        }
        return text
    }

    @Sendable static func code(_ n: Int) -> String {
        var text = "```swift\n"
        for i in 0..<n { text += "let value\(i) = compute(\(i)) // line\n" }
        return text + "```\n"
    }

    @Sendable static func quote(_ n: Int) -> String {
        var text = ""
        for i in 0..<n { text += "> Paragraph \(i) of the quote, *emphasis* and `code`.\n>\n" }
        return text
    }

    @Sendable static func table(_ n: Int) -> String {
        var text = "| name | value | note |\n|:-----|:-----:|-----:|\n"
        for i in 0..<n { text += "| row \(i) | *\(i * 7)* | `n\(i)` |\n" }
        return text
    }

    /// A table whose every other row looks like a link reference definition
    /// of a label the other rows' cells use (`[x]: /u0|c`, `[x]|e`): for
    /// cmark the rows are continuation lines of one paragraph, never
    /// definitions.
    @Sendable static func hostileTable(_ n: Int) -> String {
        var text = "a|b\n-|-\n"
        for i in 0..<n { text += i % 2 == 0 ? "[x]: /u\(i)|c\n" : "[x]|e\n" }
        return text
    }

    /// A changelog's layout: `n` list items that use reference labels, then
    /// the run of their `n` definitions, one per line, no blank line
    /// between them.
    @Sendable static func definitionRun(_ n: Int) -> String {
        var text = "## Fixes\n\n"
        for i in 0..<n { text += "- [Fix the thing number \(i)][\(98_000 + 7 * i)]\n" }
        text += "\n"
        for i in 0..<n { text += "[\(98_000 + 7 * i)]: https://github.com/example/repo/pull/\(98_000 + 7 * i)/\n" }
        return text
    }

    /// `n` paragraphs each using two labels, and `n` definitions of them,
    /// interleaved: each definition arrives after the paragraph that first
    /// uses its label (and updates it).
    @Sendable static func references(_ n: Int) -> String {
        var text = ""
        for i in 0..<n {
            text += "Paragraph \(i) links [label \(i)] and [label \(max(0, i - 1))].\n\n"
            text += "[label \(i)]: https://example.com/\(i) \"Title \(i)\"\n\n"
        }
        return text
    }
}

extension StreamingWorkBoundTests {
    /// The Corpus documents and model answers (346 KB), twice over
    /// (692 KB): every counter's peak over the second copy must be that
    /// over the first. The text is the same, only its place in the document
    /// differs, so whatever grew would show, for real text rather than a
    /// generated shape.
    ///
    /// Appends that change closed blocks are the exception, and are checked
    /// for work in proportion to the blocks they change: typing `[^x]: Du`
    /// makes every earlier `[^x]` a link (a definition, until ` to …`
    /// follows), in every copy so far, and the next chunk takes them back.
    @Test func realDocumentWorkDoesNotGrow() {
        var pool: [UInt8] = []
        for path in CorpusFiles.markdownFiles(under: "documents") + CorpusFiles.markdownFiles(under: "llm") {
            pool += CorpusFiles.bytes(path) + Array("\n\n".utf8)
        }
        let first = Self.smallOutputPeak(pool, from: 0)
        let second = Self.smallOutputPeak(pool + pool, from: pool.count)
        Self.expectFlat(first.peak, second.peak, "real documents (346 KB → second copy of 692 KB)")
        #expect(
            second.largeOutputAppends <= first.largeOutputAppends + first.largeOutputAppends / 4 + 8,
            "appends that changed closed blocks: \(first.largeOutputAppends) → \(second.largeOutputAppends)")
        #expect(second.worstRatio <= 2, "segments visited per patch at a large output: \(second.worstRatio)")
    }

    /// Streams `bytes` in 4-byte chunks; returns the peak counts over the
    /// appends from `from` on that changed no closed block, the number of
    /// other appends, and their largest ratio of segments visited to patches.
    static func smallOutputPeak(_ bytes: [UInt8], from: Int) -> (
        peak: Peak, largeOutputAppends: Int, worstRatio: Int
    ) {
        var document = StreamingDocument()
        var peak = Peak()
        var large = 0
        var worst = 0
        for chunk in CorpusAnswers.chunks(bytes, size: 4) {
            let appended = document.append(bytes: chunk)
            let patches = appended.count
            guard chunk.startIndex >= from else { continue }
            let work = document.statistics.lastWork
            let changesClosed = appended.contains {
                if case .update(let id, _) = $0 { document.isClosed(id) } else { false }
            }
            if !changesClosed {
                peak.work = peak.work.max(work)
                peak.parsedBytes = max(peak.parsedBytes, document.statistics.lastParsedBytes)
            } else {
                large += 1
                worst = max(worst, work.segmentsVisited / patches)
            }
        }
        document.finish()
        #expect(document.root == MarkdownParser().parse(bytes: bytes), "final tree differs from one-shot")
        return (peak, large, worst)
    }
}
