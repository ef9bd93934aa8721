/// Code arriving a few characters at a time in the open top-level code
/// block, in the engine's code window (``CodeWindow``): lines, whole or
/// partial, that are and stay content lines.
///
/// ## Guard
/// The engine is narrowed to a code block that is the document's last
/// child and ends at the old end, the window defines no label, and every
/// line the new bytes touch is, and stays, a content line:
/// - the line the append continues already holds a byte other than a
///   space, a tab or the fence's character, found within the last
///   ``InertBytes/lookBehind`` bytes (such a line can never become the
///   closing fence, and its indentation is settled); or it is empty, after
///   a content line the window froze; or it is short, under a fence that
///   is not indented, and no closing fence;
/// - every other line (see ``CodeFence/admits(_:)``) is no closing fence
///   (up to three spaces, at least as many fence characters as the opening
///   fence, then spaces or tabs only) and, under an indented fence, starts
///   with neither a space nor a tab, so cmark strips nothing from it
///   (`` `` `` under a ```` ```` ```` fence is content);
/// - the new bytes hold no carriage return, and a line feed among them
///   only when the window is the text's last line.
///
/// ## Work
/// The same tree with the new bytes appended to the literal (whose
/// unfinished last line ends with a line feed: cmark ends the input's last
/// line with one), and the code block and the document ending at the new
/// end. The lines the append completes are frozen as the engine's
/// narrowing would freeze them, so the window stays the last line. The
/// text holds valid UTF-8 without NUL (``UTF8Normalizer``), so the bytes
/// go into the literal as they are. The patches: the document's update,
/// then the code block's.
///
/// - Complexity: O(chunk), amortized (the literal grows in place when no
///   one else holds it).
struct OpenCodeShortcut: AppendShortcut {
    static let name = "open-code"

    func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let (text, oldEnd, lineStart) = (append.text, append.oldEnd, append.lineStart)
        guard let window = engine.nested as? CodeWindow else { return false }
        let (fenceLine, frozenLength) = (window.fenceLine, window.frozenLength)
        let top = engine.frozenTop
        guard top == root.children.count - 1, engine.windowDefinesNothing, fenceLine.upperBound <= oldEnd,
            text[oldEnd - 1] != 0x0D,
            root.children[top].range.upperBound == (text[oldEnd - 1] == 0x0A ? oldEnd - 1 : oldEnd),
            let fence = CodeFence(line: UnsafeBufferPointer(rebasing: text[fenceLine])),
            !append.new.contains(0x0D),
            let checked = Self.firstLineToCheck(
                from: lineStart, to: oldEnd, literalCount: Self.literalCount(of: root.children[top]), fence,
                window, text),
            Self.linesAreContent(from: checked, fence, text)
        else { return false }
        let lastLineFeed = append.new.lastIndex(of: 0x0A).map { oldEnd + $0 }
        guard lastLineFeed == nil || engine.windowStart == lineStart,
            Self.appendLines(
                append.new, to: &root.children[top], lineIsEmpty: lineStart == oldEnd,
                fenceLine: frozenLength == 0 ? UnsafeBufferPointer(rebasing: text[fenceLine]) : nil)
        else { return false }
        let blockStart = root.children[top].range.lowerBound
        root.children[top].range = blockStart..<(text[text.count - 1] == 0x0A ? text.count - 1 : text.count)
        root.range = 0..<text.count
        if let lastLineFeed, case .codeBlock(let code) = root.children[top].kind {
            // The completed lines are frozen: the window is the new last line.
            let lastLine = text.count - (lastLineFeed + 1)
            engine.windowStart = lastLineFeed + 1
            engine.nested = CodeWindow(
                fenceLine: fenceLine, frozenLength: code.literal.utf8.count - (lastLine > 0 ? lastLine + 1 : 0),
                frozenEnd: lastLineFeed)
        }
        patches.append(.update(id: root.id, value: root.value))
        // A line feed alone ends the unfinished line where cmark already
        // ended it: the block's literal and range stay as they were.
        if lineStart == oldEnd || append.new.count != 1 || append.new[0] != 0x0A {
            patches.append(.update(id: root.children[top].id, value: root.children[top].value))
        }
        return true
    }

    /// Where the lines that ``linesAreContent(from:_:_:)`` checks start. The
    /// line the append continues, `lineStart..<end`, is checked too if it
    /// is empty after a content line the window froze (or after the fence
    /// line), or short and no closing fence under a fence that is not
    /// indented; if it is settled (``InertBytes/lineIsSettled(before:after:fence:in:)``),
    /// the check starts after the first line ending of the new bytes.
    /// `nil` if none of these holds: the line may be, or may become, the
    /// closing fence.
    private static func firstLineToCheck(
        from lineStart: Int, to end: Int, literalCount: Int, _ fence: CodeFence, _ window: CodeWindow,
        _ text: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        if lineStart == end {
            guard literalCount == window.frozenLength,
                window.frozenEnd == end - 1 || end == window.fenceLine.upperBound
            else { return nil }
            return lineStart
        }
        if InertBytes.lineIsSettled(before: end, after: lineStart, fence: fence.character, in: text) {
            var i = end
            while i < text.count && text[i] != 0x0A { i += 1 }
            return i + 1
        }
        guard fence.indentation == 0, end - lineStart <= InertBytes.lookBehind,
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
