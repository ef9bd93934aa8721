/// The lines of a paragraph's inline source that a stand-in made fence
/// openers, and how ``CellInlineParser/inlines(ofBlockContent:atx:afterTaskMarker:start:lazyLines:)``
/// keeps them the paragraph's.
///
/// A paragraph's first line and its lazy lines are never fence openers in
/// the source (a fence would interrupt the paragraph), but a stand-in may
/// take away the backtick that kept one from being an opener: cmark-gfm's
/// autolink takes the last backtick of ```` ```http://l` ```` into the URL,
/// whose stand-in left cmark a fence and an empty paragraph. Continuation
/// lines are indented four columns in the parse and start no block; the
/// first line and the lazy lines of a quote are written as they are. For
/// every such line:
///
/// - a run that is text (it opens no code span: the backtick after it on
///   the line stood outside code spans) is written as entities, `&#96;`,
///   and so is every text run after it (as ``FootnoteStandIns`` does once
///   a stand-in hides backticks: cmark's code span memo, which a scan from
///   that run to the end would have set, then meets none of them);
/// - a run that closes a code span opened on an earlier line cannot be
///   text: a lazy line is written as a quote's continuation line instead,
///   which starts no block, and the whitespace before the run moves in
///   front of the line break before it, where the code span keeps it as it
///   kept it at the start of the lazy line.
struct FenceLikeLines {
    /// The runs to write as entities.
    private(set) var textRuns: [Range<Int>] = []
    /// The line starts of lines that close a code span (and the end of
    /// their leading whitespace).
    private(set) var closingLines: [Int: Int] = [:]

    /// No fence-like line.
    init() {}

    /// The fence-like lines of `content`, but its first line when a task
    /// marker's stand-in space leads it (a task item's content may begin
    /// as a fence would: `- [x] ```x`). No other line of a paragraph is a
    /// fence opener in the source, so each such line is a stand-in's; on
    /// a continuation line, indented in the parse, its run is text all the
    /// same.
    ///
    /// - Complexity: O(content).
    init(_ content: [UInt8], skippingFirstLine: Bool) {
        var runs: [(Int, Range<Int>)] = []
        var start = 0
        while start < content.count {
            if start > 0 || !skippingFirstLine, let run = Self.fenceRun(in: content, at: start) {
                runs.append((start, run))
            }
            while start < content.count, content[start] != 0x0A, content[start] != 0x0D { start += 1 }
            start += start + 1 < content.count && content[start] == 0x0D && content[start + 1] == 0x0A ? 2 : 1
        }
        guard !runs.isEmpty else { return }
        let texts = Self.textRuns(content)
        let textStarts = Set(texts.map(\.lowerBound))
        for (lineStart, run) in runs where !textStarts.contains(run.lowerBound) && lineStart > 0 {
            closingLines[lineStart] = run.lowerBound
        }
        // From the first fence-like run that is text on, every text run is
        // written as entities: cmark's code span memo then meets none of
        // them, as it met none after a scan from that run reached the end.
        if let first = runs.first(where: { textStarts.contains($0.1.lowerBound) }) {
            textRuns = texts.filter { $0.lowerBound >= first.1.lowerBound }
        }
    }

    /// The backtick run that makes the line of `content` starting at
    /// `start` a fence opener (at most three spaces, three or more
    /// backticks, no backtick after them on the line), if one does.
    static func fenceRun(in content: [UInt8], at start: Int) -> Range<Int>? {
        var i = start
        while i < content.count, i - start < 3, content[i] == 0x20 { i += 1 }
        let runStart = i
        while i < content.count, content[i] == UInt8(ascii: "`") { i += 1 }
        guard i - runStart >= 3 else { return nil }
        var j = i
        while j < content.count, content[j] != 0x0A, content[j] != 0x0D {
            if content[j] == UInt8(ascii: "`") { return nil }
            j += 1
        }
        return runStart..<i
    }

    /// The backtick runs that open no code span, as cmark's inline parser
    /// meets them (escapes, autolinks and raw HTML skipped), ascending.
    private static func textRuns(_ content: [UInt8]) -> [Range<Int>] {
        content.withUnsafeBufferPointer { bytes in
            var codeSpans = CodeSpanScanner(bytes)
            var pointyBraces = PointyBraceScanner(bytes: bytes)
            var runs: [Range<Int>] = []
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"):
                    i += i + 1 < bytes.count && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
                case UInt8(ascii: "<"):
                    i = pointyBraces.end(at: i) ?? i + 1
                case UInt8(ascii: "`"):
                    var runEnd = i
                    while runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
                    let end = codeSpans.end(at: i)
                    if end == runEnd { runs.append(i..<runEnd) }
                    i = end
                default:
                    i += 1
                }
            }
            return runs
        }
    }
}
