import StreamMark
import Testing

/// The table window: the header and delimiter rows and the last row only.
@Suite struct TableWindowTests {
    /// A row that has started closes the one before it, so the next append
    /// to the new row parses the header, the delimiter row and that row —
    /// not the 200-byte row before it.
    @Test func previousRowLeavesTheWindow() {
        let stub = "| name | value |\n|---|---|\n"
        let long = String(repeating: "x", count: 200)
        var document = StreamingDocument()
        document.append(stub)
        for i in 0..<5 { document.append("| \(long) | \(i) |\n") }
        document.append("| ne")
        let inPlace = document.statistics.inPlaceAppends
        document.append("w")
        #expect(document.statistics.inPlaceAppends == inPlace)
        let parsed = document.statistics.lastParsedBytes
        #expect(parsed > 0)
        #expect(parsed <= stub.utf8.count + 16, "parsed \(parsed) bytes")
        #expect(document.root == MarkdownParser().parse(document.text))
    }
}
