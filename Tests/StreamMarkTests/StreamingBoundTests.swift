import StreamMark
import Testing

/// Counter-based proof of the streaming bound (no timings): the bytes handed
/// to cmark per append stay below a small multiple of (chunk + innermost open
/// block), and the total stays within a small multiple of the document size.
@Suite struct StreamingBoundTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// The largest "innermost open block" of the document: an item, a
        /// code line, a quoted paragraph (with its container prefix).
        var largestUnit: Int
        var testDescription: String { name }
    }

    static let shapes: [Shape] = {
        var list = ""
        for i in 0..<2_000 {
            list += "- item \(i) with some text\n"
            if i % 10 == 0 { list += "  - nested \(i)\n" }
        }
        var code = "```swift\n"
        for i in 0..<5_000 { code += "let value\(i) = compute(\(i)) // line\n" }
        code += "```\n"
        var quote = ""
        for i in 0..<1_000 { quote += "> Paragraph \(i) of the quote, *emphasis* and `code`.\n>\n" }
        return [
            Shape(name: "2,000-item list", text: list, largestUnit: 64),
            Shape(name: "5,000-line code block", text: code, largestUnit: 48),
            Shape(name: "1,000-paragraph block quote", text: quote, largestUnit: 64),
        ]
    }()

    /// A 1,000-row GitHub table streams row by row: each append hands cmark
    /// the header and delimiter rows (the table's context), the open row and
    /// the chunk (at most a row and a half before the open row closes the
    /// previous one) — never the rows before it.
    @Test func tableStreamsRowByRow() {
        let header = "| name | value | note |\n|:-----|:-----:|-----:|\n"
        var text = header
        for i in 0..<1_000 { text += "| row \(i) | *\(i * 7)* | `n\(i)` |\n" }
        let longestRow = text.split(separator: "\n").map(\.utf8.count).max()! + 1
        var document = StreamingDocument()
        let bytes = Array(text.utf8)
        var maxPerAppend = 0
        var start = 0
        while start < bytes.count {
            let end = min(start + 4, bytes.count)
            document.append(bytes: bytes[start..<end])
            maxPerAppend = max(maxPerAppend, document.statistics.lastParsedBytes)
            start = end
        }
        document.finish()
        #expect(maxPerAppend <= header.utf8.count + 3 * longestRow, "max bytes per append: \(maxPerAppend)")
        #expect(document.root == MarkdownParser().parse(text))
        #expect(document.root.children.first?.children.count == 1_000)
    }

    @Test(arguments: shapes, [ParseOptions.commonMark, ParseOptions()])
    func bytesParsedPerAppendAreBounded(shape: Shape, options: ParseOptions) {
        var document = StreamingDocument(options: options)
        let bytes = Array(shape.text.utf8)
        var maxPerAppend = 0
        var start = 0
        while start < bytes.count {
            let end = min(start + 4, bytes.count)
            document.append(bytes: bytes[start..<end])
            maxPerAppend = max(maxPerAppend, document.statistics.lastParsedBytes)
            start = end
        }
        document.finish()
        let total = document.statistics.totalParsedBytes
        // Per append: at most 4 × (chunk + innermost open block), which for
        // these documents is a few hundred bytes — independent of their size.
        #expect(maxPerAppend <= 4 * (4 + shape.largestUnit), "max bytes per append: \(maxPerAppend)")
        // In total: within a small constant of the document size times the
        // number of times each byte can be in a window (the unit / chunk).
        #expect(total <= bytes.count * shape.largestUnit, "total \(total) for \(bytes.count) bytes")
        #expect(document.root == MarkdownParser(options: options).parse(shape.text))
    }
}
