/// Finds TeX math in the inline source of one paragraph, heading or cell,
/// before cmark sees it: cmark would parse emphasis inside `$a*b*c$` and
/// turn `\(` into `(`.
///
/// The source is read left to right, as an inline parser reads it, so that
/// what binds tighter stays whole:
/// - a backslash escape (`\$` is a dollar, `\\(` no math) — except `\(`
///   and `\[`, which open math;
/// - a code span (a backtick run and the next run of the same length);
/// - an autolink or raw HTML, exactly as cmark matches them
///   (``PointyBraceScanner``);
/// - then math:
///   - `$$…$$`: display math, the TeX up to the first `$` outside braces,
///     which must be followed by a second `$`;
///   - `$…$`: inline math when the opening `$` is not followed by
///     whitespace, the TeX is not empty and does not end with whitespace,
///     and the closing `$` is not followed by a digit (`$5 and $10` and
///     `$5-$10` stay text);
///   - inside dollar math a backslash takes the next character (`\$` does
///     not close) and `{…}` groups nest (a `}` that closes nothing fails);
///   - `\(…\)` inline and `\[…\]` display: the TeX up to the first
///     unescaped `\)` or `\]`, not empty.
///
/// Dollar math follows pandoc's CommonMark reader (`commonmark_x`), which
/// the test suite uses as its oracle, except for the digit rule, which
/// pandoc's Markdown reader and GitHub have and its CommonMark reader does
/// not (docs/extensions.md, "Math"). A `$` or `\(` that fails is text, and
/// the scan goes on after its first character.
struct MathScanner {
    /// One span of math in the scanned bytes.
    struct Span: Equatable {
        /// The span, delimiters included.
        var range: Range<Int>
        /// The TeX between the delimiters.
        var tex: Range<Int>
        /// Display (`$$`, `\[`) rather than inline (`$`, `\(`).
        var display: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether `bytes[range]` may hold math: a `$`, `\(` or `\[`.
    ///
    /// - Complexity: O(range).
    static func mayHoldMath(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            switch bytes[i] {
            case UInt8(ascii: "$"): return true
            case UInt8(ascii: "\\") where i + 1 < range.upperBound:
                if bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "[") { return true }
                i += 1
            default: break
            }
            i += 1
        }
        return false
    }

    /// The math spans of the whole buffer, in order.
    ///
    /// - Complexity: O(n): a dollar opener finds its closer through a
    ///   table built once (``DollarCloser``), and a `\(` or `\[` that
    ///   finds no closer stops every later one of its kind from looking.
    func spans() -> [Span] {
        var spans: [Span] = []
        var i = 0
        let n = bytes.count
        var closers: DollarCloser?
        var noCloser = NoCloser()
        var pointyBraces = PointyBraceScanner(bytes: bytes)
        var codeSpans = CodeSpanScanner(bytes)
        while i < n {
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "["),
                    let span = bracketed(at: i, noCloser: &noCloser)
                {
                    spans.append(span)
                    i = span.range.upperBound
                } else {
                    i += i + 1 < n && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
                }
            case UInt8(ascii: "`"):
                i = codeSpans.end(at: i)
            case UInt8(ascii: "<"):
                i = pointyBraces.end(at: i) ?? i + 1
            case UInt8(ascii: "$"):
                if closers == nil { closers = DollarCloser(bytes) }
                if let span = dollars(at: i, closers: closers!) {
                    spans.append(span)
                    i = span.range.upperBound
                } else {
                    i += 1
                }
            default:
                i += 1
            }
        }
        return spans
    }

    /// Whether a `\(` or a `\[` already looked for its closer to the end
    /// of the buffer in vain: no later one of its kind can find one.
    private struct NoCloser {
        var paren = false
        var bracket = false
    }

    // MARK: - Dollars

    private func dollars(at start: Int, closers: DollarCloser) -> Span? {
        let n = bytes.count
        let display = start + 1 < n && bytes[start + 1] == UInt8(ascii: "$")
        let texStart = start + (display ? 2 : 1)
        if !display {
            guard texStart < n, !Self.isWhitespace(bytes[texStart]) else { return nil }
        }
        guard let close = closers.closer(from: texStart, in: bytes) else { return nil }
        if display {
            guard close + 1 < n, bytes[close + 1] == UInt8(ascii: "$") else { return nil }
            return Span(range: start..<close + 2, tex: texStart..<close, display: true)
        }
        guard close > texStart, !Self.isWhitespace(bytes[close - 1]) else { return nil }
        if close + 1 < n, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[close + 1]) { return nil }
        return Span(range: start..<close + 1, tex: texStart..<close, display: false)
    }

    // MARK: - \( and \[

    private func bracketed(at start: Int, noCloser: inout NoCloser) -> Span? {
        let display = bytes[start + 1] == UInt8(ascii: "[")
        if display ? noCloser.bracket : noCloser.paren { return nil }
        let closer = display ? UInt8(ascii: "]") : UInt8(ascii: ")")
        var i = start + 2
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") {
                if bytes[i + 1] == closer {
                    guard i > start + 2 else { return nil }
                    return Span(range: start..<i + 2, tex: start + 2..<i, display: display)
                }
                i += 2
            } else {
                i += 1
            }
        }
        if display { noCloser.bracket = true } else { noCloser.paren = true }
        return nil
    }

    // MARK: - What binds tighter

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
