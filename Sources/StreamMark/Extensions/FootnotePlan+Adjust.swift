extension FootnotePlan {
    /// Learns from cmark's parse of `rewrite` what the next rewrite must
    /// change; returns whether anything changed. In order: stand-ins
    /// indented inside their container lose the indentation; stand-ins in
    /// a list with real items take another kind; candidates that did not
    /// become items are excluded; the first line inside each stand-in
    /// item that is blank to cmark but ends a definition gets a terminator.
    ///
    /// - Complexity: O(blocks + lines of the stand-in items).
    mutating func adjust(after blocks: [Block], rewrite: Rewrite) -> Bool {
        var itemStarts: Set<Int> = []
        Self.collectItemStarts(blocks, into: &itemStarts)
        let geometry = Geometry(text: rewrite.edited, lineStarts: rewrite.lineStarts)
        var firstMarkers: [Int: Int] = [:]
        var markerLines: [Int: Int] = [:]
        for (line, offsets) in rewrite.markerOffsets {
            firstMarkers[offsets[0]] = line
            for offset in offsets { markerLines[offset] = line }
        }
        var indented: [Int: Int] = [:]
        var joined: [Int: [UInt8]] = [:]
        var ends: [Int: [UInt8]] = [:]
        var stack: [(blocks: [Block], chain: [Block])] = [(blocks, [])]
        while let (siblings, chain) = stack.popLast() {
            let container = chain.last
            for block in siblings {
                switch block.kind {
                case .list:
                    // A stand-in that joined a real list (the buffer uses
                    // every kind) must take another kind.
                    let real = block.children.first { rewrite.labels[$0.range.lowerBound] == nil }
                    if let real, let kind = Self.kind(ofMarkerAt: real.range.lowerBound, in: rewrite.edited) {
                        for item in block.children {
                            if let line = markerLines[item.range.lowerBound] { joined[line] = kind }
                        }
                    }
                    for item in block.children {
                        let start = item.range.lowerBound
                        if rewrite.labels[start] != nil {
                            let base = geometry.contentColumn(of: container, onLineOf: start)
                            if let line = firstMarkers[start], geometry.column(of: start) > base {
                                indented[line] = geometry.column(of: start) - base
                            }
                            // The outermost note a line ends wins: the line
                            // ends every note inside it too.
                            if let (line, bytes) = geometry.terminator(for: item, inside: chain),
                                ends[line].map({ bytes.count < $0.count }) ?? true
                            {
                                ends[line] = bytes
                            }
                        }
                        stack.append((item.children, chain + [item]))
                    }
                case .blockQuote:
                    stack.append((block.children, chain + [block]))
                default:
                    if !block.children.isEmpty { stack.append((block.children, chain)) }
                }
            }
        }
        if !indented.isEmpty {
            for (line, spaces) in indented { cuts[line, default: 0] += spaces }
            return true
        }
        var avoidsMore = false
        for (line, kind) in joined where avoidedKinds[line, default: []].insert(kind).inserted { avoidsMore = true }
        if avoidsMore { return true }
        // Only once no stand-in is indented: an indented one may hide the
        // next line's marker inside its paragraph until it is cut.
        var changed = false
        for (line, offsets) in rewrite.markerOffsets where !offsets.allSatisfy(itemStarts.contains) {
            excluded.insert(line)
            changed = true
        }
        if changed { return true }
        let new = ends.filter { terminators[$0.key] == nil }
        terminators.merge(new) { old, _ in old }
        return !new.isEmpty
    }

    private static func collectItemStarts(_ blocks: [Block], into starts: inout Set<Int>) {
        var stack = blocks
        while let block = stack.popLast() {
            if case .item = block.kind { starts.insert(block.range.lowerBound) }
            stack.append(contentsOf: block.children)
        }
    }
}

/// Columns of a rewritten buffer, as the plan needs them (bytes, with tabs
/// expanded only where a line's indentation is measured).
private struct Geometry {
    let text: [UInt8]
    let lineStarts: [Int]

    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    func column(of offset: Int) -> Int { offset - lineStarts[line(of: offset)] }

    /// The column of `offset` with the tabs before it on its line expanded
    /// (to the next multiple of four), as cmark measures indentation.
    func expandedColumn(of offset: Int) -> Int {
        var column = 0
        for byte in text[lineStarts[line(of: offset)]..<offset] {
            column = byte == 0x09 ? column + 4 - column % 4 : column + 1
        }
        return column
    }

    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : text.count
        while end > lineStarts[line], text[end - 1] == 0x0A || text[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The column where `container`'s content starts on the line of
    /// `offset` (0 at the top level): in bytes, or with tabs expanded.
    func contentColumn(of container: Block?, onLineOf offset: Int, expandingTabs: Bool = false) -> Int {
        guard let container else { return 0 }
        let measure = expandingTabs ? expandedColumn(of:) : column(of:)
        switch container.kind {
        case .blockQuote:
            let line = line(of: offset)
            let start = lineStarts[line]
            let end = lineEnd(line)
            var gt = start + min(column(of: container.range.lowerBound), end - start)
            while gt < end, text[gt] != UInt8(ascii: ">") { gt += 1 }
            guard gt < end else { return 0 }
            let after = gt + 1
            return measure(gt) + 1 + (after < end && (text[after] == 0x20 || text[after] == 0x09) ? 1 : 0)
        default:
            if let first = container.children.first,
                line(of: first.range.lowerBound) == line(of: container.range.lowerBound)
            {
                return measure(first.range.lowerBound)
            }
            var i = container.range.lowerBound
            let end = lineEnd(line(of: i))
            while i < end, text[i] != 0x20, text[i] != 0x09 { i += 1 }
            return measure(i) + 1
        }
    }

    /// The terminator for the first line inside `item` that cmark finds
    /// blank but that ends a definition: not physically empty, its
    /// containers (`chain`, outermost first) matched, and less than four
    /// columns of blanks after them. A line whose containers do not match
    /// (a lazy `>`, a quote without its `>`) ends the stand-in item as it
    /// ends the note, and gets none.
    func terminator(for item: Block, inside chain: [Block]) -> (Int, [UInt8])? {
        let first = line(of: item.range.lowerBound)
        let last = line(of: max(item.range.lowerBound, item.range.upperBound - 1))
        guard last > first else { return nil }
        let widths = chain.indices.map { index in
            chain[index].kind == .blockQuote ? nil : width(of: chain[index], inside: index > 0 ? chain[index - 1] : nil)
        }
        for line in (first + 1)...last {
            let start = lineStarts[line]
            let end = lineEnd(line)
            if start == end { continue }
            let bytes = text[start..<end]
            guard bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }) else { continue }
            let cells = Self.expandingTabs(bytes)
            guard let prefix = Self.containerPrefix(of: cells, widths: widths),
                cells.count - prefix < 4
            else { continue }
            var replacement = Array(cells.prefix(prefix))
            while replacement.count < prefix { replacement.append(0x20) }
            return (line, replacement + Array("___".utf8))
        }
        return nil
    }

    /// The columns `item` takes on a line its content continues: from the
    /// end of its container's prefix (`container`'s content column on the
    /// item's first line; 0 at the top level) to its content column. The
    /// blanks before its marker count, as cmark adds the marker's offset
    /// to the item's padding, and tabs count as the columns they fill.
    private func width(of item: Block, inside container: Block?) -> Int {
        let start = item.range.lowerBound
        return contentColumn(of: item, onLineOf: start, expandingTabs: true)
            - contentColumn(of: container, onLineOf: start, expandingTabs: true)
    }

    /// The number of columns of `cells` (a line of blanks and `>`, tabs
    /// expanded) that containers take: a quote (`nil` width) its `>` after
    /// at most three columns and one blank after it; an item its width
    /// (past the end of a blank line: the terminator is padded to it).
    /// `nil` when a quote's `>` or an item's indentation is missing.
    private static func containerPrefix(of cells: [UInt8], widths: [Int?]) -> Int? {
        var i = 0
        for width in widths {
            if let width {
                guard cells[min(i, cells.count)..<min(i + width, cells.count)].allSatisfy({ $0 == 0x20 }) else {
                    return nil
                }
                i += width
            } else {
                var indent = 0
                while i < cells.count, cells[i] == 0x20, indent < 4 {
                    i += 1
                    indent += 1
                }
                guard i < cells.count, cells[i] == UInt8(ascii: ">"), indent < 4 else { return nil }
                // The blank after `>`, taken as written when the line ends
                // there (the terminator is padded past it).
                i += 1
                if i >= cells.count || cells[i] == 0x20 { i += 1 }
            }
        }
        return i
    }

    private static func expandingTabs(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var cells: [UInt8] = []
        for byte in bytes {
            if byte == 0x09 {
                repeat { cells.append(0x20) } while cells.count % 4 != 0
            } else {
                cells.append(byte)
            }
        }
        return cells
    }
}
