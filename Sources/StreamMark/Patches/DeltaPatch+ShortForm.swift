// Decoding of short-form version-2 lines (docs/patches.md): a JSON array
// per op, read with JSONElement and converted here. The writer is
// JSONWriter+ShortForm.swift; the two must agree field by field.

extension DeltaPatch {
    /// The patch a short-form line stands for.
    ///
    /// - Complexity: O(line).
    static func short(_ value: JSONElement) throws(PatchStreamError) -> DeltaPatch {
        guard case .array(let fields) = value, case .string(let op)? = fields.first else {
            throw ShortForm.error("an op must be an array that starts with its name")
        }
        var reader = ShortForm.Fields(op: op, fields: fields)
        let patch: DeltaPatch
        switch op {
        case "+":
            let parent = try reader.id()
            let block = try ShortForm.block(try reader.next("block"))
            patch = .insert(parent: parent, index: try reader.optionalCount(), block: block)
        case "-": patch = .remove(id: try reader.id())
        case "m": patch = .move(id: try reader.id(), parent: try reader.id(), index: try reader.count())
        case "c": patch = .close(id: try reader.id())
        case "u": patch = .update(id: try reader.id(), kind: try ShortForm.kind(try reader.next("kind")))
        case "r": patch = .retype(id: try reader.id(), kind: try ShortForm.kind(try reader.next("kind")))
        case "a":
            let id = try reader.id()
            let text = try reader.string()
            let drop = try reader.optionalCount() ?? 0
            let before = try reader.optionalCount() ?? 0
            patch = .append(id: id, cell: try reader.optionalCount(), drop: drop, before: before, text: text)
        case "s":
            let id = try reader.id()
            let keep = try reader.count()
            let inlines = try ShortForm.inlines(try reader.next("inlines"))
            patch = .splice(id: id, cell: try reader.optionalCount(), keep: keep, inlines: inlines)
        default:
            throw ShortForm.error("unknown op \"\(op)\"")
        }
        try reader.end()
        return patch
    }
}

/// The short form's readers for ids, blocks, kinds and inlines.
enum ShortForm {
    /// Lines nested deeper are rejected: reading, converting and destroying
    /// the value recurse, about 250 bytes of stack per level in a release
    /// build, so 512 levels take 128–160 KiB and fit a 512 KiB thread stack
    /// (a secondary thread's default on macOS) with room to spare, under
    /// AddressSanitizer too (ShortFormTests). It is also `JSONDecoder`'s
    /// limit, so version 1, the long form and the short form read the same depth.
    static let maximumDepth = 512

    static func error(_ message: String) -> PatchStreamError { PatchStreamError(description: message) }

    /// Reads one line as JSON (strict: invalid UTF-8 and lone surrogates are errors).
    ///
    /// - Complexity: O(line).
    static func parse(_ bytes: some Collection<UInt8>) throws(PatchStreamError) -> JSONElement {
        do {
            return try JSONElement.parse(bytes, maximumDepth: maximumDepth, strict: true)
        } catch {
            throw PatchStreamError(description: "bad JSON at byte \(error.offset): \(error.message)")
        }
    }

    /// The positional fields of one op, read in order.
    struct Fields {
        let op: String
        let fields: [JSONElement]
        var at = 1

        mutating func next(_ name: String) throws(PatchStreamError) -> JSONElement {
            guard at < fields.count else { throw ShortForm.error("\(op): missing \(name)") }
            at += 1
            return fields[at - 1]
        }

        mutating func id() throws(PatchStreamError) -> BlockID { try ShortForm.id(try next("id")) }

        mutating func string() throws(PatchStreamError) -> String {
            guard case .string(let text) = try next("text") else {
                throw ShortForm.error("\(op): text must be a string")
            }
            return text
        }

        mutating func count() throws(PatchStreamError) -> Int {
            guard case .int(let value) = try next("count"), value >= 0 else {
                throw ShortForm.error("\(op): expected a count (an integer ≥ 0)")
            }
            return value
        }

        mutating func optionalCount() throws(PatchStreamError) -> Int? {
            at < fields.count ? try count() : nil
        }

        func end() throws(PatchStreamError) {
            guard at == fields.count else { throw ShortForm.error("\(op): too many fields") }
        }
    }

    static func id(_ value: JSONElement) throws(PatchStreamError) -> BlockID {
        switch value {
        case .int(let number): return BlockID(shortNumber: number)
        case .string(let text): return BlockID(text)
        default: throw error("an id must be an integer or a string")
        }
    }

    /// `[id, kind]` or `[id, kind, [children…]]`.
    static func block(_ value: JSONElement) throws(PatchStreamError) -> Block {
        guard case .array(let fields) = value, fields.count == 2 || fields.count == 3 else {
            throw error("a block must be [id, kind] or [id, kind, children]")
        }
        var children: [Block] = []
        if fields.count == 3 {
            guard case .array(let list) = fields[2] else { throw error("a block's children must be an array") }
            children.reserveCapacity(list.count)
            for child in list { children.append(try block(child)) }
        }
        return Block(id: try id(fields[0]), kind: try kind(fields[1]), range: 0..<0, children: children)
    }

    /// A kind: a tag, or `[tag, fields…]`.
    static func kind(_ value: JSONElement) throws(PatchStreamError) -> BlockKind {
        let tag: String
        var fields: [JSONElement] = []
        switch value {
        case .string(let name): tag = name
        case .array(let all):
            guard case .string(let name)? = all.first else { throw error("a kind must start with its tag") }
            tag = name
            fields = Array(all.dropFirst())
        default: throw error("a kind must be a tag or an array")
        }
        func field(_ i: Int) -> JSONElement? { i < fields.count ? fields[i] : nil }
        func allowing(_ count: Int) throws(PatchStreamError) {
            guard fields.count <= count else { throw error("\(tag): too many fields") }
        }
        switch tag {
        case "doc":
            try allowing(0)
            return .document
        case "q":
            try allowing(0)
            return .blockQuote
        case "hr":
            try allowing(0)
            return .thematicBreak
        case "li":
            try allowing(1)
            guard let task = field(0) else { return .item(task: nil) }
            guard case .bool(let checked) = task else { throw error("li: the task must be true or false") }
            return .item(task: checked ? .checked : .unchecked)
        case "ul", "ol": return .list(try list(ordered: tag == "ol", fields))
        case "code":
            try allowing(3)
            return .codeBlock(
                CodeBlockAttributes(
                    info: try string(field(1), default: ""), literal: try string(field(0), default: ""),
                    fenced: try bool(field(2), default: true)))
        case "html":
            try allowing(1)
            return .htmlBlock(literal: try string(field(0), default: ""))
        case "p":
            try allowing(1)
            return .paragraph(inlines: try field(0).map { (v) throws(PatchStreamError) in try inlines(v) } ?? [])
        case "h1", "h2", "h3", "h4", "h5", "h6":
            try allowing(1)
            let level = Int(tag.dropFirst())!
            return .heading(
                level: level, inlines: try field(0).map { (v) throws(PatchStreamError) in try inlines(v) } ?? [])
        case "table":
            try allowing(2)
            guard case .string(let letters)? = field(0) else { throw error("table: alignments must be a string") }
            var alignments: [TableAlignment] = []
            for letter in letters.utf8 {
                switch letter {
                case UInt8(ascii: "n"): alignments.append(.none)
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: throw error("table: unknown alignment")
                }
            }
            return .table(TableAttributes(alignments: alignments, header: try cells(field(1))))
        case "tr":
            try allowing(1)
            return .tableRow(cells: try cells(field(0)))
        default:
            throw error("unknown block type \"\(tag)\"")
        }
    }

    /// `[tight, start, delimiter]` after the tag, trailing defaults left out.
    private static func list(ordered: Bool, _ fields: [JSONElement]) throws(PatchStreamError) -> ListAttributes {
        guard fields.count <= (ordered ? 3 : 1) else { throw error("list: too many fields") }
        let tight = try bool(fields.first, default: true)
        var start = 1
        var delimiter: ListAttributes.Delimiter = ordered ? .period : .none
        if fields.count > 1 {
            guard case .int(let value) = fields[1] else { throw error("ol: start must be an integer") }
            start = value
        }
        if fields.count > 2 {
            switch fields[2] {
            case .string("."): delimiter = .period
            case .string(")"): delimiter = .paren
            default: throw error("ol: the delimiter must be \".\" or \")\"")
            }
        }
        return ListAttributes(kind: ordered ? .ordered : .bullet, start: start, delimiter: delimiter, tight: tight)
    }

    private static func string(_ value: JSONElement?, default fallback: String) throws(PatchStreamError) -> String {
        guard let value else { return fallback }
        guard case .string(let text) = value else { throw error("expected a string") }
        return text
    }

    private static func bool(_ value: JSONElement?, default fallback: Bool) throws(PatchStreamError) -> Bool {
        guard let value else { return fallback }
        guard case .bool(let flag) = value else { throw error("expected true or false") }
        return flag
    }

    private static func cells(_ value: JSONElement?) throws(PatchStreamError) -> [TableCell] {
        guard case .array(let list)? = value else { throw error("cells must be an array of inline arrays") }
        var cells: [TableCell] = []
        cells.reserveCapacity(list.count)
        for cell in list { cells.append(TableCell(inlines: try inlines(cell), range: 0..<0)) }
        return cells
    }

    static func inlines(_ value: JSONElement) throws(PatchStreamError) -> [Inline] {
        guard case .array(let list) = value else { throw error("inlines must be an array") }
        return try inlines(list[...])
    }

    private static func inlines(_ list: ArraySlice<JSONElement>) throws(PatchStreamError) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(list.count)
        for item in list { result.append(try inline(item)) }
        return result
    }

    /// Text, `0`/`1` (soft/hard break), or `[tag, …]`.
    static func inline(_ value: JSONElement) throws(PatchStreamError) -> Inline {
        switch value {
        case .string(let text): return .text(text)
        case .int(0): return .softBreak
        case .int(1): return .lineBreak
        case .array(let fields):
            guard case .string(let tag)? = fields.first else { throw error("an inline array must start with its tag") }
            let rest = fields.dropFirst()
            switch tag {
            case "c", "h":
                guard fields.count == 2, case .string(let text) = fields[1] else {
                    throw error("inline \(tag): expected [\"\(tag)\", text]")
                }
                return tag == "c" ? .code(text) : .html(text)
            case "i": return .emphasis(try inlines(rest))
            case "b": return .strong(try inlines(rest))
            case "s": return .strikethrough(try inlines(rest))
            case "a", "img":
                guard fields.count >= 3, case .string(let url) = fields[1], case .string(let title) = fields[2] else {
                    throw error("inline \(tag): expected [\"\(tag)\", url, title, children…]")
                }
                let children = try inlines(fields.dropFirst(3))
                return tag == "a"
                    ? .link(destination: url, title: title, children: children)
                    : .image(source: url, title: title, children: children)
            default: throw error("unknown inline type \"\(tag)\"")
            }
        default: throw error("an inline must be a string, 0, 1 or an array")
        }
    }
}
