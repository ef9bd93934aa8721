/// What one parse of inline text hands cmark instead of the source, and
/// how it turns cmark's inlines back: footnote references and math
/// replaced by stand-ins (``FootnoteStandIns``, ``MathStandIns``), and
/// escaped tildes and escapes in URL-shaped words kept apart
/// (``EscapedTilde``). A table's cells and the paragraph before it share
/// one, so their stand-ins are numbered once.
struct CellSubstitution {
    /// Whether escapes get stand-ins.
    var escapes: Bool
    /// Whether the autolink extension is on (escapes in URL-shaped words).
    var urls: Bool
    /// The math replaced so far; `nil` with math off.
    var math: MathStandIns?
    /// The footnote references replaced so far; `nil` with footnotes off
    /// (or no `[^` in the text).
    var footnotes: FootnoteStandIns? = nil
    /// Whether a link label is defined, for the markup inside autolinks
    /// (``URLMarkup``) and the entities inside labels
    /// (``EntityStandIns``); `nil`: no label is.
    var isLinkLabel: (([UInt8]) -> Bool)? = nil
    /// For a paragraph, the kinds of its hard line breaks
    /// (``ExtensionWalker/backslashBreaks(of:inlines:)``).
    var backslashBreaks: [Bool]? = nil
    /// The substituted text's autolinks holding a tilde
    /// (``ExtensionWalker/angleAutolinks(of:)``).
    var angleAutolinks: AngleAutolinks? = nil
    /// Whether `*` and `_` runs that a strikethrough pair drops are
    /// escaped (``CrossingDelimiters``), with smart punctuation on or off.
    /// With `brackets`, the replay pairs the runs of a source holding
    /// brackets too (``CrossingDelimiters/Brackets``); with `autolinks`
    /// (the extension on), an extended autolink is one piece.
    var crossings: (smart: Bool, math: Bool, brackets: CrossingDelimiters.Brackets?, autolinks: Bool)? = nil
    /// Whether ``crossings`` escaped a run.
    private(set) var crossed = false

    /// `text` as handed to cmark. Footnotes come first: a `$` inside
    /// `[^a$b]` belongs to the label; then math, then the markup inside
    /// autolinks, then escapes. The runs a strikethrough pair drops are
    /// escaped first, in a text none of the others changes.
    ///
    /// - Complexity: O(text), plus the replay of ``CrossingDelimiters``.
    mutating func applied(to text: [UInt8]) -> [UInt8] {
        var text = text
        // The references the footnote pass will replace, found on a copy:
        // cmark-gfm pairs the runs inside each apart, as a link's text,
        // and drops them, so the replay steps over their labels. When the
        // replay leaves the text as it is, the copy's pass is the pass.
        var probe: (pass: FootnoteStandIns, output: [UInt8])?
        if crossings != nil, var copy = footnotes {
            let output = copy.substitute(text)
            probe = (copy, output)
        }
        if let crossings,
            let escaped = CrossingDelimiters.escaped(
                text, smart: crossings.smart, math: crossings.math, brackets: crossings.brackets,
                references: probe?.pass.replacedSpans ?? [],
                urls: crossings.autolinks ? URLMarkup.links(in: text, isLinkLabel: linkLabels) : [])
        {
            text = escaped
            crossed = true
            probe = nil
        }
        if let probe {
            footnotes = probe.pass
            text = probe.output
        } else if footnotes != nil {
            text = footnotes!.substitute(text)
        }
        if math != nil { text = math!.substitute(text) }
        if escapes && urls { text = URLMarkup.substituted(text, isLinkLabel: linkLabels) }
        if escapes, text.withUnsafeBufferPointer({ EntityStandIns.mayOccur(in: $0, 0..<$0.count) }) {
            text = EntityStandIns.substituted(text, isLinkLabel: linkLabels)
        }
        if escapes { text = EscapedTilde.substituted(text, urls: urls) }
        return text
    }

    /// Whether a link label is defined (none when ``isLinkLabel`` is `nil`).
    private var linkLabels: ([UInt8]) -> Bool { isLinkLabel ?? { _ in false } }

    /// Whether the substitution changed anything so far.
    var substituted: Bool {
        escapes || crossed || math?.spans.isEmpty == false || footnotes?.changed == true
    }

    /// The footnote candidates (by ordinal) to parse again as written:
    /// see ``FootnoteStandIns/retries(in:)``.
    func retries(in inlines: [Inline]) -> Set<Int> {
        footnotes?.retries(in: inlines) ?? []
    }

    /// cmark's inlines of a substituted text with math and escapes
    /// restored, the inline extensions of `walker` applied, and footnote
    /// stand-ins turned into references (or their source; e-mail addresses
    /// in a reference's source linked in its fallback when autolinks are
    /// on).
    ///
    /// - Complexity: O(size of the inlines).
    func restored(_ inlines: [Inline], walker: ExtensionWalker) -> [Inline] {
        var inlines = crossed ? CrossingDelimiters.restored(inlines) : inlines
        if let footnotes, walker.extensions.contains(.autolink) { inlines = footnotes.expandedNearURLs(inlines) }
        inlines = math?.restored(inlines) ?? inlines
        inlines =
            escapes
            ? EscapedTilde.restored(
                walker.inlineExtensions(
                    inlines, escapes: true, backslashBreaks: backslashBreaks, angleAutolinks: angleAutolinks))
            : walker.inlineExtensions(inlines, backslashBreaks: backslashBreaks, angleAutolinks: angleAutolinks)
        guard let footnotes else { return inlines }
        let restored = footnotes.restored(inlines)
        return walker.extensions.contains(.autolink) ? footnotes.linkingEmails(restored) : restored
    }
}
