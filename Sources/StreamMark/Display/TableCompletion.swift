/// Rule 2 of ``MarkupCompleter``: a table whose header row has arrived shows
/// as a table before its delimiter row is complete.
///
/// - `| a | b |` (the last line begins with `|` and has a second `|`) gets
///   the delimiter row `|---|---|`;
/// - `| a | b |\n|:-` (a header line, then an unterminated line of only `|`,
///   `-`, `:` and spaces) has its delimiter row completed to one cell per
///   header cell, keeping the alignment colons typed so far.
///
/// Lines before the header stay a paragraph, as GitHub parses them.
enum TableCompletion {
    /// The completed source, or `nil` when the rule does not apply.
    ///
    /// - Complexity: O(length of the last two lines).
    static func complete(_ source: [UInt8]) -> [UInt8]? {
        let lines = lastLines(source)
        if let partial = lines.last, isPartialDelimiterRow(source[partial]), lines.count == 2,
            let header = lines.first, source[partial].last != 0x0A
        {
            let columns = cellCount(source[header])
            guard columns > 0, looksLikeHeader(source[header]) || source[header].contains(UInt8(ascii: "|")) else {
                return nil
            }
            var result = Array(source[..<partial.lowerBound])
            result += delimiterRow(completing: source[partial], columns: columns)
            return result
        }
        guard let header = lines.last, looksLikeHeader(source[header]) else { return nil }
        var result = source
        if result.last != 0x0A {
            // The header is still arriving: its last cell is completed inline.
            result = completingLastCell(result, line: header)
            result.append(0x0A)
        }
        let columns = cellCount(result[header.lowerBound...])
        guard columns > 0 else { return nil }
        result += delimiterRow(completing: [], columns: columns)
        return result
    }

    /// `source` with the cell after the last `|` of `line` (the last line)
    /// completed by ``InlineCompletion``.
    static func completingLastCell(_ source: [UInt8], line: Range<Int>) -> [UInt8] {
        guard let pipe = pipePositions(source[line]).last else { return source }
        let cell = Array(source[(pipe + 1)...])
        guard cell.contains(where: { !CharacterClass.isASCIISpace($0) }) else { return source }
        return Array(source[...pipe]) + InlineCompletion.complete(cell)
    }

    /// Ranges of the last two lines (one if there is only one); a trailing
    /// newline belongs to its line.
    static func lastLines(_ source: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var end = source.count
        while ranges.count < 2, end > 0 {
            var start = end - 1
            while start > 0, source[start - 1] != 0x0A { start -= 1 }
            ranges.insert(start..<end, at: 0)
            end = start
        }
        return ranges
    }

    /// A line that is surely a table row: after up to three spaces it begins
    /// with `|` and something other than spaces follows.
    static func looksLikeHeader(_ line: ArraySlice<UInt8>) -> Bool {
        let trimmed = line.drop { $0 == 0x20 }
        guard trimmed.first == UInt8(ascii: "|"), line.count - trimmed.count <= 3 else { return false }
        return trimmed.dropFirst().contains { !CharacterClass.isASCIISpace($0) }
    }

    /// Whether `line` is only `|`, `-`, `:` and spaces and holds a `|` or `-`.
    static func isPartialDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        var marker = false
        for byte in line {
            switch byte {
            case UInt8(ascii: "|"), UInt8(ascii: "-"): marker = true
            case UInt8(ascii: ":"), 0x20, 0x09, 0x0A: break
            default: return false
            }
        }
        return marker
    }

    /// The number of cells GitHub finds in a row: the pipe-separated parts,
    /// without an empty part before a leading or after a trailing pipe.
    static func cellCount(_ line: ArraySlice<UInt8>) -> Int {
        var content = line
        while let last = content.last, last == 0x0A || last == 0x20 || last == 0x09 { content.removeLast() }
        content = content.drop { $0 == 0x20 || $0 == 0x09 }
        guard !content.isEmpty else { return 0 }
        let pipes = pipePositions(content)
        var count = pipes.count + 1
        if pipes.first == content.startIndex { count -= 1 }
        if let last = pipes.last, last == content.index(before: content.endIndex), count > 0 { count -= 1 }
        return count
    }

    /// Positions of the unescaped `|` (GitHub splits cells at them even
    /// inside code spans).
    static func pipePositions(_ line: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "|") { result.append(index) }
            index += 1
        }
        return result
    }

    /// A delimiter row of `columns` cells that keeps the cells typed so far
    /// (`:-` stays left-aligned, a lone `:` becomes `:-`).
    static func delimiterRow(completing partial: some Collection<UInt8>, columns: Int) -> [UInt8] {
        let typed = partial.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            .map { $0.filter { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") } }
            .filter { !$0.isEmpty }
        var row: [UInt8] = [UInt8(ascii: "|")]
        for column in 0..<columns {
            var cell = column < typed.count ? typed[column] : []
            if !cell.contains(UInt8(ascii: "-")) {
                cell = cell.first == UInt8(ascii: ":") ? Array(":-".utf8) : Array("-".utf8)
            }
            row += cell
            row.append(UInt8(ascii: "|"))
        }
        return row
    }
}
