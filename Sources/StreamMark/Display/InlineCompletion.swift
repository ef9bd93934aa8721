/// Rule 3 of ``MarkupCompleter``: inline markup left open at the end of the
/// open block.
///
/// One left-to-right scan follows CommonMark's inline structure closely
/// enough to know what is still open at the end: backslash escapes, code
/// spans (a run of n backticks closed by a run of exactly n), brackets and
/// inline link destinations, complete HTML tags and autolinks, and delimiter
/// runs of `*`, `_` and `~~` with the flanking rules. What is open at the end
/// is then completed:
///
/// - an unclosed code span is closed with its run (a half-typed closing run
///   is finished; an opener with nothing after it is hidden);
/// - an unfinished link `[text`, `[text]`, `[text](https://exa` shows its
///   text only; an unfinished image `![alt`/`![alt](ur` is hidden;
/// - an unfinished HTML tag or autolink (`<spa`, `<https://exa`), entity
///   (`&am`) or a trailing backslash is hidden;
/// - open emphasis and strikethrough are closed innermost first; an opener
///   with nothing after it is hidden; openers inside words (`2*3`,
///   `snake_case`) and runs that cannot open (`a * b`, single `~`) are left
///   alone.
enum InlineCompletion {
    /// An emphasis or strikethrough opener still waiting for its closer.
    struct Opener {
        var byte: UInt8
        /// Where the run begins.
        var start: Int
        /// Where the run ends (exclusive).
        var end: Int
        /// Delimiters of the run still unmatched.
        var count: Int
        /// Whether the run sits between two alphanumerics (`2*3`).
        var wordInternal: Bool
    }

    /// A `[` or `![` still waiting for its `]`.
    struct Bracket {
        /// Position of `[` (or of `!` for an image).
        var start: Int
        var image: Bool
        /// Whether an unfinished link here shows its text only (a `[` right
        /// after a letter or digit, as in `array[i`, stays literal).
        var removable: Bool
        /// How many openers were on the stack when the bracket opened.
        var openerDepth: Int
    }

    /// What the scan found open at the end.
    struct State {
        var openers: [Opener] = []
        var brackets: [Bracket] = []
        /// An unclosed code span: where its run begins and its length.
        var code: (start: Int, run: Int)? = nil
        /// An unfinished link whose `]` has arrived: its bracket and the `]`.
        var link: (bracket: Bracket, close: Int)? = nil
        /// Where a hidden tail (tag, entity, backslash) begins.
        var hideFrom: Int? = nil
    }

    /// The completed text.
    ///
    /// - Complexity: O(n) in the length of `source` (each byte is scanned a
    ///   bounded number of times, except the destination and tag look-ahead,
    ///   which stop at the first closing byte).
    static func complete(_ source: [UInt8]) -> [UInt8] {
        complete(source, scanning: source)
    }

    /// The completed text, scanning `scanned`: `source` with the same
    /// length and some spans masked (math, see ``MathCompletion``).
    static func complete(_ source: [UInt8], scanning scanned: [UInt8]) -> [UInt8] {
        var scanner = InlineScanner(scanned)
        let state = scanner.scan()
        return apply(state, to: source)
    }

    /// Builds the completed text from the scan's state.
    static func apply(_ state: State, to source: [UInt8]) -> [UInt8] {
        var text = source
        var openers = state.openers
        var closing: [UInt8] = []
        // Where the visible text ends.
        var end = text.count
        if let hide = state.hideFrom { end = min(end, hide) }
        if let link = state.link {
            end = min(end, link.bracket.image ? link.bracket.start : link.close)
            openers = Array(openers.prefix(link.bracket.openerDepth))
        }
        // An image whose `]` has not arrived is hidden with what follows.
        if let image = state.brackets.first(where: \.image), image.start < end {
            end = image.start
            openers = Array(openers.prefix(image.openerDepth))
        }
        if let code = state.code, code.start < end {
            closing = codeCloser(source, code: code, end: end)
            if closing.isEmpty { end = code.start }
            openers = openers.filter { $0.start < code.start }
        }
        text.removeSubrange(end...)
        if closing.isEmpty { trimTrailingSpace(&text) }
        // Link brackets without a destination yet: drop the `[` (and the `]`).
        var removals = state.brackets.filter { !$0.image && $0.removable && $0.start < text.count }.map(\.start)
        if removals.count > limit { removals.removeAll() }
        if let link = state.link, !link.bracket.image, link.bracket.removable { removals.append(link.bracket.start) }
        text += closing
        openers = openers.filter { $0.end <= end }
        closeEmphasis(&text, openers: openers, removing: &removals)
        guard !removals.isEmpty else { return text }
        // One pass, so many dropped brackets stay O(n).
        let dropped = Set(removals)
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        for (position, byte) in text.enumerated() where !dropped.contains(position) { result.append(byte) }
        return result
    }

    /// The bytes that close an open code span ending at `end`, or none when
    /// the span holds nothing yet (then the opener is hidden).
    static func codeCloser(_ source: [UInt8], code: (start: Int, run: Int), end: Int) -> [UInt8] {
        let contentStart = code.start + code.run
        guard end > contentStart else { return [] }
        var trailing = 0
        while end - trailing > contentStart, source[end - trailing - 1] == UInt8(ascii: "`") { trailing += 1 }
        if trailing == end - contentStart { return [] }
        if trailing > 0 && trailing < code.run {
            // A half-typed closing run: finish it.
            return Array(repeating: UInt8(ascii: "`"), count: code.run - trailing)
        }
        let run = Array(repeating: UInt8(ascii: "`"), count: code.run)
        return trailing > 0 ? [0x20] + run : run
    }

    /// More open constructs than this are not completed: no answer nests
    /// so deep, and completing thousands (pathological input) would build
    /// a display nested thousands deep.
    static let limit = 32

    /// Appends closers for the open emphasis, innermost first. An opener
    /// with nothing after it is removed instead; openers inside words are
    /// left alone.
    static func closeEmphasis(_ text: inout [UInt8], openers: [Opener], removing removals: inout [Int]) {
        var openers = openers.filter { !$0.wordInternal }
        if openers.count > limit { openers.removeAll() }
        // Openers at the very end (nothing after them yet) are hidden.
        while let last = openers.last, last.end >= text.count - trailingSpace(text) {
            text.removeSubrange(last.start...)
            trimTrailingSpace(&text)
            openers.removeLast()
            removals.removeAll { $0 >= text.count }
        }
        guard !openers.isEmpty else { return }
        trimTrailingSpace(&text)
        for opener in openers.reversed() {
            text += Array(repeating: opener.byte, count: opener.count)
        }
    }

    static func trailingSpace(_ text: [UInt8]) -> Int {
        var count = 0
        while count < text.count, CharacterClass.isASCIISpace(text[text.count - 1 - count]) { count += 1 }
        return count
    }

    static func trimTrailingSpace(_ text: inout [UInt8]) {
        text.removeLast(trailingSpace(text))
    }
}
