import StreamMarkHighlight

// Decoding of short-form version-2 lines (docs/patches.md): a JSON array
// per op, read with JSONElement and converted here. The writer is
// JSONWriter+ShortForm.swift; the two must agree field by field.

extension DeltaPatch {
    /// The patch a short-form line stands for. `target` names the block of
    /// an update, retype or splice written without its id; `ids` moves past
    /// the source ids read.
    ///
    /// - Complexity: O(line).
    static func short(
        _ value: JSONElement, target: ContinuationTarget, ids: inout IDRegister
    ) throws(PatchStreamError) -> DeltaPatch {
        guard case .array(let fields) = value, let first = fields.first else {
            throw ShortForm.error("an op must be an array that starts with its number")
        }
        let op: ShortForm.Op
        switch first {
        case .int(let code) where ShortForm.Op(rawValue: code) != nil: op = ShortForm.Op(rawValue: code)!
        case .int(let code): throw ShortForm.error("unknown op \(code)")
        case .string(let name): throw ShortForm.error("unknown op \"\(name)\"")
        default: throw ShortForm.error("an op must be an array that starts with its number")
        }
        var reader = ShortForm.Fields(op: op, fields: fields, target: target)
        let patch: DeltaPatch
        switch op {
        case .insert:
            let parent = try reader.id(&ids)
            let block = try ShortForm.block(try reader.next("block"), ids: &ids)
            patch = .insert(parent: parent, index: try reader.optionalCount(), block: block)
        case .remove: patch = .remove(id: try reader.id(&ids))
        case .move: patch = .move(id: try reader.id(&ids), parent: try reader.id(&ids), index: try reader.count())
        case .close: patch = .close(id: try reader.id(&ids))
        case .update:
            let id = try reader.leadingID(&ids, named: fields.count > 2)
            patch = .update(id: id, kind: try ShortForm.kind(try reader.next("kind")))
        case .retype:
            let id = try reader.leadingID(&ids, named: fields.count > 2)
            guard case .int(let tag) = try reader.next("tag"), (0...6).contains(tag) else {
                throw ShortForm.error("retype: the tag must be 0 (paragraph) or 1…6 (heading)")
            }
            patch = .retype(id: id, kind: try ShortForm.kind(.int(tag)))
        case .append:
            let id = try reader.id(&ids)
            let text = try reader.string()
            let drop = try reader.optionalCount() ?? 0
            let before = try reader.optionalCount() ?? 0
            patch = .append(id: id, cell: try reader.optionalCount(), drop: drop, before: before, text: text)
        case .splice:
            let named = fields.count > 3
            let id = try reader.leadingID(&ids, named: named)
            let keep = try reader.count()
            let inlines = try ShortForm.inlines(try reader.next("inlines"))
            let cell = named ? try reader.optionalCount() : target.cell
            patch = .splice(id: id, cell: cell, keep: keep, inlines: inlines)
        case .highlight:
            let id = try reader.id(&ids)
            let first = try reader.count()
            patch = .highlight(id: id, firstLine: first, lines: try ShortForm.tokenLines(try reader.next("lines")))
        }
        try reader.end()
        return patch
    }
}

/// The short form's readers for ids, blocks, kinds and inlines.
enum ShortForm {
    /// The lines of a `highlight` op: one flat array per line,
    /// `[START, LENGTH, "KIND", …]`, tokens in order, not overlapping.
    static func tokenLines(_ value: JSONElement) throws(PatchStreamError) -> [[HighlightToken]] {
        guard case .array(let lines) = value else { throw error("highlight: the lines must be an array") }
        var result: [[HighlightToken]] = []
        for line in lines {
            guard case .array(let fields) = line, fields.count % 3 == 0 else {
                throw error("highlight: a line must be [START, LENGTH, KIND, …]")
            }
            var tokens: [HighlightToken] = []
            var end = 0
            for index in stride(from: 0, to: fields.count, by: 3) {
                guard case .int(let start) = fields[index], case .int(let length) = fields[index + 1],
                    case .string(let name) = fields[index + 2], start >= end, length > 0, length <= Int.max - start,
                    let kind = HighlightKind(rawValue: name)
                else { throw error("highlight: bad token \(index / 3)") }
                tokens.append(HighlightToken(range: start..<(start + length), kind: kind))
                end = start + length
            }
            result.append(tokens)
        }
        return result
    }

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

    /// The ops, by the number that names them.
    enum Op: Int {
        case insert, remove, move, close, update, retype, append, splice, highlight
    }

    /// The number tags of block kinds: `0` paragraph, `1`…`6` headings,
    /// then the containers and leaves (docs/patches.md, "Blocks and kinds").
    enum KindTag: Int {
        case paragraph, heading1, heading2, heading3, heading4, heading5, heading6
        case blockQuote, item, bulletList, orderedList, codeBlock, htmlBlock, thematicBreak, table, tableRow
        case document
        /// `[17, "note"]`: an alert and its kind.
        case alert
        /// `[18, tex]`: a display-math block and its TeX.
        case math
        /// `[19, label, number, referenceCount]`: a footnote definition.
        case footnoteDefinition
        /// `[20, id…]`: the footnotes section and its notes in number order.
        case footnotes

        /// The tag of a heading of `level` (1…6).
        init?(heading level: Int) {
            guard (1...6).contains(level) else { return nil }
            self.init(rawValue: level)
        }
    }

    /// The positional fields of one op, read in order.
    struct Fields {
        let op: Op
        let fields: [JSONElement]
        let target: ContinuationTarget
        var at = 1

        mutating func next(_ name: String) throws(PatchStreamError) -> JSONElement {
            guard at < fields.count else { throw ShortForm.error("\(op): missing \(name)") }
            at += 1
            return fields[at - 1]
        }

        mutating func id(_ ids: inout IDRegister) throws(PatchStreamError) -> BlockID {
            try ShortForm.id(try next("id"), ids: &ids)
        }

        /// The id of an op that leaves it out when it names the continuation
        /// target: read when the line is `named` (has the longer form), else
        /// the target's.
        mutating func leadingID(_ ids: inout IDRegister, named: Bool) throws(PatchStreamError) -> BlockID {
            if named { return try id(&ids) }
            guard let id = target.id else { throw ShortForm.error("\(op): no id and no target") }
            return id
        }

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

    static func id(_ value: JSONElement, ids: inout IDRegister) throws(PatchStreamError) -> BlockID {
        switch value {
        case .int(let number): return try ids.id(for: number)
        case .string(let text): return BlockID(text)
        default: throw error("an id must be an integer or a string")
        }
    }

    /// `[id, kind]` or `[id, kind, [children…]]`.
    static func block(_ value: JSONElement, ids: inout IDRegister) throws(PatchStreamError) -> Block {
        guard case .array(let fields) = value, fields.count == 2 || fields.count == 3 else {
            throw error("a block must be [id, kind] or [id, kind, children]")
        }
        let id = try id(fields[0], ids: &ids)
        var children: [Block] = []
        if fields.count == 3 {
            guard case .array(let list) = fields[2] else { throw error("a block's children must be an array") }
            children.reserveCapacity(list.count)
            for child in list { children.append(try block(child, ids: &ids)) }
        }
        return Block(id: id, kind: try kind(fields[1]), range: 0..<0, children: children)
    }

    /// A kind: a tag (a number, ``KindTag``), or `[tag, fields…]`.
    static func kind(_ value: JSONElement) throws(PatchStreamError) -> BlockKind {
        let number: Int
        var fields: [JSONElement] = []
        switch value {
        case .int(let tag): number = tag
        case .array(let all):
            guard case .int(let tag)? = all.first else { throw error("a kind must start with its tag") }
            number = tag
            fields = Array(all.dropFirst())
        default: throw error("a kind must be a tag or an array")
        }
        guard let tag = KindTag(rawValue: number) else { throw error("unknown block type \(number)") }
        func field(_ i: Int) -> JSONElement? { i < fields.count ? fields[i] : nil }
        func allowing(_ count: Int) throws(PatchStreamError) {
            guard fields.count <= count else { throw error("\(tag): too many fields") }
        }
        func content() throws(PatchStreamError) -> [Inline] {
            try allowing(1)
            return try field(0).map { (v) throws(PatchStreamError) in try inlines(v) } ?? []
        }
        switch tag {
        case .document:
            try allowing(0)
            return .document
        case .blockQuote:
            try allowing(0)
            return .blockQuote
        case .thematicBreak:
            try allowing(0)
            return .thematicBreak
        case .item:
            try allowing(1)
            guard let task = field(0) else { return .item(task: nil) }
            guard case .bool(let checked) = task else { throw error("item: the task must be true or false") }
            return .item(task: checked ? .checked : .unchecked)
        case .bulletList, .orderedList: return .list(try list(ordered: tag == .orderedList, fields))
        case .codeBlock:
            try allowing(3)
            return .codeBlock(
                CodeBlockAttributes(
                    info: try string(field(1), default: ""), literal: try string(field(0), default: ""),
                    fenced: try bool(field(2), default: true)))
        case .htmlBlock:
            try allowing(1)
            return .htmlBlock(literal: try string(field(0), default: ""))
        case .paragraph:
            return .paragraph(inlines: try content())
        case .heading1, .heading2, .heading3, .heading4, .heading5, .heading6:
            return .heading(level: tag.rawValue, inlines: try content())
        case .table:
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
        case .tableRow:
            try allowing(1)
            return .tableRow(cells: try cells(field(0)))
        case .alert:
            try allowing(1)
            guard case .string(let name)? = field(0), let kind = AlertKind(rawValue: name) else {
                throw error("alert: the kind must be note, tip, important, warning or caution")
            }
            return .alert(kind)
        case .math:
            try allowing(1)
            guard case .string(let tex)? = field(0) else { throw error("math: the TeX must be a string") }
            return .math(tex: tex)
        case .footnoteDefinition:
            try allowing(3)
            guard case .string(let label)? = field(0), case .int(let number)? = field(1),
                case .int(let count)? = field(2)
            else { throw error("footnote definition: expected [19, label, number, references]") }
            return .footnoteDefinition(FootnoteDefinition(label: label, number: number, referenceCount: count))
        case .footnotes:
            var notes: [BlockID] = []
            for field in fields {
                guard case .string(let id) = field else { throw error("footnotes: the notes must be ids") }
                notes.append(BlockID(id))
            }
            return .footnotes(notes: notes)
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
            case "m", "M":
                guard fields.count == 2, case .string(let tex) = fields[1] else {
                    throw error("inline \(tag): expected [\"\(tag)\", tex]")
                }
                return .math(tex, display: tag == "M")
            case "f":
                guard fields.count >= 5, case .string(let source) = fields[1], case .string(let label) = fields[2],
                    case .int(let number) = fields[3], case .int(let occurrence) = fields[4]
                else { throw error("inline f: expected [\"f\", source, label, number, occurrence, fallback…]") }
                let fallback = fields.count > 5 ? try inlines(fields.dropFirst(5)) : nil
                return .footnoteReference(
                    FootnoteReference(
                        source: source, label: label, number: number, occurrence: occurrence, fallback: fallback))
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
