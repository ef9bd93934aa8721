import StreamMarkHighlight

// Version 2 of the patch protocol, short form (docs/patches.md): every op
// is a JSON array whose first element, a number, names it; blocks and kinds
// are arrays with positional fields (trailing defaults left out) and number
// tags; source ids are numbers relative to the id before them (IDRegister).
// A growing answer is mostly continuation lines, so what is left is
// structure, and the short form sends it in few bytes.

extension JSONWriter {
    /// How a version-2 line names the block it changes.
    struct ShortFormLine {
        /// An `append` to the continuation target: a bare JSON string.
        var continuing = false
        /// An update, retype or splice of the continuation target: no id.
        var namesTarget = false
    }

    /// Writes one version-2 patch in the short form (no newline), moving
    /// `ids` past the source ids it writes (a stream's writer always has a
    /// register; see ``shortID(_:ids:)``).
    mutating func delta(_ patch: DeltaPatch, _ line: ShortFormLine, ids: inout IDRegister?) {
        switch patch {
        case .append(_, _, _, _, let text) where line.continuing:
            string(text)
            return
        case .insert(let parent, let index, let block):
            raw("[0,")
            shortID(parent, ids: &ids)
            byte(UInt8(ascii: ","))
            shortBlock(block, ids: &ids)
            if let index { next(index) }
        case .remove(let id):
            raw("[1,")
            shortID(id, ids: &ids)
        case .move(let id, let parent, let index):
            raw("[2,")
            shortID(id, ids: &ids)
            byte(UInt8(ascii: ","))
            shortID(parent, ids: &ids)
            next(index)
        case .close(let id):
            raw("[3,")
            shortID(id, ids: &ids)
        case .update(let id, let kind):
            raw("[4,")
            if !line.namesTarget { field(id, ids: &ids) }
            shortKind(kind)
        case .retype(let id, let kind):
            raw("[5,")
            if !line.namesTarget { field(id, ids: &ids) }
            shortKind(kind, content: false)
        case .append(let id, let cell, let drop, let before, let text):
            raw("[6,")
            shortID(id, ids: &ids)
            byte(UInt8(ascii: ","))
            string(text)
            // Trailing fields at their default (0, 0, no cell) are left out.
            if drop > 0 || before > 0 || cell != nil { next(drop) }
            if before > 0 || cell != nil { next(before) }
            if let cell { next(cell) }
        case .splice(let id, let cell, let keep, let inlines):
            raw("[7,")
            if !line.namesTarget { field(id, ids: &ids) }
            int(keep)
            byte(UInt8(ascii: ","))
            shortInlines(inlines)
            if let cell, !line.namesTarget { next(cell) }
        case .highlight(let id, let firstLine, let lines):
            raw("[8,")
            field(id, ids: &ids)
            int(firstLine)
            byte(UInt8(ascii: ","))
            array(lines) { $0.shortTokens($1) }
        }
        byte(UInt8(ascii: "]"))
    }

    /// One line's tokens, flat: `[START, LENGTH, "KIND", …]` (UTF-8 bytes
    /// within the line; the kind's highlight.js scope).
    private mutating func shortTokens(_ tokens: [HighlightToken]) {
        byte(UInt8(ascii: "["))
        for (index, token) in tokens.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            int(token.range.lowerBound)
            next(token.range.count)
            byte(UInt8(ascii: ","))
            string(token.kind.rawValue)
        }
        byte(UInt8(ascii: "]"))
    }

    /// `ID,`: an id as a leading field.
    private mutating func field(_ id: BlockID, ids: inout IDRegister?) {
        shortID(id, ids: &ids)
        byte(UInt8(ascii: ","))
    }

    /// `,N`: the next positional field, an integer.
    private mutating func next(_ value: Int) {
        byte(UInt8(ascii: ","))
        int(value)
    }

    /// An id: a source id as its number relative to the register (which
    /// moves past it), any other id as a string. Without a register
    /// (`nil`: display lines), every id is a string.
    mutating func shortID(_ id: BlockID, ids: inout IDRegister?) {
        if let number = ids?.number(for: id) { int(number) } else { string(id.rawValue) }
    }

    /// `[id, kind]` or `[id, kind, [children…]]`, ids in the order written.
    /// Without a register (`nil`: display lines), ids are strings.
    mutating func shortBlock(_ block: Block, ids: inout IDRegister?) {
        byte(UInt8(ascii: "["))
        shortID(block.id, ids: &ids)
        byte(UInt8(ascii: ","))
        shortKind(block.kind)
        if !block.children.isEmpty {
            byte(UInt8(ascii: ","))
            array(block.children) { $0.shortBlock($1, ids: &ids) }
        }
        byte(UInt8(ascii: "]"))
    }

    /// A kind: its tag (a number, ``ShortForm/KindTag``) alone when every
    /// field is at its default, else `[tag, fields…]` without the trailing
    /// defaults. With `content` false, inlines are left out (a `retype`).
    mutating func shortKind(_ kind: BlockKind, content: Bool = true) {
        switch kind {
        case .document: tag(.document)
        case .blockQuote: tag(.blockQuote)
        case .thematicBreak: tag(.thematicBreak)
        case .item(let task):
            guard let task else { return tag(.item) }
            open(.item)
            raw(task == .checked ? ",true]" : ",false]")
        case .list(let list): shortList(list)
        case .codeBlock(let code):
            open(.codeBlock)
            byte(UInt8(ascii: ","))
            string(code.literal)
            if !code.info.isEmpty || !code.fenced {
                byte(UInt8(ascii: ","))
                string(code.info)
            }
            if !code.fenced { raw(",false") }
            byte(UInt8(ascii: "]"))
        case .htmlBlock(let literal):
            open(.htmlBlock)
            byte(UInt8(ascii: ","))
            string(literal)
            byte(UInt8(ascii: "]"))
        case .paragraph(let inlines): shortTextKind(.paragraph, inlines, content: content)
        case .heading(let level, let inlines):
            shortTextKind(ShortForm.KindTag(heading: level) ?? .heading6, inlines, content: content)
        case .table(let table):
            open(.table)
            byte(UInt8(ascii: ","))
            shortAlignments(table.alignments)
            byte(UInt8(ascii: ","))
            shortCells(table.header)
            byte(UInt8(ascii: "]"))
        case .tableRow(let cells):
            open(.tableRow)
            byte(UInt8(ascii: ","))
            shortCells(cells)
            byte(UInt8(ascii: "]"))
        case .alert(let kind):
            open(.alert)
            byte(UInt8(ascii: ","))
            string(kind.rawValue)
            byte(UInt8(ascii: "]"))
        case .math(let tex):
            open(.math)
            byte(UInt8(ascii: ","))
            string(tex)
            byte(UInt8(ascii: "]"))
        case .footnoteDefinition(let note):
            open(.footnoteDefinition)
            byte(UInt8(ascii: ","))
            string(note.label)
            byte(UInt8(ascii: ","))
            int(note.number)
            byte(UInt8(ascii: ","))
            int(note.referenceCount)
            byte(UInt8(ascii: "]"))
        case .footnotes(let notes):
            open(.footnotes)
            for id in notes {
                byte(UInt8(ascii: ","))
                string(id.rawValue)
            }
            byte(UInt8(ascii: "]"))
        }
    }

    /// A kind's tag alone.
    private mutating func tag(_ tag: ShortForm.KindTag) { int(tag.rawValue) }

    /// `[tag`: the start of a kind with fields.
    private mutating func open(_ tag: ShortForm.KindTag) {
        byte(UInt8(ascii: "["))
        int(tag.rawValue)
    }

    /// `9` / `10`, or `[tag, tight, start, delimiter]` without trailing
    /// defaults (tight `true`, start 1, delimiter `"."` for ordered lists).
    private mutating func shortList(_ list: ListAttributes) {
        let ordered = list.kind == .ordered
        let paren = ordered && list.delimiter == .paren
        let kindTag: ShortForm.KindTag = ordered ? .orderedList : .bulletList
        if list.tight && list.start == 1 && !paren { return tag(kindTag) }
        open(kindTag)
        byte(UInt8(ascii: ","))
        bool(list.tight)
        if list.start != 1 || paren {
            byte(UInt8(ascii: ","))
            int(list.start)
        }
        if paren { raw(#",")""#) }
        byte(UInt8(ascii: "]"))
    }

    /// The tag alone without content or inlines (`0`, `2`), else
    /// `[tag, inlines]` (`[0,["Hi"]]`).
    private mutating func shortTextKind(_ kindTag: ShortForm.KindTag, _ inlines: [Inline], content: Bool) {
        guard content && !inlines.isEmpty else { return tag(kindTag) }
        open(kindTag)
        byte(UInt8(ascii: ","))
        shortInlines(inlines)
        byte(UInt8(ascii: "]"))
    }

    /// One letter per column: `n`, `l`, `c`, `r`.
    private mutating func shortAlignments(_ alignments: [TableAlignment]) {
        byte(UInt8(ascii: "\""))
        for alignment in alignments {
            switch alignment {
            case .none: byte(UInt8(ascii: "n"))
            case .left: byte(UInt8(ascii: "l"))
            case .center: byte(UInt8(ascii: "c"))
            case .right: byte(UInt8(ascii: "r"))
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private mutating func shortCells(_ cells: [TableCell]) {
        array(cells) { $0.shortInlines($1.inlines) }
    }

    mutating func shortInlines(_ inlines: [Inline]) {
        array(inlines) { $0.shortInline($1) }
    }

    /// Text as a string; `0` a soft break, `1` a hard break; anything else
    /// `[tag, …]`: `["c", text]`, `["h", html]`, `["i"|"b"|"s", children…]`,
    /// `["a"|"img", url, title, children…]`, `["m"|"M", tex]` (inline or
    /// display math).
    mutating func shortInline(_ inline: Inline) {
        switch inline {
        case .text(let text): string(text)
        case .softBreak: byte(UInt8(ascii: "0"))
        case .lineBreak: byte(UInt8(ascii: "1"))
        case .code(let text):
            raw(#"["c","#)
            string(text)
            byte(UInt8(ascii: "]"))
        case .html(let text):
            raw(#"["h","#)
            string(text)
            byte(UInt8(ascii: "]"))
        case .math(let tex, let display):
            raw(display ? #"["M","# : #"["m","#)
            string(tex)
            byte(UInt8(ascii: "]"))
        case .footnoteReference(let reference):
            raw(#"["f","#)
            string(reference.source)
            byte(UInt8(ascii: ","))
            string(reference.label)
            byte(UInt8(ascii: ","))
            int(reference.number)
            byte(UInt8(ascii: ","))
            int(reference.occurrence)
            shortChildren(reference.fallback ?? [])
        case .emphasis(let children): shortContainer(#""i""#, children)
        case .strong(let children): shortContainer(#""b""#, children)
        case .strikethrough(let children): shortContainer(#""s""#, children)
        case .link(let url, let title, let children): shortLink(#""a""#, url, title, children)
        case .image(let url, let title, let children): shortLink(#""img""#, url, title, children)
        }
    }

    private mutating func shortContainer(_ tag: StaticString, _ children: [Inline]) {
        byte(UInt8(ascii: "["))
        raw(tag)
        shortChildren(children)
    }

    private mutating func shortLink(_ tag: StaticString, _ url: String, _ title: String, _ children: [Inline]) {
        byte(UInt8(ascii: "["))
        raw(tag)
        byte(UInt8(ascii: ","))
        string(url)
        byte(UInt8(ascii: ","))
        string(title)
        shortChildren(children)
    }

    /// `,child,child…]`: the rest of an inline container after its fields.
    private mutating func shortChildren(_ children: [Inline]) {
        for child in children {
            byte(UInt8(ascii: ","))
            shortInline(child)
        }
        byte(UInt8(ascii: "]"))
    }
}
