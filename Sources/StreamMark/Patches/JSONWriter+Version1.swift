// Version 1 of the patch protocol, written directly (the same JSON as
// `Patch`'s Codable conformance, key order aside).

extension JSONWriter {
    /// Writes one version-1 patch object (no newline).
    mutating func patch(_ patch: Patch) {
        switch patch {
        case .insert(let parent, let index, let block):
            raw(#"{"v":1,"op":"insert","parent":"#)
            id(parent)
            raw(#","index":"#)
            int(index)
            raw(#","block":"#)
            blockV1(block)
        case .update(let id, let value):
            raw(#"{"v":1,"op":"update","id":"#)
            self.id(id)
            raw(#","value":{"kind":"#)
            kindV1(value.kind)
            raw(#","range":"#)
            range(value.range)
            byte(UInt8(ascii: "}"))
        case .remove(let id):
            raw(#"{"v":1,"op":"remove","id":"#)
            self.id(id)
        case .move(let id, let parent, let index):
            raw(#"{"v":1,"op":"move","id":"#)
            self.id(id)
            raw(#","parent":"#)
            self.id(parent)
            raw(#","index":"#)
            int(index)
        case .close(let id):
            raw(#"{"v":1,"op":"close","id":"#)
            self.id(id)
        }
        byte(UInt8(ascii: "}"))
    }

    mutating func range(_ range: Range<Int>) {
        byte(UInt8(ascii: "["))
        int(range.lowerBound)
        byte(UInt8(ascii: ","))
        int(range.upperBound)
        byte(UInt8(ascii: "]"))
    }

    mutating func blockV1(_ block: Block) {
        raw(#"{"id":"#)
        id(block.id)
        raw(#","kind":"#)
        kindV1(block.kind)
        raw(#","range":"#)
        range(block.range)
        raw(#","children":"#)
        array(block.children) { $0.blockV1($1) }
        byte(UInt8(ascii: "}"))
    }

    mutating func kindV1(_ kind: BlockKind) {
        raw(#"{"type":"#)
        switch kind {
        case .document: raw(#""document""#)
        case .blockQuote: raw(#""block_quote""#)
        case .thematicBreak: raw(#""thematic_break""#)
        case .list(let list):
            raw(#""list","list":"#)
            listAttributes(list)
        case .item(let task):
            raw(#""item""#)
            if let task {
                raw(#","task":"#)
                string(task.rawValue)
            }
        case .codeBlock(let code):
            raw(#""code_block","code":{"info":"#)
            string(code.info)
            raw(#","literal":"#)
            string(code.literal)
            raw(#","fenced":"#)
            bool(code.fenced)
            byte(UInt8(ascii: "}"))
        case .htmlBlock(let literal):
            raw(#""html_block","literal":"#)
            string(literal)
        case .paragraph(let inlines):
            raw(#""paragraph","inlines":"#)
            self.inlines(inlines)
        case .heading(let level, let inlines):
            raw(#""heading","level":"#)
            int(level)
            raw(#","inlines":"#)
            self.inlines(inlines)
        case .table(let table):
            raw(#""table","table":{"alignments":"#)
            alignments(table.alignments)
            raw(#","header":"#)
            cellsV1(table.header)
            byte(UInt8(ascii: "}"))
        case .tableRow(let cells):
            raw(#""table_row","cells":"#)
            cellsV1(cells)
        case .alert(let kind):
            raw(#""alert","alert":"#)
            string(kind.rawValue)
        case .math(let tex):
            raw(#""math","literal":"#)
            string(tex)
        case .footnoteDefinition(let note):
            raw(#""footnote_definition","footnote":{"label":"#)
            string(note.label)
            raw(#","number":"#)
            int(note.number)
            raw(#","referenceCount":"#)
            int(note.referenceCount)
            byte(UInt8(ascii: "}"))
        case .footnotes(let notes):
            raw(#""footnotes","notes":["#)
            for (index, id) in notes.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                string(id.rawValue)
            }
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "}"))
    }

    mutating func listAttributes(_ list: ListAttributes) {
        raw(#"{"kind":"#)
        string(list.kind.rawValue)
        raw(#","start":"#)
        int(list.start)
        raw(#","delimiter":"#)
        string(list.delimiter.rawValue)
        raw(#","tight":"#)
        bool(list.tight)
        byte(UInt8(ascii: "}"))
    }

    mutating func alignments(_ alignments: [TableAlignment]) {
        array(alignments) { $0.string($1.rawValue) }
    }

    private mutating func cellsV1(_ cells: [TableCell]) {
        array(cells) { json, cell in
            json.raw(#"{"inlines":"#)
            json.inlines(cell.inlines)
            json.raw(#","range":"#)
            json.range(cell.range)
            json.byte(UInt8(ascii: "}"))
        }
    }
}
