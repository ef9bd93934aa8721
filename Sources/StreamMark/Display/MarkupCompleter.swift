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
///    `\[` or `\(` is closed (``MathCompletion``), and rules 2 and 3 do not
///    look inside math (a `|` in TeX makes no table).
///
/// Complete input is returned unchanged.
enum MarkupCompleter {
    /// The completed source.
    ///
    /// - Complexity: O(n) in the length of `source` (the open block).
    static func complete(_ source: [UInt8], math: Bool = false) -> [UInt8] {
        var text = TrailingLine.drop(from: source)
        guard math else { return TableCompletion.complete(text) ?? InlineCompletion.complete(text) }
        let closed = MathCompletion.complete(text)
        let masked = MathCompletion.masked(closed)
        // A `|` inside TeX (`\braket{a|b}`) makes no table header.
        if TableCompletion.complete(masked) != nil, let table = TableCompletion.complete(text) { return table }
        text = closed
        return InlineCompletion.complete(text, scanning: masked)
    }
}
