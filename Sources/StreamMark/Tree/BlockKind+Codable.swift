// The JSON form of a block kind: one object with a "type" field naming the
// kind and the kind's attributes beside it, for example
// {"type":"heading","level":2,"inlines":[…]}. This is the form used by the
// patch protocol (docs/patches.md).

extension BlockKind: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, list, task, code, literal, inlines, level, table, cells, alert, footnote, notes
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "document": self = .document
        case "block_quote": self = .blockQuote
        case "list": self = .list(try c.decode(ListAttributes.self, forKey: .list))
        case "item": self = .item(task: try c.decodeIfPresent(TaskState.self, forKey: .task))
        case "code_block": self = .codeBlock(try c.decode(CodeBlockAttributes.self, forKey: .code))
        case "html_block": self = .htmlBlock(literal: try c.decode(String.self, forKey: .literal))
        case "paragraph": self = .paragraph(inlines: try c.decode([Inline].self, forKey: .inlines))
        case "heading":
            self = .heading(
                level: try c.decode(Int.self, forKey: .level),
                inlines: try c.decode([Inline].self, forKey: .inlines))
        case "thematic_break": self = .thematicBreak
        case "table": self = .table(try c.decode(TableAttributes.self, forKey: .table))
        case "table_row": self = .tableRow(cells: try c.decode([TableCell].self, forKey: .cells))
        case "alert": self = .alert(try c.decode(AlertKind.self, forKey: .alert))
        case "math": self = .math(tex: try c.decode(String.self, forKey: .literal))
        case "footnote_definition":
            self = .footnoteDefinition(try c.decode(FootnoteDefinition.self, forKey: .footnote))
        case "footnotes": self = .footnotes(notes: try c.decode([BlockID].self, forKey: .notes))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown block type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .type)
        switch self {
        case .document, .blockQuote, .thematicBreak: break
        case .list(let attributes): try c.encode(attributes, forKey: .list)
        case .item(let task): try c.encodeIfPresent(task, forKey: .task)
        case .codeBlock(let attributes): try c.encode(attributes, forKey: .code)
        case .htmlBlock(let literal): try c.encode(literal, forKey: .literal)
        case .paragraph(let inlines): try c.encode(inlines, forKey: .inlines)
        case .heading(let level, let inlines):
            try c.encode(level, forKey: .level)
            try c.encode(inlines, forKey: .inlines)
        case .table(let attributes): try c.encode(attributes, forKey: .table)
        case .tableRow(let cells): try c.encode(cells, forKey: .cells)
        case .alert(let kind): try c.encode(kind, forKey: .alert)
        case .math(let tex): try c.encode(tex, forKey: .literal)
        case .footnoteDefinition(let note): try c.encode(note, forKey: .footnote)
        case .footnotes(let notes): try c.encode(notes, forKey: .notes)
        }
    }
}
