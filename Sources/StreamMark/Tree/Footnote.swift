/// A footnote definition (`[^label]: text`), as cmark-gfm's `footnotes`
/// extension reads it: a container of the note's blocks.
///
/// A note stays in the tree where it was written (its id and range are its
/// source's); the document's ``BlockKind/footnotes(notes:)`` section lists
/// the referenced notes in number order, and renderers draw the notes
/// there, not in place (docs/footnotes.md, "Tree shape").
public struct FootnoteDefinition: Hashable, Sendable, Codable {
    /// The label as written between `[^` and `]:` (ids are `fn-LABEL`).
    public var label: String
    /// The note's number (1-based, by first reference in the document);
    /// 0 for a note that is not listed: referenced nowhere, or a later
    /// duplicate of a label an earlier note defines.
    public var number: Int
    /// How many references point to the note (its back-references).
    public var referenceCount: Int

    /// A note labelled `label`, numbered `number`, referenced
    /// `referenceCount` times.
    public init(label: String, number: Int = 0, referenceCount: Int = 0) {
        self.label = label
        self.number = number
        self.referenceCount = referenceCount
    }
}

/// A footnote reference (`[^label]`) in inline content.
///
/// An undefined reference stays a reference (with ``number`` 0) and is
/// rendered as its source text `[^source]` (``fallback``, where that text
/// holds an e-mail address the autolink extension links), so a definition
/// that arrives later only changes its value, never the inline structure
/// around it.
public struct FootnoteReference: Hashable, Sendable, Codable {
    /// The raw source between `[^` and `]`, never decoded (cmark-gfm
    /// matches and prints it as written).
    public var source: String
    /// The label of the note it refers to, as the definition writes it;
    /// empty while undefined.
    public var label: String
    /// The note's number; 0 while the label is undefined.
    public var number: Int
    /// Which reference to the note this is (1 for the first): the `k` of
    /// the `fnref-LABEL-k` anchor its back-reference jumps to.
    public var occurrence: Int
    /// What the reference shows while undefined when that is more than
    /// ``sourceText`` as plain text: ``sourceText`` split at the e-mail
    /// addresses the autolink extension links (`[^`, a `mailto:` link,
    /// `]`), as cmark-gfm turns an undefined reference into text before its
    /// autolink pass. `nil` (the common case): ``sourceText`` as text.
    public var fallback: [Inline]?

    /// A reference written `[^source]`, resolved to note `number` (0:
    /// undefined), showing `fallback` while undefined (`nil`: its source
    /// text).
    public init(
        source: String, label: String = "", number: Int = 0, occurrence: Int = 0, fallback: [Inline]? = nil
    ) {
        self.source = source
        self.label = label
        self.number = number
        self.occurrence = occurrence
        self.fallback = fallback
    }

    /// Whether the reference resolved to a note.
    public var isResolved: Bool { number > 0 }

    /// The text an unresolved reference shows: its source in brackets.
    public var sourceText: String { "[^" + source + "]" }
}

extension FootnoteReference {
    /// The text a reader sees: the number of a resolved reference, the
    /// source text of an unresolved one.
    public var visibleText: String { isResolved ? String(number) : sourceText }
}
