/// Whether the first lines of a paragraph leave cmark's inline parser with
/// nothing open: no construct they start can still be finished by text that
/// follows them, so those lines parse to the same inlines whatever comes
/// after, and what comes after parses as if it started a paragraph.
///
/// cmark parses a paragraph's inlines left to right, keeping three kinds of
/// unfinished business (`inlines.c`):
/// - a backtick run or a `<` is looked up against *all* the text after it
///   (a code span, raw HTML or an HTML comment may span lines);
/// - `[` and `![` wait on a bracket stack for a `]`;
/// - `*`, `_` (and, in our extension layer, `~`) runs that can open wait on
///   the delimiter stack for a closer until the paragraph ends.
///
/// Nothing else reaches across a line break: entities, escapes and
/// autolinks stop at the line's end. The check reads the parsed inlines of
/// those lines (what cmark made of them), not their source, so that a
/// matched code span or link is known to be finished; it is conservative —
/// a `false` only costs the caller a larger parse.
enum SettledInlines {
    /// Whether `inlines`, the inlines of a paragraph's first lines up to (not
    /// including) a line break, leave nothing open, given that their source
    /// is `source`.
    ///
    /// Settled when
    /// - no text holds a backtick, a `~`, a `$` (math may close on a later
    ///   line; a closed math inline is settled), or a `<` that may start raw
    ///   HTML (followed by a letter, `/`, `!`, `?`, or by the end of the text);
    /// - every `*` or `_` run in text cannot open: it is followed by a space,
    ///   a tab or a line break, or (`_` only) sits between two ASCII letters
    ///   or digits;
    /// - no link's destination or title holds a `$`, `[` or `]` (source
    ///   text that the extension layer scans before cmark: math opened
    ///   there may close on a later line);
    /// - every literal `[` is followed by a literal `]` (each `]` closes
    ///   the innermost `[`), no literal `]` is followed by `(` or `[` or
    ///   ends a text before anything but a line break (an inline link's
    ///   destination and a reference label may continue on the next line),
    ///   and no link's text holds a literal bracket (an extended autolink's
    ///   text holds brackets cmark took as tokens, a `<…>` autolink's
    ///   brackets it did not);
    /// - the source holds no `\(` or `\[` (math that may close on a later
    ///   line), no `\]`, no `&` before a letter or `#`, and no `\*` or `\_`
    ///   next to a `*` or `_`: no escape or entity makes a literal that no
    ///   token made (`&rsqb;` a `]` that closes nothing, `&lowbar;` a `_`
    ///   that makes a real `_` after it look inside a word, `___\_ a` a
    ///   run that reads `____ a`, followed by a space).
    ///
    /// - Complexity: O(size of `inlines` + `source.count`).
    static func leaveNothingOpen(_ inlines: ArraySlice<Inline>, source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard sourceIsPlain(source) else { return false }
        var brackets = 0
        return isSettled(inlines, brackets: &brackets, inLink: false) && brackets == 0
    }

    private static func sourceIsPlain(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard source.count > 1 else { return true }
        for i in 0..<(source.count - 1) {
            switch (source[i], source[i + 1]) {
            case (UInt8(ascii: "\\"), UInt8(ascii: "]")), (UInt8(ascii: "\\"), UInt8(ascii: "(")),
                (UInt8(ascii: "\\"), UInt8(ascii: "[")), (UInt8(ascii: "&"), UInt8(ascii: "#")),
                (UInt8(ascii: "&"), UInt8(ascii: "a")...UInt8(ascii: "z")),
                (UInt8(ascii: "&"), UInt8(ascii: "A")...UInt8(ascii: "Z")):
                return false
            case (UInt8(ascii: "\\"), UInt8(ascii: "*")), (UInt8(ascii: "\\"), UInt8(ascii: "_")):
                if touchesRun(source, escapeAt: i) { return false }
            default:
                continue
            }
        }
        return true
    }

    /// Whether the escaped `*` or `_` at `i + 1` touches a `*` or `_` run:
    /// in the parsed text the two look like one longer run (`___\_ a`
    /// reads `____ a`, which cannot open, where the source's `___` can).
    private static func touchesRun(_ source: UnsafeBufferPointer<UInt8>, escapeAt i: Int) -> Bool {
        func isRun(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") }
        return i > 0 && isRun(source[i - 1]) || i + 2 < source.count && isRun(source[i + 2])
    }

    private static func isSettled(_ inlines: ArraySlice<Inline>, brackets: inout Int, inLink: Bool) -> Bool {
        for index in inlines.indices {
            switch inlines[index] {
            case .text(let string):
                let next = inlines.index(after: index)
                let beforeBreak = next < inlines.endIndex && inlines[next].isLineBreak
                guard
                    textIsSettled(string, beforeBreak: beforeBreak, brackets: &brackets, inLink: inLink)
                else { return false }
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                guard isSettled(children[...], brackets: &brackets, inLink: inLink) else {
                    return false
                }
            case .link(let destination, let title, let children), .image(let destination, let title, let children):
                // A `$` or bracket in a destination or title is source text
                // that the extension layer scans before cmark: a `$` on a
                // later line may close math that opened there and swallow
                // the link's `)`.
                guard !holdsSourceMarkup(destination), !holdsSourceMarkup(title) else { return false }
                // In a link, any literal bracket is unsettled (the count is untouched).
                guard isSettled(children[...], brackets: &brackets, inLink: true) else { return false }
            case .code, .html, .softBreak, .lineBreak, .math:
                continue
            case .footnoteReference:
                // Its number may still change: never settled.
                return false
            }
        }
        return true
    }

    /// Whether a link's destination or title holds a `$`, `[` or `]`.
    private static func holdsSourceMarkup(_ string: String) -> Bool {
        string.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
    }

    private static func textIsSettled(
        _ string: String, beforeBreak: Bool, brackets: inout Int, inLink: Bool
    ) -> Bool {
        var bytes = string.utf8.makeIterator()
        var previous: UInt8? = nil
        var pending: (byte: UInt8, before: UInt8?)? = nil
        while true {
            let byte = bytes.next()
            if let run = pending {
                if byte == run.byte { continue }
                guard runCannotOpen(run.byte, before: run.before, after: byte, beforeBreak: beforeBreak) else {
                    return false
                }
                pending = nil
            }
            guard let byte else { return true }
            switch byte {
            case UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "$"):
                return false
            case UInt8(ascii: "*"), UInt8(ascii: "_"):
                pending = (byte, previous)
            case UInt8(ascii: "["):
                guard !inLink else { return false }
                brackets += 1
            case UInt8(ascii: "]"):
                guard !inLink else { return false }
                // `](` and `][` look for a destination or label that may
                // span lines.
                var lookahead = bytes
                let after = lookahead.next()
                guard after == nil ? beforeBreak : after != UInt8(ascii: "(") && after != UInt8(ascii: "[")
                else { return false }
                if brackets > 0 { brackets -= 1 }
            case UInt8(ascii: "<"):
                var lookahead = bytes
                guard let after = lookahead.next(), !mayStartTag(after) else { return false }
            default:
                break
            }
            previous = byte
        }
    }

    /// Whether a `*` or `_` run between `before` and `after` (`nil`: the
    /// text's edge) cannot open emphasis: it is not left-flanking (followed
    /// by whitespace), or it is a `_` inside a word.
    private static func runCannotOpen(_ run: UInt8, before: UInt8?, after: UInt8?, beforeBreak: Bool) -> Bool {
        guard let after else { return beforeBreak }
        if after == 0x20 || after == 0x09 { return true }
        guard run == UInt8(ascii: "_"), let before else { return false }
        return isASCIIAlphanumeric(before) && isASCIIAlphanumeric(after)
    }

    private static func mayStartTag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "/"),
            UInt8(ascii: "!"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }
}

extension Inline {
    /// Whether the inline is a soft or hard line break.
    var isLineBreak: Bool {
        switch self {
        case .softBreak, .lineBreak: true
        default: false
        }
    }
}
