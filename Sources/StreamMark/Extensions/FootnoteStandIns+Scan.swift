// Finding candidates: brackets matched as cmark-gfm matches them, and the
// label cmark-gfm copies for each (docs/footnotes.md §9.3).

extension FootnoteStandIns {
    /// What a left-to-right scan of a block's inline source finds.
    struct Scan {
        /// One candidate: `[` at the range's lower bound, `]` just before
        /// its upper bound, and where cmark-gfm's inline parser started the
        /// lines of the two (for ``FootnoteStandIns/label(_:of:)``).
        struct Found {
            var range: Range<Int>
            var openLine: Int
            var closeLine: Int
            /// Where its label starts: after `[^`, or after `[\^` (an
            /// escaped caret, ``Opener/labelStart``).
            var labelStart: Int
            /// Where cmark-gfm's column count for the label starts: the
            /// `[`, or the `!` of `![\^`.
            var origin: Int
        }

        /// The candidates by their start; one inside another is part of
        /// it when that one is replaced, and replaced on its own when that
        /// one is left as written.
        var candidates: [Found] = []
        /// The offsets of the brackets of every matched pair but images',
        /// ascending: inside a candidate they stay in place.
        var brackets: [Int] = []
        /// The innermost pairs (no bracket inside) that are no image and no
        /// candidate: their text may be a link label, and a link inside a
        /// candidate ends it (cmark-gfm deactivates the `[` before a link).
        var plainPairs: [Range<Int>] = []
        /// The offsets of the `!` read as text right before a `[^`.
        var bangs: [Int] = []
        /// The backtick runs that open no code span, ascending.
        var textRuns: [Range<Int>] = []
    }

    /// One `[` (or `![`) waiting for its `]`.
    fileprivate struct Opener {
        var at: Int
        /// Where cmark-gfm's inline parser started the line of `at`.
        var line: Int
        /// `[^` or `[\^`: a candidate when it closes.
        var footnote: Bool
        /// Where the label starts: after `[^`; after `[\^`, whose escape
        /// cmark-gfm reads as a text node `^` pointing into the source, so
        /// the label it copies from there starts after the `^` and runs one
        /// byte past the `]` (`[\^1]` is the undefined reference `1]`,
        /// shown `[^1]]`).
        var labelStart: Int
        /// Where cmark-gfm counts the label's columns from: the `[`, or the
        /// `!` of an image opener `![\^` (whose `!` the reference takes).
        var origin: Int
        /// `![`: an image, which neither ends a reference around it nor
        /// keeps its brackets inside one.
        var image: Bool
        /// Whether a pair closed inside it.
        var holdsPair = false
        /// Whether no inline link closed inside it (cmark-gfm deactivates
        /// the `[` before a link: its `]` is text, and no `(…)` follows it).
        var active = true
    }

    /// What a left-to-right scan of `bytes` (a block's inline source:
    /// its content lines without their container prefixes) finds.
    ///
    /// Brackets match as cmark-gfm matches them: a `]` closes the last
    /// `[` still open, and a candidate holding other brackets (`[^a [b]
    /// c]`, `[^a [^b] c]`) is one reference in cmark-gfm, the inner ones
    /// freed with its text. A candidate may span lines: its label is then
    /// cut by cmark-gfm's column arithmetic (quirk 7), for which the scan
    /// notes where each line starts for cmark-gfm's inline parser: after a
    /// line break it parses itself, not one inside a code span, raw HTML
    /// or an inline link's destination and title (``InlineLinkSyntax``),
    /// nor one escaped by a backslash. A bracket or backtick inside a
    /// URL that cmark-gfm's autolink takes (``autolinkEnd(_:at:data:)``) opens
    /// no candidate, pair or code span: the link has taken it first
    /// (`http://g[^<t>]` links `http://g[^`, then raw HTML; `http://g`b` /
    /// `[^2]``: a reference).
    ///
    /// Code spans are found as cmark finds them, memo and all
    /// (``CodeSpanScanner``).
    ///
    /// - Complexity: O(n log n).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        var result = Scan()
        var codeSpans = CodeSpanScanner(bytes)
        var pointyBraces = PointyBraceScanner(bytes: bytes)
        var inlineLinks = InlineLinkSyntax(bytes)
        var openers: [Opener] = []
        var line = 0
        // The end of the last inline link's `(…)`: its line breaks start no
        // line (cmark-gfm scans a destination and title whole).
        var linkSyntaxEnd = 0
        var bang = -1
        var urlEnd = 0
        // The bytes as the autolink scanner reads them, made at the first URL.
        var data: [UInt8]?
        var i = 0
        let n = bytes.count
        while i < n {
            if i >= urlEnd, openers.isEmpty, let end = autolinkEnd(bytes, at: i, data: &data) { urlEnd = end }
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                if i + 1 < n, bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D {
                    // A hard line break cmark-gfm does not count as a new line.
                    i += bytes[i + 1] == 0x0D && i + 2 < n && bytes[i + 2] == 0x0A ? 3 : 2
                } else {
                    i += i + 1 < n && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
                }
            case UInt8(ascii: "`") where i < urlEnd:
                i += 1
            case UInt8(ascii: "`"):
                var runEnd = i
                while runEnd < n, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
                let end = codeSpans.end(at: i)
                if end == runEnd { result.textRuns.append(i..<runEnd) }
                i = end
            case UInt8(ascii: "<"):
                i = pointyBraces.end(at: i) ?? i + 1
            case 0x0A, 0x0D:
                i += bytes[i] == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
                if i > linkSyntaxEnd { line = i }
            case UInt8(ascii: "!"):
                bang = i
                i += 1
            case UInt8(ascii: "[") where i < urlEnd, UInt8(ascii: "]") where i < urlEnd:
                // Taken by the link: no opener, no closer.
                i += 1
            case UInt8(ascii: "["):
                let caret = i + 1 < n && bytes[i + 1] == UInt8(ascii: "^")
                let escaped =
                    !caret && i + 2 < n && bytes[i + 1] == UInt8(ascii: "\\") && bytes[i + 2] == UInt8(ascii: "^")
                let afterBang = bang >= 0 && bang == i - 1
                if caret, afterBang { result.bangs.append(bang) }
                openers.append(
                    Opener(
                        at: i, line: line, footnote: caret || escaped, labelStart: i + (escaped ? 3 : 2),
                        origin: escaped && afterBang ? bang : i, image: !caret && !escaped && afterBang))
                i += caret ? 2 : escaped ? 3 : 1
            case UInt8(ascii: "]"):
                var next = i + 1
                if let opener = openers.popLast() {
                    if !openers.isEmpty { openers[openers.count - 1].holdsPair = true }
                    result.record(opener, closedAt: i, line: line)
                    if opener.active, let end = inlineLinks.end(at: i + 1) {
                        linkSyntaxEnd = end
                        if !opener.image { Self.deactivate(&openers) }
                        // cmark-gfm's link takes its `(…)` whole: no URL,
                        // bracket, code span or raw HTML starts inside
                        // (`[a](http://c)[^1]` is a link and a reference).
                        next = end
                    }
                }
                i = next
            default:
                i += 1
            }
        }
        result.candidates.sort { $0.range.lowerBound < $1.range.lowerBound }
        result.brackets.sort()
        return result
    }

    /// Deactivates the openers before an inline link, back to one that is
    /// already inactive (images stay active).
    private static func deactivate(_ openers: inout [Opener]) {
        for k in openers.indices.reversed() where !openers[k].image {
            guard openers[k].active else { return }
            openers[k].active = false
        }
    }

    /// Where the autolink that cmark-gfm's extension starts at `i` ends:
    /// at the `:` of a `scheme://` link, or at the `w` of a `www.` link
    /// where one may start (the block's start, after whitespace or `*`,
    /// `_`, `~`, `(`). The caller asks only outside brackets, where the
    /// extension looks for links. `nil` where none starts.
    ///
    /// - Complexity: O(the link); O(1) at most bytes; O(n) once, at the
    ///   first URL of the scan, for `data`.
    private static func autolinkEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, data: inout [UInt8]?) -> Int? {
        let n = bytes.count
        let url =
            bytes[i] == UInt8(ascii: ":") && i + 2 < n && bytes[i + 1] == UInt8(ascii: "/")
            && bytes[i + 2] == UInt8(ascii: "/")
        let www =
            bytes[i] == UInt8(ascii: "w") && i + 3 < n && bytes[i + 1] == UInt8(ascii: "w")
            && bytes[i + 2] == UInt8(ascii: "w") && bytes[i + 3] == UInt8(ascii: ".")
            && (i == 0 || "*_~(".utf8.contains(bytes[i - 1]) || CharacterClass.isASCIISpace(bytes[i - 1]))
        guard url || www else { return nil }
        if data == nil {
            // cmark trims the inline text's end, as the scanner expects.
            var end = n
            while end > 0, CharacterClass.isASCIISpace(bytes[end - 1]) { end -= 1 }
            data = Array(bytes[..<end])
        }
        guard url else { return AutolinkScanner.wwwLink(data!, at: i, textCount: n) }
        return AutolinkScanner.urlLink(data!, colon: i, lowerBound: 0, textCount: n)?.upperBound
    }

    /// The label cmark-gfm copies for `candidate`: `col(]) − col(origin)
    /// − 2` bytes of the paragraph's content from its label's start, where
    /// a column counts from the start of the line (`openLine`, `closeLine`:
    /// where cmark-gfm's inline parser last started one). For `[^label]` on
    /// one line that is the source between `[^` and `]`; over two it is
    /// cut short or reaches into the next line (`a[^x␤y]` has the label
    /// `""`, quirk 7), each line ending read as one line feed. An escaped
    /// caret (`[\^1]`) starts the copy one byte later and an image opener
    /// (`![\^1]`) counts from its `!`, so the copy runs past the `]`, into
    /// the paragraph's closing line feed at its end. `bytes` holds what
    /// cmark's content holds at the start of a line: nothing but on a lazy
    /// continuation line, where cmark keeps the whitespace after the
    /// container prefixes the line has (`ExtensionWalker.inlineSource`).
    ///
    /// - Complexity: O(the candidate and the lines it starts and ends on).
    static func label(_ bytes: UnsafeBufferPointer<UInt8>, of candidate: Scan.Found) -> [UInt8] {
        let close = candidate.range.upperBound - 1
        let count = (close - candidate.closeLine) - (candidate.origin - candidate.openLine) - 2
        // cmark-gfm cuts the label from text whose line endings are one
        // line feed each (`[^a` CR LF `bcdef]` has the label `a` LF `b`).
        // A plain candidate's copy ends at its `]` at the latest.
        let limit = candidate.labelStart == candidate.range.lowerBound + 2 ? close : Int.max
        var label: [UInt8] = []
        var i = candidate.labelStart
        while label.count < count, i < limit {
            guard i < bytes.count else {
                label.append(0x0A)
                break
            }
            label.append(bytes[i] == 0x0D ? 0x0A : bytes[i])
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        }
        return label
    }
}

extension FootnoteStandIns.Scan {
    /// Records what the `]` at `close` (on the line starting at `line`)
    /// makes of `opener`.
    fileprivate mutating func record(_ opener: FootnoteStandIns.Opener, closedAt close: Int, line: Int) {
        guard !opener.image else { return }
        brackets.append(opener.at)
        brackets.append(close)
        if opener.footnote, close > opener.labelStart {
            candidates.append(
                Found(
                    range: opener.at..<close + 1, openLine: opener.line, closeLine: line,
                    labelStart: opener.labelStart, origin: opener.origin))
        } else if !opener.holdsPair {
            plainPairs.append(opener.at..<close + 1)
        }
    }
}
