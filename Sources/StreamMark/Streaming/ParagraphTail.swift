/// The settled part of the document's open paragraph: the lines whose
/// inlines no later text can change (``SettledInlines``), so that an append
/// re-parses only the lines after them (see
/// ``IncrementalEngine/extendParagraphTail(root:text:parsed:patches:)``).
///
/// A fact about the source text, which only grows: it stays true as long as
/// a paragraph starts at ``paragraphStart``, whatever the block is between
/// appends (a setext underline in progress makes it a heading for a while).
struct ParagraphTail: Equatable, Sendable {
    /// Where the paragraph starts.
    var paragraphStart: Int
    /// How many of the paragraph's inlines are settled; the last of them is
    /// the line break before ``boundary``.
    var settledInlines = 0
    /// Where the unsettled lines' content starts: the first byte after the
    /// indentation of the line after the settled ones. Parsed on its own
    /// from here, the rest of the paragraph gives the inlines after the
    /// settled ones.
    var boundary: Int
    /// The last line whose start was tried as a boundary and found unsettled
    /// (it is not tried again).
    var triedLine = -1

    /// A paragraph that starts at `start`, nothing settled yet.
    init(paragraphStart start: Int) {
        paragraphStart = start
        boundary = start
    }
}
