/// The current line of the document's last code block growing, at any
/// depth under list items (the code a model writes in a numbered step) or
/// at the top level: the code block need not be the engine's window.
///
/// ## Guard
/// The new bytes hold no line ending, the window defines no label, and the
/// document's right edge is lists and list items, all ending at the old
/// end, down to a code block ending there, whose literal already holds a
/// complete line (so its first content line, which decides whether
/// cmark's block reads as fenced, is settled), and whose current line
/// starts after the block's first line and holds, within
/// ``InertBytes/lookBehind`` bytes, a byte other than a space, a tab,
/// `` ` `` or `~`. Such a line can never become a closing fence, and its
/// indentation — which decides whether it belongs to the list item at
/// all — is settled: it stays a content line.
///
/// ## Work
/// The same tree with the new bytes before the literal's final line feed,
/// and every block that ended at the old end ending at the new one
/// (``Block/extendRightEdge(from:to:isLast:adding:patches:)``, top down,
/// as the window parse's diff would emit them). No line is completed, so
/// the window is unchanged.
///
/// - Complexity: O(chunk + depth + ``InertBytes/lookBehind``), amortized
///   (the literal grows in place when no one else holds it).
struct CodeLineShortcut: AppendShortcut {
    static let name = "code-line"

    func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let (text, oldEnd, lineStart) = (append.text, append.oldEnd, append.lineStart)
        guard lineStart < oldEnd, engine.windowDefinesNothing, !append.endsLine,
            Self.lastCodeBlockOwns(lineStart, root: root, endingAt: oldEnd),
            InertBytes.lineIsSettled(before: oldEnd, after: lineStart, fence: UInt8(ascii: "`"), in: text),
            InertBytes.lineIsSettled(before: oldEnd, after: lineStart, fence: UInt8(ascii: "~"), in: text)
        else { return false }
        Self.appendToLastCode(String(decoding: append.new, as: UTF8.self), in: &root)
        root.extendRightEdge(from: oldEnd, to: text.count, isLast: true, adding: nil, patches: &patches)
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
