/// The text a reader sees of a tree: what the safe HTML rendering shows,
/// as UTF-8. Used by ``FlickerMeter`` (so `package`, like it).
///
/// Inline text, code spans and link text are visible; a soft or hard break
/// counts as one `\n`; images (whose alt text is an attribute), raw HTML
/// (omitted in safe output), rules and task checkboxes show no text. A code
/// block shows its literal, a table its header and body cells. Every leaf
/// ends with `\n`, so the text of a block list is the concatenation of its
/// blocks' texts.
package enum VisibleText {
    /// The visible text of `block`.
    ///
    /// - Complexity: O(size of the block).
    package static func of(_ block: Block) -> [UInt8] {
        var out: [UInt8] = []
        append(block, to: &out)
        return out
    }

    static func append(_ block: Block, to out: inout [UInt8]) {
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines):
            append(inlines, to: &out)
            out.append(0x0A)
        case .math(let tex):
            var literal = Array(tex.utf8)
            if literal.last == 0x0A { literal.removeLast() }
            out += literal
            out.append(0x0A)
        case .codeBlock(let attributes):
            // The literal's own last newline is the leaf's end.
            var literal = Array(attributes.literal.utf8)
            if literal.last == 0x0A { literal.removeLast() }
            out += literal
            out.append(0x0A)
        case .table(let attributes):
            for cell in attributes.header { append(cell.inlines, to: &out) }
            out.append(0x0A)
        case .tableRow(let cells):
            for cell in cells { append(cell.inlines, to: &out) }
            out.append(0x0A)
        case .htmlBlock, .thematicBreak:
            break
        case .document, .blockQuote, .alert, .list, .item, .footnoteDefinition, .footnotes:
            break
        }
        for child in block.children { append(child, to: &out) }
    }

    static func append(_ inlines: [Inline], to out: inout [UInt8]) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .math(let text, _): out += text.utf8
            case .softBreak, .lineBreak: out.append(0x0A)
            case .footnoteReference(let reference): out += reference.visibleText.utf8
            case .html, .image: break
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                .link(_, _, let children):
                append(children, to: &out)
            }
        }
    }

    /// Visible texts of blocks by id, reused while a block's value is
    /// unchanged (equal values of unchanged blocks share storage, so the
    /// comparison is cheap).
    package struct Cache: Sendable {
        private var entries: [BlockID: (block: Block, text: [UInt8])] = [:]

        /// Creates an empty cache.
        package init() {}

        /// The concatenated visible text of `blocks`.
        ///
        /// - Complexity: O(changed blocks) plus O(1) per unchanged block
        ///   visited; a changed container reuses its unchanged children.
        package mutating func text(of blocks: [Block]) -> [UInt8] {
            var out: [UInt8] = []
            for block in blocks { append(block, to: &out) }
            return out
        }

        private mutating func append(_ block: Block, to out: inout [UInt8]) {
            if let entry = entries[block.id], entry.block == block {
                out += entry.text
                return
            }
            var text: [UInt8] = []
            if block.kind.isContainer, case .table = block.kind {
                text = VisibleText.of(block)
            } else if block.kind.isContainer {
                for child in block.children { append(child, to: &text) }
            } else {
                text = VisibleText.of(block)
            }
            entries[block.id] = (block, text)
            out += text
        }
    }
}
