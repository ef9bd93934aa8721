/// What the walker needs when a line leaves a list item's table (an
/// escape, ``TableBuilder``): whether the list cut short is still loose,
/// which blocks cmark began after the line belong to its rest.
extension ExtensionWalker {
    /// Whether a blank line lies between two of `list`'s items, or between
    /// two children of one of its items: cmark's rule for a loose list
    /// (an item, or an item's child, that ends with a blank line and is
    /// not the last). Used when an escape cut the list short, so the
    /// blank lines cmark counted may be gone from it.
    ///
    /// - Complexity: O(bytes between the children).
    func holdsBlankLineBetweenChildren(_ list: Block) -> Bool {
        let items = list.children
        for (index, item) in items.enumerated() {
            if index + 1 < items.count,
                holdsBlankLine(from: contentEnd(item), to: items[index + 1].range.lowerBound)
            {
                return true
            }
            for (childIndex, child) in item.children.enumerated().dropLast()
            where holdsBlankLine(from: contentEnd(child), to: item.children[childIndex + 1].range.lowerBound) {
                return true
            }
        }
        return false
    }

    /// Where a block's last content ends: cmark's range of a list item
    /// (and so of a list), and of indented code, runs over the blank lines
    /// after it. (A fenced code block's blank lines are its content: cmark
    /// does not count them for a loose list.)
    private func contentEnd(_ block: Block) -> Int {
        var block = block
        while let last = block.children.last { block = last }
        guard case .codeBlock(let code) = block.kind, !code.fenced else { return block.range.upperBound }
        var end = block.range.upperBound
        while end > block.range.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(text[end - 1]) { end -= 1 }
        return end
    }

    /// How many blocks right after `blocks[index]` the rest of an escape
    /// from it is parsed again with. cmark read the escaping line as lazy
    /// text of an item, and began a list on the line after it because that
    /// line did not continue the item: a lazy line does not keep an empty
    /// item or one not numbered 1 from starting a list. cmark-gfm reads the
    /// escaping line as a paragraph, which such an item cannot interrupt
    /// (`- a|b` / `  -|-` / `,` / `4.`: one paragraph `,` / `4.` after the
    /// list). And a list that the rest ends with, which cmark read inside
    /// the item, goes on over blank lines into a list of its kind that
    /// cmark began after the item (`2. D|||||` / `   -|-|-|-|-` / `i` / `   -
    /// |` / blank / `-`: one loose list). So does a block quote the rest
    /// ends with into the quote cmark began after the item (`- a|b` /
    /// `  -|-` / `|` / `  > q` / `> q`: one quote), and a paragraph the rest
    /// ends with into the paragraph on the next line, which followed an
    /// empty item in cmark's parse (`x` / `1. ` / `z`: one paragraph, an
    /// empty item interrupts none). Parsed with the rest, each line is read
    /// as cmark-gfm reads it.
    func blocksJoiningRest(after index: Int, in blocks: [Block]) -> Int {
        var joined = 0
        while index + joined + 1 < blocks.count {
            let (previous, next) = (blocks[index + joined], blocks[index + joined + 1])
            switch next.kind {
            case .list, .blockQuote: joined += 1
            case .paragraph where !holdsBlankLine(from: previous.range.upperBound, to: next.range.lowerBound):
                joined += 1
            default: return joined
            }
        }
        return joined
    }

    /// Whether a whole line between `start` and `end` holds nothing but
    /// spaces, tabs and `>` (a blank line inside block quotes).
    private func holdsBlankLine(from start: Int, to end: Int) -> Bool {
        func isBlankByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") }
        // The line `start` is in counts if only a container prefix lies
        // before `start` on it: cmark's range of a setext heading takes
        // its underline's line ending, and may run into a quote's `>`.
        var i = lines.lineStart(of: start)
        if !text[i..<start].allSatisfy(isBlankByte) {
            i = start
            while i < end, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
            i += lines.endingLength(at: i)
        }
        while i < end {
            var blank = true
            while i < end, text[i] != 0x0A, text[i] != 0x0D {
                if !isBlankByte(text[i]) { blank = false }
                i += 1
            }
            if i < end, blank { return true }
            i += lines.endingLength(at: i)
        }
        return false
    }
}
