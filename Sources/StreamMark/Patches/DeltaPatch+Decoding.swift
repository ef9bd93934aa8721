// Decoding of version-2 lines (docs/patches.md): the wire objects, their
// defaults, and the conversion to DeltaPatch / Block / BlockKind.

/// A version-2 op object as it appears on the wire.
struct WireOp: Decodable {
    var op: String
    var id: BlockID?
    var parent: BlockID?
    var index: Int?
    var block: WireBlock?
    var kind: WireKind?
    var cell: Int?
    var drop: Int?
    var before: Int?
    var text: String?
    var keep: Int?
    var inlines: [Inline]?

    func patch() throws(PatchStreamError) -> DeltaPatch {
        func need<T>(_ value: T?, _ name: String) throws(PatchStreamError) -> T {
            guard let value else { throw PatchStreamError(description: "\(op): missing \"\(name)\"") }
            return value
        }
        switch op {
        case "insert":
            return .insert(parent: try need(parent, "parent"), index: index, block: try need(block, "block").block)
        case "remove": return .remove(id: try need(id, "id"))
        case "move":
            return .move(id: try need(id, "id"), parent: try need(parent, "parent"), index: try need(index, "index"))
        case "close": return .close(id: try need(id, "id"))
        case "update": return .update(id: try need(id, "id"), kind: try need(kind, "kind").kind)
        case "retype": return .retype(id: try need(id, "id"), kind: try need(kind, "kind").kind)
        case "append":
            let drop = self.drop ?? 0
            let before = self.before ?? 0
            guard drop >= 0, before >= 0 else { throw PatchStreamError(description: "append: negative count") }
            return .append(
                id: try need(id, "id"), cell: cell, drop: drop, before: before, text: try need(text, "text"))
        case "splice":
            return .splice(
                id: try need(id, "id"), cell: cell, keep: try need(keep, "keep"), inlines: try need(inlines, "inlines"))
        default:
            throw PatchStreamError(description: "unknown op \"\(op)\"")
        }
    }
}

/// A version-2 block: no range, children optional.
struct WireBlock: Decodable {
    var block: Block

    private enum CodingKeys: String, CodingKey { case id, kind, children }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let children = try c.decodeIfPresent([WireBlock].self, forKey: .children) ?? []
        block = Block(
            id: try c.decode(BlockID.self, forKey: .id), kind: try c.decode(WireKind.self, forKey: .kind).kind,
            range: 0..<0, children: children.map(\.block))
    }
}

/// A version-2 kind: flat, defaults omitted, cells as inline arrays.
struct WireKind: Decodable {
    var kind: BlockKind

    private enum CodingKeys: String, CodingKey {
        case type, ordered, start, delimiter, tight, task, literal, info, fenced, inlines, level, alignments,
            header, cells, alert
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        func inlines() throws -> [Inline] { try c.decodeIfPresent([Inline].self, forKey: .inlines) ?? [] }
        func cells(_ key: CodingKeys) throws -> [TableCell] {
            try c.decode([[Inline]].self, forKey: key).map { TableCell(inlines: $0, range: 0..<0) }
        }
        switch type {
        case "document": kind = .document
        case "block_quote": kind = .blockQuote
        case "list":
            let ordered = try c.decodeIfPresent(Bool.self, forKey: .ordered) ?? false
            kind = .list(
                ListAttributes(
                    kind: ordered ? .ordered : .bullet,
                    start: try c.decodeIfPresent(Int.self, forKey: .start) ?? 1,
                    delimiter: try c.decodeIfPresent(ListAttributes.Delimiter.self, forKey: .delimiter) ?? .none,
                    tight: try c.decodeIfPresent(Bool.self, forKey: .tight) ?? true))
        case "item": kind = .item(task: try c.decodeIfPresent(TaskState.self, forKey: .task))
        case "code_block":
            kind = .codeBlock(
                CodeBlockAttributes(
                    info: try c.decodeIfPresent(String.self, forKey: .info) ?? "",
                    literal: try c.decode(String.self, forKey: .literal),
                    fenced: try c.decodeIfPresent(Bool.self, forKey: .fenced) ?? true))
        case "html_block": kind = .htmlBlock(literal: try c.decode(String.self, forKey: .literal))
        case "paragraph": kind = .paragraph(inlines: try inlines())
        case "heading": kind = .heading(level: try c.decode(Int.self, forKey: .level), inlines: try inlines())
        case "thematic_break": kind = .thematicBreak
        case "table":
            kind = .table(
                TableAttributes(
                    alignments: try c.decode([TableAlignment].self, forKey: .alignments), header: try cells(.header)))
        case "table_row": kind = .tableRow(cells: try cells(.cells))
        case "alert": kind = .alert(try c.decode(AlertKind.self, forKey: .alert))
        case "math": kind = .math(tex: try c.decode(String.self, forKey: .literal))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown block type \(type)")
        }
    }
}
