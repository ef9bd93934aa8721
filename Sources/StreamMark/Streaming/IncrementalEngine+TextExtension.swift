extension IncrementalEngine {
    /// Answers an append without parsing when it only extends the last word
    /// of the open paragraph or heading or of the open table row's last
    /// cell: the common case of prose arriving a few characters at a time. Returns
    /// whether it did; otherwise nothing changed and the caller parses the
    /// window as usual.
    ///
    /// The append qualifies when the tree is current (no stale bytes) and
    /// its last leaf (``lastTextLeaf(_:endingAt:with:wordEnd:in:)``) is a
    /// paragraph, heading or table row at the end of the text whose last
    /// text ends with the text's last word, and when
    /// - the new bytes are *inert* (``isInert(_:)``: letters, digits,
    ///   non-ASCII characters, `,;?!%$`), spaces, or word punctuation
    ///   (``isWordPunctuation(_:)``) under the conditions of
    ///   ``punctuationIsInert(in:leafStart:isRow:text:)``: no newline, no
    ///   byte that can open, close or escape any inline or block construct,
    ///   or form an autolink, entity or table delimiter row;
    /// - the text's last word (after trailing spaces) is made of the same
    ///   bytes and starts after a space, at the start of its line, or after
    ///   a delimiter, bracket, backtick, backslash or `|` whose meaning
    ///   the word's first byte settled (``mayPrecedeWord(_:)``; so the line
    ///   is neither a marker waiting for its content, `* ` or `<di`, nor
    ///   part of a word that could become a URL or a tag), or is longer
    ///   than ``lookBehind`` bytes without word punctuation (no such word is
    ///   that long);
    /// - a paragraph does not start with `[` (it could become a link
    ///   reference definition) and the window holds no definition-like line.
    ///
    /// Then cmark's result is the same tree with the new visible bytes (less
    /// trailing spaces, which cmark strips at the end of a paragraph or
    /// cell) appended to that text inline, and every block that ended at
    /// the old end ending at the new one (see
    /// ``extendEnds(of:from:to:isLast:adding:patches:)``). The patches are
    /// the updates the diff would emit, top down.
    ///
    /// - Complexity: O(chunk + depth of the tree), amortized (the last
    ///   string grows in place when no one else holds it).
    mutating func extendLastText(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, windowDefinitionText.isEmpty,
            windowDefinitionKeys.isEmpty
        else { return false }
        var punctuated = false
        for i in oldEnd..<text.count where !Self.isInert(text[i]) && text[i] != 0x20 {
            guard Self.isWordPunctuation(text[i]) else { return false }
            punctuated = true
        }
        // The last word, looked at through its last `lookBehind` bytes at
        // most, so that a long line (Japanese has no spaces) costs O(chunk):
        // what could still turn an inert word into something else (`<di`,
        // `* `, `&amp`, `x@y`) is a short word.
        var wordEnd = oldEnd
        while wordEnd > 0, oldEnd - wordEnd <= Self.lookBehind, text[wordEnd - 1] == 0x20 { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, wordEnd - wordStart < Self.lookBehind,
            Self.isInert(text[wordStart - 1]) || Self.isWordPunctuation(text[wordStart - 1])
        {
            wordStart -= 1
            punctuated = punctuated || Self.isWordPunctuation(text[wordStart])
        }
        let startSeen =
            wordStart == 0 || Self.isWordBoundary(text[wordStart - 1])
            || (Self.mayPrecedeWord(text[wordStart - 1]) && Self.tokenIsNoLink(before: wordStart, in: text))
        guard wordStart < wordEnd, oldEnd - wordEnd <= Self.lookBehind,
            startSeen || (wordEnd - wordStart == Self.lookBehind && !punctuated)
        else { return false }
        let word = UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd])
        guard let leaf = Self.lastTextLeaf(root, endingAt: oldEnd, with: word, wordEnd: wordEnd, in: text),
            !punctuated
                || punctuationIsInert(
                    in: UnsafeBufferPointer(rebasing: text[wordStart...]), leafStart: leaf.start, isRow: leaf.isRow,
                    text: text)
        else { return false }
        var visibleEnd = text.count
        while visibleEnd > wordEnd, text[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
        // cmark ends an ATX heading before its trailing spaces (a paragraph
        // or row after them), so a heading grows in place only to a
        // non-space.
        guard !leaf.isHeading || visibleEnd == text.count else { return false }
        let added =
            visibleEnd > wordEnd
            ? (String(decoding: UnsafeBufferPointer(rebasing: text[wordEnd..<visibleEnd]), as: UTF8.self), visibleEnd)
            : nil
        Self.extendEnds(of: &root, from: oldEnd, to: text.count, isLast: true, adding: added, patches: &patches)
        schedule.didParse(textCount: text.count)
        return true
    }

    /// Whether the word punctuation (``isWordPunctuation(_:)``) in `tail`
    /// (the last word and the new bytes) is as inert as a letter: without
    /// smart punctuation (which turns `.` `-` `'` `"` into other
    /// characters), not in a URL the autolink extension could link (`://`,
    /// `www.`), and on a line whose content starts with a letter or a
    /// non-ASCII character (`leafStart`, if the paragraph or table row
    /// starts on this line, else the line's first byte after its
    /// indentation) — so that the line is no list marker (`1.`, `-`),
    /// setext underline, thematic break or table delimiter row (`|-:`), and
    /// none can form. A table row may also start with `|`: a body row stays
    /// a row whatever its cells hold.
    private func punctuationIsInert(
        in tail: UnsafeBufferPointer<UInt8>, leafStart: Int, isRow: Bool, text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard !options.smartPunctuation, !Self.mayBeURL(tail) else { return false }
        var first = leafStart
        if first < lastLineStart {
            first = lastLineStart
            while first < text.count, first - lastLineStart < Self.lookBehind,
                text[first] == 0x20 || text[first] == 0x09
            {
                first += 1
            }
        }
        guard first < text.count else { return false }
        switch text[first] {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...0xFF: return true
        case UInt8(ascii: "|"): return isRow
        default: return false
        }
    }

    /// Moves ``lastLineStart`` past the line endings among the bytes that
    /// arrived since the last call.
    ///
    /// - Complexity: O(new bytes).
    mutating func trackLastLine(_ text: UnsafeBufferPointer<UInt8>) {
        for i in lastLineScanned..<text.count where text[i] == 0x0A || text[i] == 0x0D { lastLineStart = i + 1 }
        lastLineScanned = text.count
    }

    /// Whether `bytes` hold `://` or `www.` (any case): text the autolink
    /// extension could turn into a link as more of it arrives.
    private static func mayBeURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) {
            if bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/") {
                return true
            }
            if i + 3 < bytes.count, bytes[i + 3] == UInt8(ascii: "."), bytes[i] | 0x20 == UInt8(ascii: "w"),
                bytes[i + 1] | 0x20 == UInt8(ascii: "w"), bytes[i + 2] | 0x20 == UInt8(ascii: "w")
            {
                return true
            }
        }
        return false
    }

    /// The last leaf, if every block on the right edge of `root` ends at
    /// `end` and the last one holds text that ends with `word` and that
    /// the word's bytes extend: a paragraph, not starting with `[`, whose
    /// last inline is that text, or a table row whose last cell's last
    /// inline is, with the cell ending where the word does (a cell past
    /// the header's count is dropped, so the row's last cell may be an
    /// earlier one). (A separate function, so that no copy of a block
    /// outlives the check: the tree is then mutated in place, without
    /// copy-on-write copies of its child arrays.)
    private static func lastTextLeaf(
        _ root: Block, endingAt end: Int, with word: UnsafeBufferPointer<UInt8>, wordEnd: Int,
        in text: UnsafeBufferPointer<UInt8>
    ) -> (start: Int, isRow: Bool, isHeading: Bool)? {
        var node = root
        while true {
            guard node.range.upperBound == end else { return nil }
            guard let last = node.children.last else { break }
            node = last
        }
        let last: String
        var isRow = false
        var isHeading = false
        switch node.kind {
        case .paragraph(let inlines):
            guard case .text(let string)? = inlines.last, node.range.lowerBound < text.count,
                text[node.range.lowerBound] != UInt8(ascii: "[")
            else { return nil }
            last = string
        case .heading(_, let inlines):
            // An ATX heading's line, or a setext heading's underline: the
            // underline's last word (`---`) is no suffix of the heading's
            // text unless the text ends with it too, and then the line
            // starts with `-`, which `punctuationIsInert` refuses.
            guard case .text(let string)? = inlines.last else { return nil }
            last = string
            isHeading = true
        case .tableRow(let cells):
            guard let cell = cells.last, case .text(let string)? = cell.inlines.last, cell.range.upperBound == wordEnd
            else { return nil }
            last = string
            isRow = true
        default:
            return nil
        }
        guard last.utf8.count >= word.count, last.utf8.suffix(word.count).elementsEqual(word) else { return nil }
        return (node.range.lowerBound, isRow, isHeading)
    }

    /// A space or line ending: what a word starting after it cannot join.
    static func isWordBoundary(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the token the word ends (from the last space or line start,
    /// at most ``lookBehind`` bytes back) holds no `:`, `.` or `@`, so that
    /// no autolink the extension could extend over the word runs through it
    /// (`http://b.org/x\|"r`: the link takes the `"r` the word grows).
    private static func tokenIsNoLink(before wordStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = wordStart
        while i > 0, wordStart - i < lookBehind, !isWordBoundary(text[i - 1]) {
            i -= 1
            switch text[i] {
            case UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "@"): return false
            default: continue
            }
        }
        return i == 0 || isWordBoundary(text[i - 1])
    }

    /// Whether the last word may follow `byte` and still grow in place
    /// when the token before it holds no link (``tokenIsNoLink(before:in:)``):
    /// a byte whose meaning the word's first byte already settled — a
    /// delimiter run's flanking (`*` `_` `~`), an opened code span, link
    /// text or destination (`` ` `` `[` `]`), an escape (`\`), a cell
    /// (`|`). Letters and inert punctuation can close none of these. Not
    /// `<` (a tag or autolink may be forming), `&` or `#` (an entity,
    /// `&#35;`), `@` (an email autolink) or `)`.
    static func mayPrecedeWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "|"):
            true
        default:
            false
        }
    }

    /// Punctuation that is as inert as a letter inside a word of a line
    /// that starts with a letter, with the conditions of
    /// ``punctuationIsInert(in:leafStart:isRow:text:)``: `.` `:` `'` `"`
    /// `-` `(` `/`. Not `)`, which closes a link destination opened
    /// anywhere before (`[a]( b` then `)`).
    static func isWordPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "("), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// How far back the last word and the spaces after it are read.
    static let lookBehind = 64

    /// Letters, digits, the bytes of non-ASCII characters, and the ASCII
    /// punctuation that no construct starts, ends or escapes with, alone or
    /// at the start of a line: `,` `;` `?` `!` `%` `$` (`!` only matters
    /// before `[`, `;` only after `&`, neither of which is inert).
    static func isInert(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...0xFF, UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "%"), UInt8(ascii: "$"):
            true
        default:
            false
        }
    }

    /// Appends `added` to the last text inline of a paragraph, or of a table
    /// row's last cell (whose content then ends at `visibleEnd`). The
    /// inlines are taken out of the block first, so that they and the last
    /// string are uniquely referenced: the append is then O(added).
    private static func appendText(_ added: String, to block: inout Block, visibleEnd: Int) {
        switch block.kind {
        case .paragraph(var inlines):
            block.kind = .thematicBreak
            extendLastText(of: &inlines, with: added)
            block.kind = .paragraph(inlines: inlines)
        case .heading(let level, var inlines):
            block.kind = .thematicBreak
            extendLastText(of: &inlines, with: added)
            block.kind = .heading(level: level, inlines: inlines)
        case .tableRow(var cells):
            block.kind = .thematicBreak
            if var cell = cells.popLast() {
                extendLastText(of: &cell.inlines, with: added)
                cell.range = cell.range.lowerBound..<visibleEnd
                cells.append(cell)
            }
            block.kind = .tableRow(cells: cells)
        default:
            break
        }
    }

    private static func extendLastText(of inlines: inout [Inline], with added: String) {
        if case .text(var last)? = inlines.popLast() {
            last += added
            inlines.append(.text(last))
        }
    }

    /// Moves the end of every block that ended at `oldEnd` to `end`, appends
    /// `added` to the last leaf's last text inline, and appends an update for each, top down
    /// (in the diff's order). Besides the right edge of the tree, that is a
    /// setext heading or fenced code block that the last line closed: cmark
    /// ends those at the end of the line that closed them (`finalize` in
    /// its `blocks.c`), so they grow with that line. They were open when the
    /// line began, so they are on the right edge of a previous sibling of a
    /// block on the tree's right edge — at any depth, even under a
    /// container that ended earlier (`> ```` then `foo`: the quote ends on
    /// its own line, its code block on `foo`'s).
    static func extendEnds(
        of block: inout Block, from oldEnd: Int, to end: Int, isLast: Bool, adding added: (String, end: Int)?,
        patches: inout [Patch]
    ) {
        if block.range.upperBound == oldEnd {
            block.range = block.range.lowerBound..<end
            if isLast, block.children.isEmpty, let (added, visibleEnd) = added {
                appendText(added, to: &block, visibleEnd: visibleEnd)
            }
            patches.append(.update(id: block.id, value: block.value))
        }
        let count = block.children.count
        guard count > 0 else { return }
        if isLast && count >= 2 {
            extendEnds(
                of: &block.children[count - 2], from: oldEnd, to: end, isLast: false, adding: added,
                patches: &patches)
        }
        extendEnds(
            of: &block.children[count - 1], from: oldEnd, to: end, isLast: isLast, adding: added, patches: &patches)
    }
}
