// Version 2 of the patch protocol (docs/patches.md): objects without ranges,
// flat kinds, cells as inline arrays, children omitted when empty.

extension JSONWriter {
    /// Writes one version-2 patch object (no newline). An `append` whose
    /// target equals `continuing` is written as a bare JSON string.
    mutating func delta(_ patch: DeltaPatch, continuing: Bool) {
        switch patch {
        case .insert(let parent, let index, let block):
            raw(#"{"op":"insert","parent":"#)
            id(parent)
            if let index {
                raw(#","index":"#)
                int(index)
            }
            raw(#","block":"#)
            blockV2(block)
        case .remove(let id):
            raw(#"{"op":"remove","id":"#)
            self.id(id)
        case .move(let id, let parent, let index):
            raw(#"{"op":"move","id":"#)
            self.id(id)
            raw(#","parent":"#)
            self.id(parent)
            raw(#","index":"#)
            int(index)
        case .close(let id):
            raw(#"{"op":"close","id":"#)
            self.id(id)
        case .update(let id, let kind):
            raw(#"{"op":"update","id":"#)
            self.id(id)
            raw(#","kind":"#)
            kindV2(kind)
        case .retype(let id, let kind):
            raw(#"{"op":"retype","id":"#)
            self.id(id)
            raw(#","kind":"#)
            kindV2(kind, content: false)
        case .append(let id, let cell, let drop, let before, let text):
            if continuing {
                string(text)
                return
            }
            raw(#"{"op":"append","id":"#)
            self.id(id)
            if let cell {
                raw(#","cell":"#)
                int(cell)
            }
            if drop > 0 {
                raw(#","drop":"#)
                int(drop)
            }
            if before > 0 {
                raw(#","before":"#)
                int(before)
            }
            raw(#","text":"#)
            string(text)
        case .splice(let id, let cell, let keep, let inlines):
            raw(#"{"op":"splice","id":"#)
            self.id(id)
            if let cell {
                raw(#","cell":"#)
                int(cell)
            }
            raw(#","keep":"#)
            int(keep)
            raw(#","inlines":"#)
            self.inlines(inlines)
        }
        byte(UInt8(ascii: "}"))
    }

    mutating func blockV2(_ block: Block) {
        raw(#"{"id":"#)
        id(block.id)
        raw(#","kind":"#)
        kindV2(block.kind)
        if !block.children.isEmpty {
            raw(#","children":["#)
            for (i, child) in block.children.enumerated() {
                if i > 0 { byte(UInt8(ascii: ",")) }
                blockV2(child)
            }
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "}"))
    }

    /// Writes a kind; attributes equal to their defaults are omitted, and
    /// inlines too when `content` is false.
    mutating func kindV2(_ kind: BlockKind, content: Bool = true) {
        raw(#"{"type":"#)
        switch kind {
        case .document: raw(#""document""#)
        case .blockQuote: raw(#""block_quote""#)
        case .thematicBreak: raw(#""thematic_break""#)
        case .list(let list):
            raw(#""list""#)
            if list.kind == .ordered { raw(#","ordered":true"#) }
            if list.start != 1 {
                raw(#","start":"#)
                int(list.start)
            }
            if list.delimiter != .none {
                raw(#","delimiter":"#)
                string(list.delimiter.rawValue)
            }
            if !list.tight { raw(#","tight":false"#) }
        case .item(let task):
            raw(#""item""#)
            if let task {
                raw(#","task":"#)
                string(task.rawValue)
            }
        case .codeBlock(let code):
            raw(#""code_block""#)
            if !code.info.isEmpty {
                raw(#","info":"#)
                string(code.info)
            }
            if !code.fenced { raw(#","fenced":false"#) }
            raw(#","literal":"#)
            string(code.literal)
        case .htmlBlock(let literal):
            raw(#""html_block","literal":"#)
            string(literal)
        case .paragraph(let inlines):
            raw(#""paragraph""#)
            if content {
                raw(#","inlines":"#)
                self.inlines(inlines)
            }
        case .heading(let level, let inlines):
            raw(#""heading","level":"#)
            int(level)
            if content {
                raw(#","inlines":"#)
                self.inlines(inlines)
            }
        case .table(let table):
            raw(#""table","alignments":"#)
            alignments(table.alignments)
            raw(#","header":"#)
            cellsV2(table.header)
        case .tableRow(let cells):
            raw(#""table_row","cells":"#)
            cellsV2(cells)
        }
        byte(UInt8(ascii: "}"))
    }

    private mutating func cellsV2(_ cells: [TableCell]) {
        byte(UInt8(ascii: "["))
        for (i, cell) in cells.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            inlines(cell.inlines)
        }
        byte(UInt8(ascii: "]"))
    }
}
