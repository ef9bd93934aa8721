/// Inline content of a paragraph, heading or table cell.
public indirect enum Inline: Hashable, Sendable {
    /// Literal text (entities and escapes already resolved).
    case text(String)
    /// A soft line break (a newline inside a paragraph).
    case softBreak
    /// A hard line break (two spaces or `\` before the newline).
    case lineBreak
    /// A code span.
    case code(String)
    /// Raw inline HTML (rendered only when the caller opts into unsafe output).
    case html(String)
    /// Emphasis (`*x*`).
    case emphasis([Inline])
    /// Strong emphasis (`**x**`).
    case strong([Inline])
    /// GitHub strikethrough (`~~x~~`).
    case strikethrough([Inline])
    /// A link (inline, reference, autolink or GitHub extended autolink).
    case link(destination: String, title: String, children: [Inline])
    /// An image; `children` is the alt text.
    case image(source: String, title: String, children: [Inline])
    /// TeX math (`$…$`, `\(…\)` inline; `$$…$$`, `\[…\]` display), kept
    /// verbatim: no emphasis, escape or entity applies inside it.
    case math(String, display: Bool)
    /// A footnote reference (`[^label]`); see ``FootnoteReference``.
    case footnoteReference(FootnoteReference)

    /// The plain text of this inline, as used for image alt text.
    public var plainText: String {
        switch self {
        case .text(let s), .code(let s), .html(let s), .math(let s, _): s
        case .softBreak, .lineBreak: "\n"
        case .footnoteReference(let reference): reference.isResolved ? "" : reference.sourceText
        case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c),
            .image(_, _, let c):
            c.plainText
        }
    }
}

extension Array where Element == Inline {
    /// The concatenated plain text of the inlines.
    public var plainText: String { map(\.plainText).joined() }
}
