/// The opening fence line of a code block being typed: more fence
/// characters, or the info string a letter at a time.
///
/// ## Guard
/// The document's last child is a fenced code block with an empty literal
/// that starts on the text's last line and ends at the old end, the window
/// defines no label, and the line (at most ``InertBytes/lookBehind``
/// bytes) is up to three spaces, a run of at least three fence characters,
/// then only inert bytes (``InertBytes/isInert(_:)``) and spaces; the
/// block's info string is that rest, trimmed. The new bytes hold no line
/// ending and are either more fence characters right after the run or
/// inert bytes and spaces.
///
/// ## Work
/// The same block with the new info string (inert bytes need no
/// unescaping, and hold no backtick), ending at the new end, and every
/// block that ended at the old end ending at the new one
/// (``Block/extendRightEdge(from:to:isLast:adding:patches:)``: a setext
/// heading the fence line closed grows with it). The window is unchanged:
/// the engine narrows into the block once the line is complete.
///
/// - Complexity: O(chunk + ``InertBytes/lookBehind``).
struct FenceLineShortcut: AppendShortcut {
    static let name = "fence-line"

    func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let (text, oldEnd, lineStart) = (append.text, append.oldEnd, append.lineStart)
        guard oldEnd - lineStart <= InertBytes.lookBehind, engine.windowDefinesNothing,
            let last = root.children.indices.last, root.children[last].range.upperBound == oldEnd,
            root.children[last].range.lowerBound >= lineStart,
            case .codeBlock(var code) = root.children[last].kind, code.literal.isEmpty, code.fenced,
            let fence = CodeFence(line: UnsafeBufferPointer(rebasing: text[lineStart..<oldEnd]))
        else { return false }
        let runEnd = lineStart + fence.indentation + fence.length
        let isInfo = { (byte: UInt8) in byte == 0x20 || InertBytes.isInert(byte) }
        let rest = UnsafeBufferPointer(rebasing: text[runEnd..<oldEnd])
        let longerRun = rest.isEmpty && append.new.allSatisfy { $0 == fence.character }
        guard rest.allSatisfy(isInfo), code.info == Self.trimmedInfo(rest), longerRun || append.new.allSatisfy(isInfo)
        else { return false }
        if !longerRun {
            code.info = Self.trimmedInfo(UnsafeBufferPointer(rebasing: text[runEnd...]))
            // A fence whose info becomes `math` makes a math block.
            guard !(code.isMath && engine.options.extensions.contains(.math)) else { return false }
            root.children[last].kind = .thematicBreak
            root.children[last].kind = .codeBlock(code)
        }
        // A setext heading the fence line interrupted ends with that line
        // too (cmark ends it where the line that closed it ends).
        root.extendRightEdge(from: oldEnd, to: text.count, isLast: true, adding: nil, patches: &patches)
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
}
