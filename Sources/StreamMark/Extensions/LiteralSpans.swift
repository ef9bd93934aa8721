/// Steps over what cmark's inline parser reads whole before it looks at a
/// byte inside: a backslash escape, a code span (``CodeSpanScanner``, with
/// cmark's memo), an autolink or raw HTML (``PointyBraceScanner``). The
/// scans that model the inline parser's walk over a block's source (the
/// delimiter runs of ``CrossingDelimiters``, the entities of
/// ``EntityStandIns``, the hard breaks of
/// ``ExtensionWalker/backslashBreaks(of:inlines:)``) call it at each byte
/// and go on after what it steps over.
///
/// Calls must come with increasing offsets, as the scanners' memos
/// require.
struct LiteralSpans {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var codeSpans: CodeSpanScanner
    private var pointyBraces: PointyBraceScanner
    /// How many autolinks (`<scheme:…>`, `<local@domain>`) it stepped over.
    private(set) var autolinks = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        codeSpans = CodeSpanScanner(bytes)
        pointyBraces = PointyBraceScanner(bytes: bytes)
    }

    /// After the escape, code span (or the backtick run that opens none),
    /// autolink or raw HTML that starts at `i`; `nil` when none does.
    ///
    /// - Complexity: O(1) for most bytes; a code span's or tag's length,
    ///   within the scanners' bounds, otherwise.
    mutating func end(at i: Int) -> Int? {
        switch bytes[i] {
        case UInt8(ascii: "\\"):
            return i + 1 < bytes.count && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? i + 2 : nil
        case UInt8(ascii: "`"):
            return codeSpans.end(at: i)
        case UInt8(ascii: "<"):
            guard let end = pointyBraces.autolinkEnd(at: i) else { return pointyBraces.end(at: i) }
            autolinks += 1
            return end
        default:
            return nil
        }
    }
}
