/// Splits one line into table cells as cmark-gfm's table extension does
/// (`row_from_string` and the `table_*` scanners of `ext_scanners.re`).
///
/// The line is given from its first non-space byte through its line ending
/// (a missing ending counts as `\n`, as cmark appends one).
struct TableRowScanner {
    /// A cell: the byte range of its raw content (pipes excluded) and its
    /// text with surrounding whitespace trimmed and `\|` unescaped.
    struct Cell: Hashable, Sendable {
        /// Raw content range relative to the line, whitespace trimmed.
        var range: Range<Int>
        /// The cell text handed to the inline parser.
        var text: [UInt8]
    }

    /// The line, from its first non-space byte through its line ending.
    let bytes: [UInt8]

    private static func isTableSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    private static func isTrimSpace(_ byte: UInt8) -> Bool {
        isTableSpace(byte) || byte == 0x0A || byte == 0x0D
    }

    /// `[|] table_spacechar*`
    private func cellEnd(_ offset: Int) -> Int {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "|") else { return 0 }
        var i = offset + 1
        while i < bytes.count, Self.isTableSpace(bytes[i]) { i += 1 }
        return i - offset
    }

    /// `(\\| | [^\x00|\r\n])+`
    private func cell(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "|") {
                i += 2
            } else if byte == UInt8(ascii: "|") || byte == 0x0A || byte == 0x0D || byte == 0 {
                break
            } else {
                i += 1
            }
        }
        return i - offset
    }

    /// `table_spacechar* [\r]? [\n]`
    private func rowEnd(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count, Self.isTableSpace(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count, bytes[i] == 0x0A else { return 0 }
        return i + 1 - offset
    }

    /// The cells of the row, or `nil` if the line is not a row.
    ///
    /// - Complexity: O(length of the line).
    func row() -> [Cell]? {
        guard let cells = scan(), !cells.isEmpty else { return nil }
        return cells
    }

    /// Whether the line scans as a row, possibly without cells (cmark-gfm
    /// requires this of every paragraph line before a header row).
    func scansAsRow() -> Bool { scan() != nil }

    private func scan() -> [Cell]? {
        let length = bytes.count
        var offset = cellEnd(0)
        var cells: [Cell] = []
        var expectMore = true
        while offset < length, expectMore {
            let cellLength = cell(offset)
            let pipeLength = cellEnd(offset + cellLength)
            if cellLength > 0 || pipeLength > 0 {
                cells.append(makeCell(offset..<offset + cellLength))
            }
            offset += cellLength + pipeLength
            if pipeLength == 0 {
                let end = rowEnd(offset)
                offset += end
                expectMore = false
                if end > 0, offset != length { return nil }
            }
        }
        if offset != length { return nil }
        return cells
    }

    private func makeCell(_ raw: Range<Int>) -> Cell {
        var lower = raw.lowerBound
        var upper = raw.upperBound
        while lower < upper, Self.isTrimSpace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isTrimSpace(bytes[upper - 1]) { upper -= 1 }
        return Cell(range: lower..<upper, text: Self.unescapingPipes(bytes[lower..<upper]))
    }

    /// Removes the backslash of every `\|` (cmark-gfm's `unescape_pipes`).
    static func unescapingPipes(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(slice.count)
        var i = slice.startIndex
        while i < slice.endIndex {
            if slice[i] == UInt8(ascii: "\\"), i + 1 < slice.endIndex, slice[i + 1] == UInt8(ascii: "|") {
                i += 1
            }
            result.append(slice[i])
            i += 1
        }
        return result
    }

    /// Whether the line is a delimiter row (`scan_table_start`):
    /// `[|]? delimiter ([|] delimiter)* [|]? table_spacechar* newline` with
    /// `delimiter = table_spacechar* [:]? [-]+ [:]? table_spacechar*`.
    func isDelimiterRow() -> Bool {
        var i = 0
        let n = bytes.count
        func spaces() { while i < n, Self.isTableSpace(bytes[i]) { i += 1 } }
        func delimiter() -> Bool {
            spaces()
            if i < n, bytes[i] == UInt8(ascii: ":") { i += 1 }
            let dashes = i
            while i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i > dashes else { return false }
            if i < n, bytes[i] == UInt8(ascii: ":") { i += 1 }
            spaces()
            return true
        }
        if i < n, bytes[i] == UInt8(ascii: "|") { i += 1 }
        guard delimiter() else { return false }
        while i < n, bytes[i] == UInt8(ascii: "|") {
            let save = i
            i += 1
            if !delimiter() {
                // A trailing pipe: `[|]? table_spacechar* newline`.
                i = save + 1
                break
            }
        }
        spaces()
        if i < n, bytes[i] == 0x0D { i += 1 }
        return i < n && bytes[i] == 0x0A
    }
}
