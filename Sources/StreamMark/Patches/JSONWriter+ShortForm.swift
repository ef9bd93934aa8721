// Version 2 of the patch protocol, short form (docs/patches.md): every op
// is a JSON array whose first element names it, blocks and kinds are
// arrays with positional fields (trailing defaults left out), and source
// ids are numbers. A growing answer is mostly continuation lines, so what
// is left is structure; the short form sends it in about a third of the
// bytes of the long form.

extension JSONWriter {
    /// Writes one version-2 patch in the short form (no newline). An
    /// `append` to the continuation target (`continuing`) is written as a
    /// bare JSON string.
    mutating func delta(_ patch: DeltaPatch, continuing: Bool) {
        switch patch {
        case .append(_, _, _, _, let text) where continuing:
            string(text)
            return
        case .insert(let parent, let index, let block):
            raw(#"["+","#)
            shortID(parent)
            byte(UInt8(ascii: ","))
            shortBlock(block)
            if let index { next(index) }
        case .remove(let id):
            raw(#"["-","#)
            shortID(id)
        case .move(let id, let parent, let index):
            raw(#"["m","#)
            shortID(id)
            next(parent)
            next(index)
        case .close(let id):
            raw(#"["c","#)
            shortID(id)
        case .update(let id, let kind):
            raw(#"["u","#)
            shortID(id)
            byte(UInt8(ascii: ","))
            shortKind(kind)
        case .retype(let id, let kind):
            raw(#"["r","#)
            shortID(id)
            byte(UInt8(ascii: ","))
            shortKind(kind, content: false)
        case .append(let id, let cell, let drop, let before, let text):
            raw(#"["a","#)
            shortID(id)
            byte(UInt8(ascii: ","))
            string(text)
            // Trailing fields at their default (0, 0, no cell) are left out.
            if drop > 0 || before > 0 || cell != nil { next(drop) }
            if before > 0 || cell != nil { next(before) }
            if let cell { next(cell) }
        case .splice(let id, let cell, let keep, let inlines):
            raw(#"["s","#)
            shortID(id)
            next(keep)
            byte(UInt8(ascii: ","))
            shortInlines(inlines)
            if let cell { next(cell) }
        }
        byte(UInt8(ascii: "]"))
    }

    /// `,N`: the next positional field, an integer.
    private mutating func next(_ value: Int) {
        byte(UInt8(ascii: ","))
        int(value)
    }

    /// `,ID`: the next positional field, an id.
    private mutating func next(_ id: BlockID) {
        byte(UInt8(ascii: ","))
        shortID(id)
    }

    /// An id: `eN` as the number N, `eN.list` as −N−1, any other id as a string.
    mutating func shortID(_ id: BlockID) {
        if let number = id.shortNumber { int(number) } else { string(id.rawValue) }
    }

    /// `[id, kind]` or `[id, kind, [children…]]`.
    mutating func shortBlock(_ block: Block) {
        byte(UInt8(ascii: "["))
        shortID(block.id)
        byte(UInt8(ascii: ","))
        shortKind(block.kind)
        if !block.children.isEmpty {
            byte(UInt8(ascii: ","))
            array(block.children) { $0.shortBlock($1) }
        }
        byte(UInt8(ascii: "]"))
    }

    /// A kind: its tag alone (a string) when every field is at its default,
    /// else `[tag, fields…]` without the trailing defaults. With `content`
    /// false, inlines are left out (a `retype`).
    mutating func shortKind(_ kind: BlockKind, content: Bool = true) {
        switch kind {
        case .document: raw(#""doc""#)
        case .blockQuote: raw(#""q""#)
        case .thematicBreak: raw(#""hr""#)
        case .item(let task):
            if let task { raw(task == .checked ? #"["li",true]"# : #"["li",false]"#) } else { raw(#""li""#) }
        case .list(let list): shortList(list)
        case .codeBlock(let code):
            raw(#"["code","#)
            string(code.literal)
            if !code.info.isEmpty || !code.fenced {
                byte(UInt8(ascii: ","))
                string(code.info)
            }
            if !code.fenced { raw(",false") }
            byte(UInt8(ascii: "]"))
        case .htmlBlock(let literal):
            raw(#"["html","#)
            string(literal)
            byte(UInt8(ascii: "]"))
        case .paragraph(let inlines): shortTextKind(tag: "p", level: nil, inlines, content: content)
        case .heading(let level, let inlines): shortTextKind(tag: "h", level: level, inlines, content: content)
        case .table(let table):
            raw(#"["table","#)
            shortAlignments(table.alignments)
            byte(UInt8(ascii: ","))
            shortCells(table.header)
            byte(UInt8(ascii: "]"))
        case .tableRow(let cells):
            raw(#"["tr","#)
            shortCells(cells)
            byte(UInt8(ascii: "]"))
        }
    }

    /// `"ul"` / `"ol"`, or `[tag, tight, start, delimiter]` without trailing
    /// defaults (tight `true`, start 1, delimiter `"."` for ordered lists).
    private mutating func shortList(_ list: ListAttributes) {
        let ordered = list.kind == .ordered
        let paren = ordered && list.delimiter == .paren
        let tag: StaticString = ordered ? #""ol""# : #""ul""#
        if list.tight && list.start == 1 && !paren {
            raw(tag)
            return
        }
        byte(UInt8(ascii: "["))
        raw(tag)
        byte(UInt8(ascii: ","))
        bool(list.tight)
        if list.start != 1 || paren {
            byte(UInt8(ascii: ","))
            int(list.start)
        }
        if paren { raw(#",")""#) }
        byte(UInt8(ascii: "]"))
    }

    /// `"p"` / `"h2"` without content, else `["p", inlines]` / `["h2", inlines]`.
    private mutating func shortTextKind(tag: StaticString, level: Int?, _ inlines: [Inline], content: Bool) {
        if content { byte(UInt8(ascii: "[")) }
        byte(UInt8(ascii: "\""))
        raw(tag)
        if let level { int(level) }
        byte(UInt8(ascii: "\""))
        if content {
            byte(UInt8(ascii: ","))
            shortInlines(inlines)
            byte(UInt8(ascii: "]"))
        }
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
    /// `["a"|"img", url, title, children…]`.
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
