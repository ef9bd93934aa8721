/// Completes the source of an unfinished leaf block as it will most likely
/// close, for display only (see `docs/provisional.md`).
///
/// The input is the content of one paragraph or heading with container
/// prefixes already stripped (lines joined by `\n`); the output is Markdown
/// that a one-shot parse turns into the block's provisional display form.
/// The rules, in the order they apply:
///
/// 1. **Trailing marker line**: an unterminated last line made only of list,
///    setext or thematic-break markers (`-`, `=`, `*`, `_`, `+`, a fence run,
///    or a list number such as `2.`) is dropped: it would flash a heading, a
///    rule or literal markers before the line continues.
/// 2. **Table**: a header row whose delimiter row is missing or partial gets
///    a complete delimiter row, so it shows as a table at once.
/// 3. **Inline**: an unclosed code span, emphasis (`*`, `_`, `**`, `__`,
///    `***`), strikethrough (`~~`) is closed (a half-typed closer is
///    completed); an unfinished link shows its text only, an unfinished
///    image is hidden; an unfinished HTML tag, autolink, entity or a trailing
///    backslash at the very end is hidden.
/// 4. **Math** (with the math extension, before rule 3): an unclosed `$$`,
///    `\[` or `\(` is closed (``MathCompletion``), and rule 3 does not look
///    inside math.
///
/// Complete input is returned unchanged.
enum MarkupCompleter {
    /// The completed source.
    ///
    /// - Complexity: O(n) in the length of `source` (the open block).
    static func complete(_ source: [UInt8], math: Bool = false) -> [UInt8] {
        var text = TrailingLine.drop(from: source)
        if let table = TableCompletion.complete(text) { return table }
        guard math else { return InlineCompletion.complete(text) }
        text = MathCompletion.complete(text)
        return InlineCompletion.complete(text, scanning: MathCompletion.masked(text))
    }
}
