extension IncrementalEngine {
    /// Answers an append without parsing when it only adds content to the
    /// open fenced code block: code arriving a few characters at a time.
    /// Returns whether it did; otherwise nothing changed and the caller
    /// parses the window as usual.
    ///
    /// The append qualifies when the tree is current (no stale bytes), the
    /// engine is in its code window (``CodeWindow``)
    /// with the code block the document's last child, still open and ending
    /// at the end of the text, and when every line the new bytes touch is,
    /// and stays, a content line:
    /// - the line the append continues already holds a byte other than a
    ///   space, a tab or the fence's character, found within the last
    ///   ``lookBehind`` bytes (such a line can never become the closing
    ///   fence, and its indentation is settled); or it is empty, after a
    ///   content line the window froze; or it is short, under a fence that
    ///   is not indented, and no closing fence;
    /// - every other line (see ``CodeFence/admits(_:)``) is no closing fence
    ///   (up to three spaces, at least as many fence characters as the
    ///   opening fence, then spaces or tabs only) and, under an indented
    ///   fence, starts with neither a space nor a tab, so cmark strips
    ///   nothing from it (`` `` `` under a ```` ```` ```` fence is content);
    /// - the new bytes hold no carriage return.
    ///
    /// Then cmark's result is the same tree with the new bytes appended to
    /// the literal (whose unfinished last line ends with a line feed: cmark
    /// ends the input's last line with one), and the code block and the
    /// document ending at the new end. The lines the append completes are
    /// frozen as ``narrowCode(_:code:text:)`` would freeze them, so the
    /// window stays the last line. The text holds valid UTF-8 without NUL
    /// (``UTF8Normalizer``), so the bytes go into the literal as they are.
    /// The patches are the updates the window parse would emit: the
    /// document's, then the code block's.
    ///
    /// - Parameter lineStart: where the text's last line started before the
    ///   append.
    /// - Complexity: O(chunk), amortized (the literal grows in place when
    ///   no one else holds it).
    mutating func extendOpenCode(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, lineStart: Int, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard let window = nested as? CodeWindow else { return false }
        let (fenceLine, frozenLength) = (window.fenceLine, window.frozenLength)
        guard frozenTop == root.children.count - 1,
            schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, windowDefinitionText.isEmpty,
            windowDefinitionKeys.isEmpty, fenceLine.upperBound <= oldEnd, text[oldEnd - 1] != 0x0D,
            root.children[frozenTop].range.upperBound == (text[oldEnd - 1] == 0x0A ? oldEnd - 1 : oldEnd),
            let fence = CodeFence(line: UnsafeBufferPointer(rebasing: text[fenceLine]))
        else { return false }
        let new = UnsafeBufferPointer(rebasing: text[oldEnd...])
        guard !new.contains(0x0D),
            let checked = firstLineToCheck(
                from: lineStart, to: oldEnd, literalCount: Self.literalCount(of: root.children[frozenTop]), fence,
                text),
            Self.linesAreContent(from: checked, fence, text)
        else { return false }
        let lastLineFeed = new.lastIndex(of: 0x0A).map { oldEnd + $0 }
        guard lastLineFeed == nil || windowStart == lineStart,
            Self.appendLines(
                new, to: &root.children[frozenTop], lineIsEmpty: lineStart == oldEnd,
                fenceLine: frozenLength == 0 ? UnsafeBufferPointer(rebasing: text[fenceLine]) : nil)
        else { return false }
        let blockStart = root.children[frozenTop].range.lowerBound
        root.children[frozenTop].range = blockStart..<(text[text.count - 1] == 0x0A ? text.count - 1 : text.count)
        root.range = 0..<text.count
        if let lastLineFeed, case .codeBlock(let code) = root.children[frozenTop].kind {
            // The completed lines are frozen: the window is the new last line.
            let lastLine = text.count - (lastLineFeed + 1)
            windowStart = lastLineFeed + 1
            nested = CodeWindow(
                fenceLine: fenceLine, frozenLength: code.literal.utf8.count - (lastLine > 0 ? lastLine + 1 : 0),
                frozenEnd: lastLineFeed)
        }
        patches.append(.update(id: root.id, value: root.value))
        // A line feed alone ends the unfinished line where cmark already
        // ended it: the block's literal and range stay as they were.
        if lineStart == oldEnd || new.count != 1 || new[0] != 0x0A {
            patches.append(.update(id: root.children[frozenTop].id, value: root.children[frozenTop].value))
        }
        schedule.didParse(textCount: text.count)
        return true
    }

    /// Answers an append without parsing when it only lengthens the
    /// opening fence line of a fenced code block that is the document's
    /// last child: more fence characters, or more of the info string.
    /// Returns whether it did.
    ///
    /// The line (`lineStart` to the old end, at most ``lookBehind`` bytes)
    /// must be up to three spaces, a run of at least three fence characters,
    /// then only inert bytes (``isInert(_:)``) and spaces; the block's info
    /// string must be that rest, trimmed, and its literal empty. The new
    /// bytes hold no line ending and are either more fence characters right
    /// after the run or inert bytes and spaces. Then cmark's result is the
    /// same block with the new info string (inert bytes need no unescaping,
    /// and hold no backtick), ending at the new end, and every block that
    /// ended at the old end ending at the new one
    /// (``extendEnds(of:from:to:isLast:adding:patches:)``: a setext
    /// heading the fence line closed grows with it). The engine's window is
    /// unchanged: it narrows into the block once the line is complete.
    ///
    /// - Complexity: O(chunk + ``lookBehind``).
    mutating func extendFenceLine(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, lineStart: Int, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, oldEnd - lineStart <= Self.lookBehind,
            windowDefinitionText.isEmpty, windowDefinitionKeys.isEmpty, let last = root.children.indices.last,
            root.children[last].range.upperBound == oldEnd, root.children[last].range.lowerBound >= lineStart,
            case .codeBlock(var code) = root.children[last].kind, code.literal.isEmpty, code.fenced,
            let fence = CodeFence(line: UnsafeBufferPointer(rebasing: text[lineStart..<oldEnd]))
        else { return false }
        let runEnd = lineStart + fence.indentation + fence.length
        let isInfo = { (byte: UInt8) in byte == 0x20 || Self.isInert(byte) }
        let rest = UnsafeBufferPointer(rebasing: text[runEnd..<oldEnd])
        let new = UnsafeBufferPointer(rebasing: text[oldEnd...])
        let longerRun = rest.isEmpty && new.allSatisfy { $0 == fence.character }
        guard rest.allSatisfy(isInfo), code.info == Self.trimmedInfo(rest), longerRun || new.allSatisfy(isInfo)
        else { return false }
        if !longerRun {
            root.children[last].kind = .thematicBreak
            code.info = Self.trimmedInfo(UnsafeBufferPointer(rebasing: text[runEnd...]))
            root.children[last].kind = .codeBlock(code)
        }
        // A setext heading the fence line interrupted ends with that line
        // too (cmark ends it where the line that closed it ends).
        Self.extendEnds(of: &root, from: oldEnd, to: text.count, isLast: true, adding: nil, patches: &patches)
        schedule.didParse(textCount: text.count)
        return true
    }

    /// The info string of a fence line's rest of inert bytes and spaces:
    /// without its leading and trailing spaces.
    private static func trimmedInfo(_ rest: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = rest.count
        while start < end && rest[start] == 0x20 { start += 1 }
        while end > start && rest[end - 1] == 0x20 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: rest[start..<end]), as: UTF8.self)
    }

    /// Where the lines that ``linesAreContent(from:_:_:)`` checks start. The
    /// line the append continues, `lineStart..<end`, is checked too if it
    /// is empty after a content line the window froze (or after the fence
    /// line), or short and no closing fence under a fence that is not
    /// indented; if it is settled (``lineIsSettled(before:after:fence:in:)``),
    /// the check starts after the first line ending of the new bytes.
    /// `nil` if none of these holds: the line may be, or may become, the
    /// closing fence.
    private func firstLineToCheck(
        from lineStart: Int, to end: Int, literalCount: Int, _ fence: CodeFence, _ text: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        guard let window = nested as? CodeWindow else { return nil }
        let (fenceLine, frozenLength, frozenEnd) = (window.fenceLine, window.frozenLength, window.frozenEnd)
        if lineStart == end {
            guard literalCount == frozenLength, frozenEnd == end - 1 || end == fenceLine.upperBound else { return nil }
            return lineStart
        }
        if Self.lineIsSettled(before: end, after: lineStart, fence: fence.character, in: text) {
            var i = end
            while i < text.count && text[i] != 0x0A { i += 1 }
            return i + 1
        }
        guard fence.indentation == 0, end - lineStart <= Self.lookBehind,
            fence.admits(UnsafeBufferPointer(rebasing: text[lineStart..<end]))
        else { return nil }
        return lineStart
    }

    /// The UTF-8 length of a code block's literal (a separate function, so
    /// that no copy of the literal outlives the check: it is then mutated in
    /// place).
    private static func literalCount(of block: Block) -> Int {
        guard case .codeBlock(let code) = block.kind else { return -1 }
        return code.literal.utf8.count
    }

    /// Whether every line from `start` to the end of the text is one the
    /// fence admits as content (``CodeFence/admits(_:)``); a `start` past
    /// the end means none.
    ///
    /// - Complexity: O(bytes from `start`).
    private static func linesAreContent(
        from start: Int, _ fence: CodeFence, _ text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var lineStart = start
        while lineStart <= text.count {
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
            guard fence.admits(UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])) else { return false }
            lineStart = lineEnd + 1
        }
        return true
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

    /// Appends `bytes` (whole lines and the start of a last one) to a code
    /// block's literal, in place: after the final line feed of a literal
    /// whose last line is empty (`lineIsEmpty`), else in place of the final
    /// line feed cmark put after the unfinished last line; a line feed
    /// ends the literal again unless `bytes` end with one. Returns false,
    /// changing nothing, if `block` is not a code block whose literal ends
    /// as expected. With the `fenceLine` (when the first content line is
    /// among the lines, which ``CodeBlockAttributes/isFenced(line:literal:info:)``
    /// compares with it), `fenced` is decided again, as the window parse
    /// would.
    private static func appendLines(
        _ bytes: UnsafeBufferPointer<UInt8>, to block: inout Block, lineIsEmpty: Bool,
        fenceLine: UnsafeBufferPointer<UInt8>?
    ) -> Bool {
        guard case .codeBlock(var code) = block.kind, lineIsEmpty || code.literal.utf8.last == 0x0A else {
            return false
        }
        // Take the attributes out so that the literal is uniquely referenced.
        block.kind = .thematicBreak
        var added = String(decoding: bytes, as: UTF8.self)
        if bytes.last != 0x0A { added += "\n" }
        if lineIsEmpty {
            code.literal += added
        } else {
            // Through UTF-8 indices (`removeLast()` would look for a
            // grapheme boundary).
            let lineFeed = code.literal.utf8.index(before: code.literal.utf8.endIndex)
            code.literal.replaceSubrange(lineFeed..., with: added)
        }
        if let fenceLine {
            code.fenced = CodeBlockAttributes.isFenced(
                line: fenceLine.dropFirstSpaces(), literal: code.literal, info: code.info)
        }
        block.kind = .codeBlock(code)
        return true
    }
}

extension IncrementalEngine {
    /// Answers an append without parsing when it only lengthens the current
    /// content line of the document's last code block, at any depth under
    /// list items (the code a model writes in a numbered step), or at the
    /// top level when ``extendOpenCode(root:text:lineStart:patches:)`` did
    /// not take it (an indented block). Returns whether it did.
    ///
    /// The append qualifies when the tree is current, the new bytes hold no
    /// line ending, and the document's right edge is lists and list items
    /// down to a code block that ends at the old end, whose literal already
    /// holds a complete line (so its first content line, which decides
    /// whether cmark's block reads as fenced, is settled), and whose current
    /// line starts after the block's first line and holds, within
    /// ``lookBehind`` bytes, a byte other than a space, a tab, `` ` `` or
    /// `~`. Such a line can never become a closing fence, and its
    /// indentation — which decides whether it belongs to the list item at
    /// all — is settled: it stays a content line, and cmark's result is the
    /// same tree with the new bytes before the literal's final line feed,
    /// and every block that ended at the old end ending at the new one
    /// (``extendEnds(of:from:to:isLast:adding:patches:)``, top down, as the
    /// window parse's diff would emit them). No line is completed, so the
    /// window is unchanged.
    ///
    /// - Complexity: O(chunk + depth + ``lookBehind``), amortized (the
    ///   literal grows in place when no one else holds it).
    mutating func extendCodeLine(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, lineStart: Int, patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard schedule.staleBytes(textCount: oldEnd) == 0, oldEnd < text.count, lineStart < oldEnd,
            windowDefinitionText.isEmpty, windowDefinitionKeys.isEmpty,
            Self.lastCodeBlockOwns(lineStart, root: root, endingAt: oldEnd)
        else { return false }
        let new = UnsafeBufferPointer(rebasing: text[oldEnd...])
        guard !new.contains(0x0A), !new.contains(0x0D),
            Self.lineIsSettled(before: oldEnd, after: lineStart, fence: UInt8(ascii: "`"), in: text),
            Self.lineIsSettled(before: oldEnd, after: lineStart, fence: UInt8(ascii: "~"), in: text)
        else { return false }
        Self.appendToLastCode(String(decoding: new, as: UTF8.self), in: &root)
        Self.extendEnds(of: &root, from: oldEnd, to: text.count, isLast: true, adding: nil, patches: &patches)
        schedule.didParse(textCount: text.count)
        return true
    }

    /// Whether the right edge of `root` is lists and list items, all ending
    /// at `end`, down to a code block ending there that started before
    /// `lineStart` and whose literal holds a complete line before its last.
    private static func lastCodeBlockOwns(_ lineStart: Int, root: Block, endingAt end: Int) -> Bool {
        var node = root
        while let last = node.children.last {
            guard node.range.upperBound == end else { return false }
            switch last.kind {
            case .list, .item, .codeBlock: node = last
            default: return false
            }
        }
        guard case .codeBlock(let code) = node.kind, node.range.upperBound == end, node.range.lowerBound < lineStart,
            code.literal.utf8.last == 0x0A
        else { return false }
        return code.literal.utf8.dropLast().contains(0x0A)
    }

    /// Inserts `added` before the final line feed of the literal of the
    /// code block at the end of the right edge of `block`.
    private static func appendToLastCode(_ added: String, in block: inout Block) {
        if let last = block.children.indices.last {
            appendToLastCode(added, in: &block.children[last])
            return
        }
        guard case .codeBlock(var code) = block.kind else { return }
        block.kind = .thematicBreak
        code.literal.removeLast()
        code.literal += added
        code.literal.append("\n")
        block.kind = .codeBlock(code)
    }
}
