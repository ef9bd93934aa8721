/// What a block is: the CommonMark block kinds plus the GitHub-flavoured
/// table and alert, with their attributes and inline content.
public enum BlockKind: Hashable, Sendable {
    /// The whole document (the root; id `doc`).
    case document
    /// A block quote (`> …`); its content is in `children`.
    case blockQuote
    /// A list; its items are in `children`.
    case list(ListAttributes)
    /// A list item; its content is in `children`. `task` is `nil` unless the
    /// GitHub task-list extension recognised `[ ]` or `[x]`.
    case item(task: TaskState?)
    /// A fenced or indented code block.
    case codeBlock(CodeBlockAttributes)
    /// A raw HTML block (rendered only when the caller opts into unsafe output).
    case htmlBlock(literal: String)
    /// A paragraph.
    case paragraph(inlines: [Inline])
    /// An ATX or setext heading, level 1–6.
    case heading(level: Int, inlines: [Inline])
    /// A thematic break (`***`, `---`, `___`).
    case thematicBreak
    /// A GitHub-flavoured table: alignments and header row; body rows are the
    /// block's children (kind `tableRow`).
    case table(TableAttributes)
    /// A body row of a table.
    case tableRow(cells: [TableCell])
    /// A GitHub alert: a top-level block quote whose first line is a
    /// marker (`[!NOTE]`, `[!WARNING]`, …); its content, without that
    /// line, is in `children`.
    case alert(AlertKind)
    /// A display-math block: a fenced code block whose info string is
    /// `math` (```` ```math ````), holding its TeX verbatim (a final
    /// newline after each line, as a code block's literal).
    case math(tex: String)
    /// A footnote definition (`[^label]: …`): a container of the note's
    /// blocks, left where it was written; see ``FootnoteDefinition``.
    case footnoteDefinition(FootnoteDefinition)
    /// The footnotes section: the document's last child, id
    /// ``BlockID/footnotes``, present while a defined note is referenced.
    /// `notes` are the ids of the listed ``footnoteDefinition(_:)`` blocks
    /// in number order; renderers draw those notes here.
    case footnotes(notes: [BlockID])

    /// A short lowercase name for the kind, as used in the JSON encoding and
    /// in `--format tree` (`paragraph`, `block_quote`, …).
    public var name: String {
        switch self {
        case .document: "document"
        case .blockQuote: "block_quote"
        case .list: "list"
        case .item: "item"
        case .codeBlock: "code_block"
        case .htmlBlock: "html_block"
        case .paragraph: "paragraph"
        case .heading: "heading"
        case .thematicBreak: "thematic_break"
        case .table: "table"
        case .tableRow: "table_row"
        case .alert: "alert"
        case .math: "math"
        case .footnoteDefinition: "footnote_definition"
        case .footnotes: "footnotes"
        }
    }

    /// The inline content of a leaf that has some (paragraph, heading), else `nil`.
    public var inlines: [Inline]? {
        switch self {
        case .paragraph(let inlines), .heading(_, let inlines): inlines
        default: nil
        }
    }

    /// Whether blocks of this kind hold child blocks.
    public var isContainer: Bool {
        switch self {
        case .document, .blockQuote, .list, .item, .table, .alert, .footnoteDefinition: true
        default: false
        }
    }
}

/// The state of a GitHub task-list item.
public enum TaskState: String, Hashable, Sendable, Codable {
    /// `[ ]`
    case unchecked
    /// `[x]` or `[X]`
    case checked
}

/// Attributes of a list.
public struct ListAttributes: Hashable, Sendable, Codable {
    /// Bullet or ordered.
    public enum Kind: String, Hashable, Sendable, Codable {
        case bullet, ordered
    }
    /// The delimiter after an ordered list's number.
    public enum Delimiter: String, Hashable, Sendable, Codable {
        case none, period, paren
    }
    /// Bullet or ordered.
    public var kind: Kind
    /// The start number of an ordered list (1 for bullet lists).
    public var start: Int
    /// `.` or `)` for ordered lists, `none` for bullet lists.
    public var delimiter: Delimiter
    /// Whether the list is tight (no blank lines between items or their
    /// children). Tight lists render their paragraphs without `<p>`.
    public var tight: Bool

    /// Creates list attributes.
    public init(kind: Kind, start: Int = 1, delimiter: Delimiter = .none, tight: Bool = true) {
        self.kind = kind
        self.start = start
        self.delimiter = delimiter
        self.tight = tight
    }
}

/// Attributes of a code block.
public struct CodeBlockAttributes: Hashable, Sendable, Codable {
    /// The info string of a fenced block (empty for indented blocks).
    public var info: String
    /// The code, with a final newline after each line.
    public var literal: String
    /// Whether the block was fenced (``` or ~~~) rather than indented.
    public var fenced: Bool

    /// Creates code block attributes.
    public init(info: String, literal: String, fenced: Bool) {
        self.info = info
        self.literal = literal
        self.fenced = fenced
    }

    /// Whether a code block is fenced, from the bytes where it starts, its
    /// literal and its info string (cmark does not say). An indented block
    /// has no info string, so a block with one is fenced. Otherwise a fenced
    /// block starts with a run of three or more backticks or tildes, and its
    /// literal does not repeat that line (an indented block's literal begins
    /// with its first line; a fenced block's first content line cannot equal
    /// an opening fence without an info string: that line would close it).
    static func isFenced(line: UnsafeBufferPointer<UInt8>, literal: String, info: String) -> Bool {
        if !info.isEmpty { return true }
        guard let first = line.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else {
            return false
        }
        var run = 0
        while run < line.count && line[run] == first { run += 1 }
        guard run >= 3 else { return false }
        var end = 0
        while end < line.count && line[end] != 0x0A && line[end] != 0x0D { end += 1 }
        var firstLine = Array(line[..<end])
        firstLine.append(0x0A)
        return !literal.utf8.starts(with: firstLine)
    }

    /// Whether the block is a ```` ```math ```` fence, which the math
    /// extension makes a ``BlockKind/math(tex:)`` block.
    public var isMath: Bool { fenced && language == "math" }

    /// The first word of the info string: the language, if any.
    public var language: String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        return word?.isEmpty == false ? word : nil
    }
}

/// Column alignment of a table.
public enum TableAlignment: String, Hashable, Sendable, Codable {
    case none, left, center, right
}

/// A table cell: its inline content and source range.
public struct TableCell: Hashable, Sendable, Codable {
    /// The cell's inline content.
    public var inlines: [Inline]
    /// The cell's content range (UTF-8 byte offsets), pipes excluded.
    public var range: Range<Int>

    /// Creates a cell.
    public init(inlines: [Inline], range: Range<Int>) {
        self.inlines = inlines
        self.range = range
    }
}

/// Attributes of a table: column alignments and the header row.
public struct TableAttributes: Hashable, Sendable, Codable {
    /// One alignment per column.
    public var alignments: [TableAlignment]
    /// The header cells (one per column).
    public var header: [TableCell]

    /// Creates table attributes.
    public init(alignments: [TableAlignment], header: [TableCell]) {
        self.alignments = alignments
        self.header = header
    }
}
