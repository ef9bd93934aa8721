extension IncrementalEngine {
    /// Answers an append without parsing when it only extends the current
    /// line of the open fenced code block: code arriving a few characters at
    /// a time. Returns whether it did; otherwise nothing changed and the
    /// caller parses the window as usual.
    ///
    /// The append qualifies when the tree is current (no stale bytes), the
    /// engine is in its code window (``Mode/code(fenceLine:frozenLength:frozenEnd:)``)
    /// with the code block the document's last child, ending at the end of
    /// the text, and when
    /// - the new bytes hold no line ending (they belong to the current line);
    /// - the current line already holds, before the append, a byte other
    ///   than a space, a tab or the fence's character, found within the
    ///   last ``lookBehind`` bytes. Such a line can never become the closing
    ///   fence (which is up to three spaces, fence characters, then spaces
    ///   or tabs only), and its indentation is settled (cmark strips up to
    ///   the fence's indentation from the start of each content line).
    ///
    /// Then cmark's result is the same tree with the new bytes inserted
    /// before the literal's final line feed (cmark ends the last line of the
    /// input with one), and the code block and the document ending at the
    /// new end. The text holds valid UTF-8 without NUL (``UTF8Normalizer``),
    /// so the bytes go into the literal as they are. The patches are the
    /// updates the window parse would emit: the document's, then the code
    /// block's.
    ///
    /// - Complexity: O(chunk), amortized (the literal grows in place when
    ///   no one else holds it).
    mutating func extendOpenCode(root: inout Block, text: UnsafeBufferPointer<UInt8>, patches: inout [Patch]) -> Bool {
        let oldEnd = root.range.upperBound
        guard case .code(let fenceLine, let frozenLength, _) = mode, frozenTop == root.children.count - 1,
            schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, windowDefinitionText.isEmpty,
            windowDefinitionKeys.isEmpty, root.children[frozenTop].range.upperBound == oldEnd,
            fenceLine.upperBound <= oldEnd, let fence = Self.fenceCharacter(of: fenceLine, in: text)
        else { return false }
        for i in oldEnd..<text.count where text[i] == 0x0A || text[i] == 0x0D { return false }
        guard Self.lineIsSettled(before: oldEnd, after: fenceLine.upperBound, fence: fence, in: text),
            Self.insertBeforeFinalLineFeed(
                of: &root.children[frozenTop], text[oldEnd..<text.count],
                fenceLine: frozenLength == 0 ? UnsafeBufferPointer(rebasing: text[fenceLine]) : nil)
        else { return false }
        root.children[frozenTop].range = root.children[frozenTop].range.lowerBound..<text.count
        root.range = 0..<text.count
        patches.append(.update(id: root.id, value: root.value))
        patches.append(.update(id: root.children[frozenTop].id, value: root.children[frozenTop].value))
        schedule.didParse(textCount: text.count)
        return true
    }

    /// The fence's character (`` ` `` or `~`): the first byte of the fence
    /// line after its indentation.
    private static func fenceCharacter(of line: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var i = line.lowerBound
        while i < line.upperBound, text[i] == 0x20 { i += 1 }
        guard i < line.upperBound, text[i] == UInt8(ascii: "`") || text[i] == UInt8(ascii: "~") else { return nil }
        return text[i]
    }

    /// Whether the line that `end` continues holds, between `lineFloor`
    /// and `end`, a byte other than a space, a tab or `fence`, within the
    /// last ``lookBehind`` bytes.
    private static func lineIsSettled(
        before end: Int, after lineFloor: Int, fence: UInt8, in text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var i = end
        while i > lineFloor, end - i < lookBehind {
            i -= 1
            switch text[i] {
            case 0x0A, 0x0D: return false
            case 0x20, 0x09, fence: continue
            default: return true
            }
        }
        return false
    }

    /// Inserts `bytes` before the final line feed of a code block's
    /// literal, in place. Returns false, changing nothing, if `block` is
    /// not a code block whose literal ends with a line feed. With the
    /// `fenceLine` (when the growing line is the first content line, which
    /// ``CodeBlockAttributes/isFenced(line:literal:info:)`` compares with it),
    /// `fenced` is decided again, as the window parse would.
    private static func insertBeforeFinalLineFeed(
        of block: inout Block, _ bytes: Slice<UnsafeBufferPointer<UInt8>>, fenceLine: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        guard case .codeBlock(var code) = block.kind, code.literal.utf8.last == 0x0A else { return false }
        // Take the attributes out so that the literal is uniquely referenced.
        block.kind = .thematicBreak
        // Replace the final line feed by the bytes and a line feed, through
        // UTF-8 indices (`removeLast()` would look for a grapheme boundary).
        let lineFeed = code.literal.utf8.index(before: code.literal.utf8.endIndex)
        code.literal.replaceSubrange(
            lineFeed..., with: String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) + "\n")
        if let fenceLine {
            code.fenced = CodeBlockAttributes.isFenced(
                line: fenceLine.dropFirstSpaces(), literal: code.literal, info: code.info)
        }
        block.kind = .codeBlock(code)
        return true
    }
}
