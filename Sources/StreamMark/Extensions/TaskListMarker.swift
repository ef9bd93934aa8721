/// Recognises GitHub task-list items (`- [ ] …`, `1. [x] …`) as
/// cmark-gfm's tasklist extension does: the line of the item's marker must
/// read, from its very start, optional spaces, the list marker, spaces,
/// `[ ]`, `[x]` or `[X]`, and a space or tab. (So an item inside a block
/// quote is never a task, as in cmark-gfm.)
struct TaskListMarker {
    /// The document text.
    let text: UnsafeBufferPointer<UInt8>

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// Marks `item` as a task and removes the marker from its first
    /// paragraph, if its marker line is a task marker line. Returns where
    /// the paragraph's text begins after the marker (cmark-gfm's paragraph
    /// starts there), or `nil` if the item is not a task.
    ///
    /// - Complexity: O(indentation of the marker) unless the marker is the
    ///   first thing on its line, then O(length of the line). (So the items
    ///   of `- - - … x` cost O(1) each.)
    @discardableResult
    func apply(to item: inout Block) -> Int? {
        // The marker line reads from its start: only spaces before the marker.
        var start = min(item.range.lowerBound, text.count)
        while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D {
            guard Self.isSpace(text[start - 1]) else { return nil }
            start -= 1
        }
        let end = SourceLines(text: text).lineEnd(from: start)
        guard let bracket = markerBracket(start, end) else { return nil }
        if item.children.first.map({ $0.range.lowerBound != bracket }) ?? true {
            // The parse cut the marker off its line (``TaskMarkerCut``): the
            // item's blocks are what cmark-gfm makes of the rest.
            return markTask(&item, bracket: bracket, start, end)
        }
        guard let first = item.children.first, first.range.lowerBound == bracket,
            var inlines = first.kind.inlines, !inlines.isEmpty
        else { return nil }
        var scalars: Substring.UnicodeScalarView
        switch inlines[0] {
        case .text(let leading):
            scalars = Substring(leading).unicodeScalars
            guard scalars.count >= 3 else { return nil }
            scalars.removeFirst(3)
        case .link(_, _, let children) where children == [.text(String(UnicodeScalar(text[bracket + 1])))]:
            // `[x]` is also a defined label: cmark made a shortcut link of
            // it, cmark-gfm (which takes the marker off the line before
            // parsing inlines) a task marker.
            inlines.removeFirst()
            guard case .text(let rest)? = inlines.first else {
                inlines.insert(.text(""), at: 0)
                scalars = Substring().unicodeScalars
                break
            }
            scalars = Substring(rest).unicodeScalars
        default:
            return nil
        }
        while let next = scalars.first, next == " " || next == "\t" { scalars.removeFirst() }
        if scalars.isEmpty {
            inlines.removeFirst()
            if let next = inlines.first, next == .softBreak || next == .lineBreak { inlines.removeFirst() }
        } else {
            inlines[0] = .text(String(scalars))
        }
        if case .heading(let level, _) = first.kind {
            // A setext heading (`- [ ] a` over `  ===`).
            item.children[0].kind = .heading(level: level, inlines: inlines)
        } else {
            item.children[0].kind = .paragraph(inlines: inlines)
            if inlines.isEmpty { item.children.removeFirst() }
        }
        return markTask(&item, bracket: bracket, start, end)
    }

    /// Marks `item` as a task, checked if its marker line (`start..<end`)
    /// holds `[x]` or `[X]`; returns where the content after the marker at
    /// `bracket` begins.
    private func markTask(_ item: inout Block, bracket: Int, _ start: Int, _ end: Int) -> Int {
        let checked = contains("[x]", start, end) || contains("[X]", start, end)
        item.kind = .item(task: checked ? .checked : .unchecked)
        var content = bracket + 3
        while content < end, Self.isSpace(text[content]) { content += 1 }
        return content
    }

    /// Whether the paragraph starting at `start` starts with a task marker
    /// on its item's marker line (its text then still holds the marker).
    ///
    /// - Complexity: O(length of the line up to `start` + 4).
    func startsTaskParagraph(at start: Int) -> Bool {
        var lineStart = start
        while lineStart > 0, text[lineStart - 1] != 0x0A, text[lineStart - 1] != 0x0D { lineStart -= 1 }
        return markerBracket(lineStart, SourceLines(text: text).lineEnd(from: start)) == start
    }

    /// The offset of `[` if the line matches cmark-gfm's `scan_tasklist`.
    func markerBracket(_ start: Int, _ end: Int) -> Int? {
        var i = start
        while i < end, Self.isSpace(text[i]) { i += 1 }
        guard i < end else { return nil }
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "*") {
            i += 1
        } else {
            let digits = i
            while i < end, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > digits, i < end, text[i] == UInt8(ascii: ".") || text[i] == UInt8(ascii: ")") else {
                return nil
            }
            i += 1
        }
        let spaces = i
        while i < end, Self.isSpace(text[i]) { i += 1 }
        guard i > spaces, i + 3 < end, text[i] == UInt8(ascii: "["),
            text[i + 1] == 0x20 || text[i + 1] == UInt8(ascii: "x") || text[i + 1] == UInt8(ascii: "X"),
            text[i + 2] == UInt8(ascii: "]"), Self.isSpace(text[i + 3])
        else { return nil }
        return i
    }

    private func contains(_ needle: String, _ start: Int, _ end: Int) -> Bool {
        let pattern = Array(needle.utf8)
        var i = start
        while i + pattern.count <= end {
            if text[i] == pattern[0], text[i + 1] == pattern[1], text[i + 2] == pattern[2] { return true }
            i += 1
        }
        return false
    }
}
