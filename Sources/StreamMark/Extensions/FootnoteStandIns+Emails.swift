extension FootnoteStandIns {
    /// `inlines` (restored, see ``restored(_:)``) with a
    /// ``FootnoteReference/fallback`` on each reference outside a link
    /// whose source text holds an e-mail address the autolink extension
    /// links (`[^a@b.com]` shows `[^<a href="mailto:a@b.com">a@b.com</a>]`
    /// while undefined). cmark-gfm turns an undefined reference into one
    /// text node, `[^source]`, before its autolink pass splits text nodes
    /// at e-mail addresses outside links; a defined one shows its number.
    ///
    /// - Complexity: O(1) when no candidate's label holds an `@`; else
    ///   O(size of the inlines).
    func linkingEmails(_ inlines: [Inline]) -> [Inline] {
        guard candidates.contains(where: { $0.label.utf8.contains(UInt8(ascii: "@")) }) else { return inlines }
        return Self.linkingEmails(inlines)
    }

    private static func linkingEmails(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .footnoteReference(var reference):
                reference.fallback = AutolinkScanner.emails(in: reference.sourceText)
                return .footnoteReference(reference)
            case .emphasis(let children): return .emphasis(linkingEmails(children))
            case .strong(let children): return .strong(linkingEmails(children))
            case .strikethrough(let children): return .strikethrough(linkingEmails(children))
            case .image(let source, let title, let children):
                return .image(source: source, title: title, children: linkingEmails(children))
            case .text, .code, .html, .math, .softBreak, .lineBreak, .link: return inline
            }
        }
    }
}
