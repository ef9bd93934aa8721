/// The link reference definitions cmark reads and cmark-gfm does not: those
/// at the start of a paragraph that cmark-gfm's table extension turns into
/// a table.
///
/// cmark takes a paragraph's leading definitions out of its content when
/// the paragraph closes; cmark-gfm opens a table at the delimiter row, while
/// the paragraph is still open, so the lines before the row stay paragraph
/// text (and the last of them the header) and define nothing:
///
/// ```
/// [a]: /x        cmark:     [a] defined, a paragraph `|-`… or nothing
/// [1]:           cmark-gfm: a paragraph `[a]: /x`, then a table whose
/// |-                        header is `[1]:`; `[a]` and `[1]` undefined
/// ```
///
/// The extension layer builds the table from the source lines either way
/// (cmark keeps a paragraph's start where its definitions began); what it
/// cannot undo is cmark's reading of the definitions, which resolves links
/// anywhere in the document. So the walker records where each such
/// paragraph starts (``record(_:)``: the `[` that opens its first
/// definition), and ``ParsePass`` parses the buffer again with that `[`
/// hidden (``hidden(in:)``), which leaves cmark a paragraph without
/// definitions and the same lines. Everything that reads definitions from
/// the parse buffer (cmark, the cell parser's context) then reads them as
/// cmark-gfm does; the layer still reads the text as written.
final class UnreadDefinitions {
    /// Document offsets of the `[` that starts each such paragraph, in the
    /// order they were found.
    private(set) var starts: [Int] = []

    /// The byte that stands for a hidden `[`: a letter, which starts no
    /// block and no definition, so the line stays the same paragraph text.
    static let standIn = UInt8(ascii: "x")

    /// Records a paragraph that cmark-gfm makes a table of, starting at
    /// `offset` (a `[` in the text).
    func record(_ offset: Int) {
        starts.append(offset)
    }

    /// Whether `range` of `text` may hold a delimiter row on a line after
    /// its first (``TableBuilder/mayHoldDelimiterRow(_:_:)``), looked at
    /// eight bytes at a time for a `-` first: the lines between blocks that
    /// the walker looks at are mostly definitions, which seldom hold one.
    ///
    /// - Complexity: O(range.count), no allocation.
    static func mayHoldDelimiterRow(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = text.baseAddress, !range.isEmpty else { return false }
        let raw = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
        var i = 0
        var dash = false
        while !dash, i + 8 <= raw.count {
            dash = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).holds(UInt8(ascii: "-"))
            i += 8
        }
        while !dash, i < raw.count {
            dash = raw[i] == UInt8(ascii: "-")
            i += 1
        }
        return dash && TableBuilder.mayHoldDelimiterRow(text, range)
    }

    /// `buffer` with the bytes at `offsets` (each a `[`) replaced by
    /// ``standIn``; offsets outside the buffer or not at a `[` are skipped.
    ///
    /// - Complexity: O(buffer length + offsets).
    static func hidden(_ offsets: some Sequence<Int>, in buffer: [UInt8]) -> [UInt8] {
        var result = buffer
        for offset in offsets where result.indices.contains(offset) && result[offset] == UInt8(ascii: "[") {
            result[offset] = standIn
        }
        return result
    }
}
