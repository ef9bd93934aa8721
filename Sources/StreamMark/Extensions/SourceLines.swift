/// A container around a leaf block that consumes a prefix of every line
/// (`>` for a block quote, indentation for a list item).
enum LinePrefix: Hashable, Sendable {
    /// A block quote: up to three spaces, `>`, an optional space.
    case quote
    /// A list item: `columns` columns of indentation (marker offset plus padding).
    case item(columns: Int)
}

/// One source line of a leaf block, with container prefixes stripped as
/// cmark strips them.
struct SourceLine: Hashable, Sendable {
    /// Offset of the first byte of the line in the document.
    var lineStart: Int
    /// Offset just after the container prefixes (before any indentation).
    var containerEnd: Int
    /// Column (tabs expanded to multiples of 4) at `containerEnd`; when it
    /// lies inside a tab, the tab is partly consumed.
    var containerColumn: Int
    /// Offset of the first non-space byte after the prefixes.
    var contentStart: Int
    /// Offset of the line ending (or the end of the text).
    var end: Int
    /// Length of the line ending: 0 at the end of the text, 1 or 2.
    var endingLength: Int
    /// Columns of indentation between `containerEnd` and `contentStart`.
    var indent: Int
    /// Whether a container prefix was missing (a lazy continuation line).
    var lazy: Bool
    /// How many of the container prefixes the line has.
    var matched = 0
}

/// Line geometry of leaf blocks nested in containers.
struct SourceLines {
    /// The document text.
    let text: UnsafeBufferPointer<UInt8>

    private func isSpaceOrTab(_ offset: Int, before end: Int) -> Bool {
        offset < end && (text[offset] == 0x20 || text[offset] == 0x09)
    }

    /// The end of the line containing `offset` (position of `\n`/`\r` or the text end).
    func lineEnd(from offset: Int) -> Int {
        var i = offset
        while i < text.count, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
        return i
    }

    /// The blank lines inside the containers whose prefixes are
    /// `prefixes` right after `line`, up to a line that is not blank or
    /// leaves a quote (a blank line without `>` closes it; list items
    /// keep blank lines).
    ///
    /// - Complexity: O(length of the lines).
    func blankLines(after line: SourceLine, prefixes: [LinePrefix]) -> [SourceLine] {
        var result: [SourceLine] = []
        var last = line
        while last.endingLength > 0, last.end + last.endingLength < text.count {
            let next = strip(lineStart: last.end + last.endingLength, prefixes: prefixes)
            guard Self.isBlank(next, inside: prefixes) else { break }
            result.append(next)
            last = next
        }
        return result
    }

    /// Whether `line` is a blank line that stays inside the containers
    /// whose prefixes are `prefixes`: only list items' prefixes may be
    /// missing (a blank line without `>` closes a quote).
    static func isBlank(_ line: SourceLine, inside prefixes: [LinePrefix]) -> Bool {
        line.contentStart == line.end
            && prefixes[line.matched...].allSatisfy { if case .item = $0 { true } else { false } }
    }

    /// The start of the line containing `offset`.
    func lineStart(of offset: Int) -> Int {
        var i = min(offset, text.count)
        while i > 0, text[i - 1] != 0x0A, text[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// Length of the line ending at `end` (0, 1 or 2 bytes).
    func endingLength(at end: Int) -> Int {
        guard end < text.count else { return 0 }
        if text[end] == 0x0D, end + 1 < text.count, text[end + 1] == 0x0A { return 2 }
        return 1
    }

    /// Advances `columns` columns from (`offset`, `column`), consuming tabs
    /// partially as cmark does.
    func advance(_ offset: inout Int, _ column: inout Int, columns: Int, lineEnd: Int) {
        var remaining = columns
        while remaining > 0, offset < lineEnd {
            if text[offset] == 0x09 {
                let width = 4 - column % 4
                if width <= remaining {
                    offset += 1
                    column += width
                    remaining -= width
                } else {
                    column += remaining
                    remaining = 0
                }
            } else {
                offset += 1
                column += 1
                remaining -= 1
            }
        }
    }

    /// The first non-space position from (`offset`, `column`) and its column.
    func firstNonspace(_ offset: Int, _ column: Int, lineEnd: Int) -> (offset: Int, column: Int) {
        var i = offset
        var c = column
        while i < lineEnd {
            if text[i] == 0x20 {
                c += 1
            } else if text[i] == 0x09 {
                c += 4 - c % 4
            } else {
                break
            }
            i += 1
        }
        return (i, c)
    }

    /// Steps over one container prefix of a line from `position`; the
    /// result is lazy if the line lacks it.
    func step(over prefix: LinePrefix, from position: PrefixChain.Position, lineEnd end: Int)
        -> PrefixChain.Position
    {
        var offset = position.offset
        var column = position.column
        let first = firstNonspace(offset, column, lineEnd: end)
        let indent = first.column - column
        switch prefix {
        case .quote:
            guard indent <= 3, first.offset < end, text[first.offset] == UInt8(ascii: ">") else {
                return PrefixChain.Position(offset: offset, column: column, lazy: true)
            }
            offset = first.offset + 1
            column = first.column + 1
            if isSpaceOrTab(offset, before: end) {
                advance(&offset, &column, columns: 1, lineEnd: end)
            }
        case .item(let columns):
            guard indent >= columns else { return PrefixChain.Position(offset: offset, column: column, lazy: true) }
            advance(&offset, &column, columns: columns, lineEnd: end)
        }
        return PrefixChain.Position(offset: offset, column: column, lazy: false)
    }

    /// Strips the container prefixes of the line starting at `lineStart`.
    ///
    /// - Complexity: O(number of prefixes + length of the line).
    func strip(lineStart: Int, prefixes: [LinePrefix]) -> SourceLine {
        let end = lineEnd(from: lineStart)
        var position = PrefixChain.Position(offset: lineStart, column: 0, lazy: false)
        var matched = 0
        for prefix in prefixes {
            position = step(over: prefix, from: position, lineEnd: end)
            if position.lazy { break }
            matched += 1
        }
        let first = firstNonspace(position.offset, position.column, lineEnd: end)
        return SourceLine(
            lineStart: lineStart, containerEnd: position.offset, containerColumn: position.column,
            contentStart: first.offset, end: end, endingLength: endingLength(at: end),
            indent: first.column - position.column, lazy: position.lazy, matched: matched)
    }

    /// The lines of a leaf block whose first content byte is `range.lowerBound`.
    ///
    /// - Complexity: O(length of the block's lines).
    func lines(of range: Range<Int>, prefixes: [LinePrefix]) -> [SourceLine] {
        var result: [SourceLine] = []
        var first = strip(lineStart: lineStart(of: range.lowerBound), prefixes: prefixes)
        if first.contentStart != range.lowerBound {
            // The block does not start where the prefixes say (for example
            // after a list marker on the same line): trust cmark.
            first.contentStart = range.lowerBound
            first.containerEnd = range.lowerBound
            first.indent = 0
            first.lazy = false
        }
        result.append(first)
        var next = first.end + first.endingLength
        while next < range.upperBound, first.endingLength > 0 {
            let line = strip(lineStart: next, prefixes: prefixes)
            result.append(line)
            if line.endingLength == 0 { break }
            next = line.end + line.endingLength
        }
        return result
    }

    /// The prefix a list item adds for its continuation lines: the columns
    /// from the container content to the item's content (marker offset plus
    /// padding, as cmark computes it).
    func itemPrefix(itemStart: Int, outer: [LinePrefix]) -> LinePrefix {
        let line = strip(lineStart: lineStart(of: itemStart), prefixes: outer)
        // Column of the marker.
        var offset = line.containerEnd
        var column = line.containerColumn
        while offset < itemStart, offset < line.end {
            if text[offset] == 0x09 { column += 4 - column % 4 } else { column += 1 }
            offset += 1
        }
        // A line that lacks the outer prefixes is the marker line of an
        // enclosing item (`1. 1.`, `> 1. 1.`): this item is that item's
        // first block and starts where its content does, at no offset.
        return itemPrefix(
            itemStart: itemStart, markerColumn: column, containerColumn: line.lazy ? column : line.containerColumn,
            lineEnd: line.end)
    }

    /// The prefix a list item adds, given the column of its marker, the
    /// column where the prefixes of its containers end on the marker's
    /// line, and where that line ends.
    ///
    /// - Complexity: O(length of the marker and its padding).
    func itemPrefix(itemStart: Int, markerColumn column: Int, containerColumn: Int, lineEnd end: Int) -> LinePrefix {
        let markerOffset = column - containerColumn
        var width = 0
        var i = itemStart
        if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "*") {
            width = 1
        } else {
            while i < end, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
            width = i - itemStart + 1
        }
        var after = itemStart + width
        var afterColumn = column + width
        let start = afterColumn
        while after < end, text[after] == 0x20 || text[after] == 0x09 {
            if text[after] == 0x09 { afterColumn += 4 - afterColumn % 4 } else { afterColumn += 1 }
            after += 1
        }
        let spaces = afterColumn - start
        let padding = (after >= end || spaces >= 5 || spaces < 1) ? width + 1 : width + spaces
        return .item(columns: markerOffset + padding)
    }
}
