extension IncrementalEngine {
    /// Answers an append without parsing when it only extends the last word
    /// of the open paragraph: the common case of prose arriving a few
    /// characters at a time. Returns whether it did; otherwise nothing
    /// changed and the caller parses the window as usual.
    ///
    /// The append qualifies when the tree is current (no stale bytes) and
    /// its last leaf is a paragraph at the end of the text whose last inline
    /// is text ending with the text's last word, and when
    /// - the new bytes are *inert* (``isInert(_:)``: letters, digits,
    ///   non-ASCII characters, `,;?!%$`) or spaces: no newline, no byte that
    ///   can open, close or escape any inline or block construct, or form an
    ///   autolink, entity or table delimiter row;
    /// - the text's last word (after trailing spaces) is made of the same
    ///   bytes and starts after a space or at the start of its line (so the
    ///   line is neither a marker waiting for its content, `* ` or `<di`,
    ///   nor part of a word that could become a URL or a tag);
    /// - the paragraph does not start with `[` (it could become a link
    ///   reference definition) and the window holds no definition-like line.
    ///
    /// Then cmark's result is the same tree with the new visible bytes (less
    /// trailing spaces, which cmark strips at the end of a paragraph)
    /// appended to that text inline, and every block that ended at the old
    /// end ending at the new one (see ``extendEnds(of:from:to:isLast:leafKind:patches:)``).
    /// The patches are the updates the diff would emit, top down.
    ///
    /// - Complexity: O(chunk + depth of the tree).
    mutating func extendLastParagraph(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, windowDefinitionText.isEmpty,
            windowDefinitionKeys.isEmpty
        else { return false }
        for i in oldEnd..<text.count where !Self.isInert(text[i]) && text[i] != 0x20 { return false }
        var wordEnd = oldEnd
        while wordEnd > 0, text[wordEnd - 1] == 0x20 { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, Self.isInert(text[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < wordEnd,
            wordStart == 0 || text[wordStart - 1] == 0x20 || text[wordStart - 1] == 0x0A || text[wordStart - 1] == 0x0D
        else { return false }
        // The right edge of the tree, root first; every block on it must end
        // where the text ended.
        var spine: [Block] = [root]
        while let last = spine[spine.count - 1].children.last { spine.append(last) }
        let leaf = spine[spine.count - 1]
        guard spine.allSatisfy({ $0.range.upperBound == oldEnd }), case .paragraph(var inlines) = leaf.kind,
            case .text(let last)? = inlines.last, leaf.range.lowerBound < text.count,
            text[leaf.range.lowerBound] != UInt8(ascii: "[")
        else { return false }
        let word = UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd])
        guard last.utf8.count >= word.count, last.utf8.suffix(word.count).elementsEqual(word) else { return false }
        var visibleEnd = text.count
        while visibleEnd > wordEnd, text[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
        if visibleEnd > wordEnd {
            let added = String(decoding: UnsafeBufferPointer(rebasing: text[wordEnd..<visibleEnd]), as: UTF8.self)
            inlines[inlines.count - 1] = .text(last + added)
        }
        Self.extendEnds(
            of: &root, from: oldEnd, to: text.count, isLast: true, leafKind: .paragraph(inlines: inlines),
            patches: &patches)
        schedule.didParse(textCount: text.count)
        work = StreamingDocument.Statistics.Work()
        return true
    }

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

    /// Moves the end of every block that ended at `oldEnd` to `end`, gives
    /// the last leaf `leafKind`, and appends an update for each, top down
    /// (in the diff's order). Besides the right edge of the tree, that is a
    /// setext heading or fenced code block that the last line closed: cmark
    /// ends those at the end of the line that closed them (`finalize` in
    /// its `blocks.c`), so they grow with that line. They were open when the
    /// line began, so they are on the right edge of a previous sibling of a
    /// block on the tree's right edge — at any depth, even under a
    /// container that ended earlier (`> ```` then `foo`: the quote ends on
    /// its own line, its code block on `foo`'s).
    private static func extendEnds(
        of block: inout Block, from oldEnd: Int, to end: Int, isLast: Bool, leafKind: BlockKind,
        patches: inout [Patch]
    ) {
        if block.range.upperBound == oldEnd {
            block.range = block.range.lowerBound..<end
            if isLast && block.children.isEmpty { block.kind = leafKind }
            patches.append(.update(id: block.id, value: block.value))
        }
        let count = block.children.count
        guard count > 0 else { return }
        if isLast && count >= 2 {
            extendEnds(
                of: &block.children[count - 2], from: oldEnd, to: end, isLast: false, leafKind: leafKind,
                patches: &patches)
        }
        extendEnds(
            of: &block.children[count - 1], from: oldEnd, to: end, isLast: isLast, leafKind: leafKind,
            patches: &patches)
    }
}
