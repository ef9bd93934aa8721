/// Keeps footnote references (`[^label]`) away from cmark's inline parser,
/// so that they come out as cmark-gfm's `footnotes` option reads them
/// (docs/footnotes.md §3, §9.3).
///
/// cmark-gfm tests for a reference only where a `]` made no link: `[^x]`
/// is a reference, `[^x](/u)` and `[^x][y]` (with `y` defined) are links.
/// Its label is the raw source between `[^` and `]` (never decoded), and
/// delimiters inside cannot pair with delimiters outside. So each
/// candidate — `[`, `^`, then up to the `]` that closes that `[`, on any
/// later line too (code spans, autolinks, raw HTML and backslash escapes
/// skipped as ``MathScanner`` skips them; a candidate inside another is
/// part of it) — keeps its brackets, and the inside is replaced: every
/// whitespace byte, `(`, `)`, `<`, `>`, `"`, `'` and the brackets of the
/// pairs inside stay in place (they decide where an enclosing link's
/// destination or title ends, and whether a link inside ends the
/// reference), each other run of bytes becomes one stand-in. cmark's link logic then runs on the real brackets:
///
/// - `[` stand-ins `]` left as text become
///   ``Inline/footnoteReference(_:)`` (unresolved);
/// - a candidate that ended in a link's text, destination or title is
///   parsed again without stand-ins (the caller's second round, see
///   ``retries(in:)``): cmark made the same link as cmark-gfm, and now
///   parses its text (`[^*x*](/u)` is a link `^<em>x</em>`);
/// - stand-ins anywhere else (code, raw HTML) are put back as the source.
///
/// A stand-in is U+2E32, two private-use characters (U+E000–U+F8FF)
/// numbering the run, and U+2E32 again (math uses U+2E31). A block whose
/// text already holds U+2E32 is left to cmark as it is.
///
/// cmark-gfm never reads `![^` as an image opener (with footnotes on or
/// off): such a `!` is handed to cmark as `&#33;`, which it reads as text.
struct FootnoteStandIns {
    /// One replaced candidate.
    struct Candidate {
        /// The raw label: the source between `[^` and `]` (over lines, cut
        /// as cmark-gfm cuts it: ``FootnoteStandIns/label(_:of:)``).
        var label: String
        /// Its runs (indices into ``runs``), in order.
        var runs: Range<Int>
        /// Its number among all candidates found (replaced or not).
        var ordinal: Int
    }

    /// The replaced candidates, in order.
    private(set) var candidates: [Candidate] = []
    /// The runs replaced by stand-ins: the candidate each belongs to
    /// (index into ``candidates``) and the source it stands for.
    private(set) var runs: [(candidate: Int, source: String)] = []
    /// Candidates (by ordinal) to leave as they are.
    var skipped: Set<Int> = []
    /// Whether a label (`^…`, as written) may be defined as a link label:
    /// such a candidate, if cmark-gfm's definition marker cannot take it
    /// (it holds whitespace or `]`), may be a shortcut link and is left to
    /// cmark.
    var isLinkLabel: ([UInt8]) -> Bool = { _ in false }
    /// Whether a label without blanks may be a link label too (defined
    /// after a task marker, ``CellInlineParser/definesCaretLabels``).
    var looksUpPlainLabels = false
    /// Whether quotes are delimiters (smart punctuation on). cmark-gfm
    /// keeps a reference's delimiters apart from those around it, so a
    /// `'` or `"` inside a candidate is handed to cmark as an entity
    /// (text that pairs with nothing), unless it may end an inline link's
    /// title (``QuotePlaces``).
    var quotesAreDelimiters = false
    /// The source ranges of the replaced candidates, `[` to `]`.
    private(set) var replacedSpans: [Range<Int>] = []
    /// How many candidates were found so far.
    private(set) var found = 0
    /// Whether any substitution changed the text.
    private(set) var changed = false

    /// The first and last character of a stand-in.
    static let edge: Unicode.Scalar = "\u{2E32}"
    /// The first private-use character numbering runs, and how many follow
    /// it: a run's number is two such characters, high then low.
    static let base: UInt32 = 0xE000
    static let radix: UInt32 = 0x1900

    /// The most runs one substitution can number.
    static let capacity = Int(radix * radix)

    init(
        skipped: Set<Int> = [], isLinkLabel: @escaping ([UInt8]) -> Bool = { _ in false },
        looksUpPlainLabels: Bool = false, quotesAreDelimiters: Bool = false
    ) {
        self.skipped = skipped
        self.isLinkLabel = isLinkLabel
        self.looksUpPlainLabels = looksUpPlainLabels
        self.quotesAreDelimiters = quotesAreDelimiters
    }

    // MARK: - Finding candidates

    /// Whether `bytes[range]` holds `[^` or `[\^`.
    ///
    /// - Complexity: O(range).
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "[") {
                if bytes[i + 1] == UInt8(ascii: "^") { return true }
                if bytes[i + 1] == UInt8(ascii: "\\"), i + 2 < range.upperBound, bytes[i + 2] == UInt8(ascii: "^") {
                    return true
                }
            }
            i += 1
        }
        return false
    }

    /// Whether `bytes` hold `[^` or `[\^`.
    static func mayHold(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { mayHold($0, 0..<$0.count) }
    }

    /// Whether `bytes` hold U+2E32 (E2 B8 B2).
    static func holdsEdge(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) where bytes[i] == 0xE2 && bytes[i + 1] == 0xB8 && bytes[i + 2] == 0xB2 {
            return true
        }
        return false
    }

    /// Whether `byte` stays in place inside a candidate.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "\""), UInt8(ascii: "'"):
            true
        default: false
        }
    }

    // MARK: - Substituting

    /// `content` with the inside of its candidates replaced by stand-ins
    /// numbered after those already replaced (one table numbers the
    /// candidates of all its cells), and `!` before `[^` as `&#33;`;
    /// `content` itself when it holds no `[^` or holds U+2E32.
    ///
    /// - Complexity: O(content).
    mutating func substitute(_ content: [UInt8]) -> [UInt8] {
        content.withUnsafeBufferPointer { bytes in
            guard Self.mayHold(bytes, 0..<bytes.count), !Self.holdsEdge(bytes) else { return content }
            let scan = Self.scan(bytes)
            guard !scan.candidates.isEmpty || !scan.bangs.isEmpty else { return content }
            // The pairs that may be links (at most one parse of each byte).
            let links = scan.plainPairs.filter { isLinkLabel(Array(bytes[$0.lowerBound + 1..<$0.upperBound - 1])) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16 * scan.candidates.count)
            var cursor = 0
            // The end of the last full reference link made of a candidate.
            var linkEnd = 0
            var nextBang = 0
            let quotePlaces = quotesAreDelimiters ? QuotePlaces(bytes) : nil
            // Once a replaced candidate hides backticks, cmark's code span
            // memo no longer sees what cmark-gfm's saw: the runs that open
            // no code span are written as entities after it.
            var hidden = false
            func copy(_ range: Range<Int>) {
                Self.append(bytes, range, escaping: hidden ? scan.textRuns : [], to: &out)
            }
            let end = Scan.Found(
                range: bytes.count..<bytes.count, openLine: 0, closeLine: 0, labelStart: bytes.count,
                origin: bytes.count)
            for hit in scan.candidates + [end] {
                let span = hit.range
                // Each `!` before a `[^` outside the candidates replaced.
                while nextBang < scan.bangs.count, scan.bangs[nextBang] < span.lowerBound {
                    if scan.bangs[nextBang] >= cursor {
                        copy(cursor..<scan.bangs[nextBang])
                        out.append(contentsOf: Array("&#33;".utf8))
                        cursor = scan.bangs[nextBang] + 1
                        changed = true
                    }
                    nextBang += 1
                }
                // The empty sentinel at the end flushes the last `!`s.
                guard span.count >= 3 else { break }
                let ordinal = found
                found += 1
                guard span.lowerBound >= max(cursor, linkEnd) else { continue }
                // A label after the `]` that is defined makes a link of the
                // candidate, and is no candidate itself (`[\^a][\^d]`).
                if let label = Self.followingLabel(bytes, after: span.upperBound - 1),
                    isLinkLabel(Array(bytes[label]))
                {
                    linkEnd = label.upperBound + 1
                    continue
                }
                guard replaces(hit, ordinal: ordinal, in: bytes, scan: scan, links: links) else { continue }
                // The `!` of `![\^` goes with the reference.
                copy(cursor..<hit.origin)
                copy(span.lowerBound..<span.lowerBound + 1)
                let first = runs.count
                let label = Self.label(bytes, of: hit)
                // An image opener's reference takes the links inside it:
                // their brackets go into runs.
                let kept = hit.origin < span.lowerBound ? [] : scan.brackets
                appendStandIns(
                    bytes, span.lowerBound + 1..<span.upperBound - 1, keeping: kept,
                    quotesAsText: quotePlaces?.allowEntities(in: span) == true, to: &out)
                out.append(UInt8(ascii: "]"))
                candidates.append(
                    Candidate(label: String(decoding: label, as: UTF8.self), runs: first..<runs.count, ordinal: ordinal)
                )
                cursor = span.upperBound
                replacedSpans.append(hit.origin..<span.upperBound)
                changed = true
                if bytes[span].contains(UInt8(ascii: "`")) { hidden = true }
            }
            copy(cursor..<bytes.count)
            return out
        }
    }

    /// Whether the candidate `hit` (number `ordinal`) is replaced: not
    /// when skipped, when its label may be a link label, or when a pair
    /// inside it may be a link (cmark-gfm's link ends the reference).
    private func replaces(
        _ hit: Scan.Found, ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>, scan: Scan, links: [Range<Int>]
    ) -> Bool {
        let inside = hit.range.lowerBound + 1..<hit.range.upperBound - 1
        guard !skipped.contains(ordinal), runs.count + inside.count <= Self.capacity else { return false }
        let firstBracket = Self.firstIndex(in: scan.brackets) { $0 > inside.lowerBound }
        let holdsPair = firstBracket < scan.brackets.count && scan.brackets[firstBracket] < inside.upperBound
        // A label with brackets inside is no link label. One after an
        // escaped caret is tried as a link label first (`[\^a]: /u` is a
        // link reference definition), unless a label follows the `]`
        // (`[\^a][x]` with `x` undefined is a reference).
        if hit.labelStart == hit.range.lowerBound + 3 {
            if !holdsPair, Self.followingLabel(bytes, after: inside.upperBound) == nil,
                isLinkLabel(Array(bytes[inside]))
            {
                return false
            }
            // An image opener is never deactivated: a link inside it does
            // not end the reference (`![\^a [b] c]`).
            if hit.origin < hit.range.lowerBound || !holdsPair { return true }
        } else if !holdsPair {
            return !mayBeLinkLabel(bytes, inside)
        }
        let firstLink = Self.firstIndex(in: links) { $0.lowerBound > inside.lowerBound }
        return firstLink == links.count || links[firstLink].lowerBound >= inside.upperBound
    }

    /// Appends `bytes[range]`, each backtick of the runs in `escaping`
    /// written as `&#96;`: text to cmark, and no run its code span scans
    /// meet.
    private static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaping runs: [Range<Int>], to out: inout [UInt8]
    ) {
        var cursor = range.lowerBound
        var index = firstIndex(in: runs) { $0.upperBound > range.lowerBound }
        while index < runs.count, runs[index].lowerBound < range.upperBound {
            let run = runs[index].clamped(to: range)
            out.append(contentsOf: bytes[cursor..<run.lowerBound])
            for _ in run { out.append(contentsOf: "&#96;".utf8) }
            cursor = run.upperBound
            index += 1
        }
        out.append(contentsOf: bytes[cursor..<range.upperBound])
    }

    /// The first index of `sorted` whose element is past `isPast` (a
    /// predicate false and then true along the array).
    private static func firstIndex<T>(in sorted: [T], where isPast: (T) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Appends `bytes[inside]` (the inside of candidate number
    /// `candidates.count`) with each run replaced by a stand-in: every
    /// whitespace byte, `(`, `)`, `<`, `>`, `"`, `'` and the brackets at
    /// `brackets` (ascending: those of the pairs inside it) stay; with
    /// `quotesAsText`, each quote as its entity.
    private mutating func appendStandIns(
        _ bytes: UnsafeBufferPointer<UInt8>, _ inside: Range<Int>, keeping brackets: [Int], quotesAsText: Bool,
        to out: inout [UInt8]
    ) {
        var j = inside.lowerBound
        var runStart: Int?
        var nextBracket = Self.firstIndex(in: brackets) { $0 >= inside.lowerBound }
        func endRun(_ end: Int) {
            guard let start = runStart else { return }
            out.append(contentsOf: Self.standIn(runs.count).utf8)
            let source = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            runs.append((candidates.count, source))
            runStart = nil
        }
        while j < inside.upperBound {
            let byte = bytes[j]
            let isBracket = nextBracket < brackets.count && brackets[nextBracket] == j
            if isBracket { nextBracket += 1 }
            if byte == UInt8(ascii: "\\"), j + 1 < inside.upperBound, CharacterClass.isASCIIPunctuation(bytes[j + 1]) {
                if runStart == nil { runStart = j }
                j += 2
            } else if isBracket || Self.isKept(byte) {
                endRun(j)
                switch byte {
                case UInt8(ascii: "'") where quotesAsText: out.append(contentsOf: Array("&#39;".utf8))
                case UInt8(ascii: "\"") where quotesAsText: out.append(contentsOf: Array("&#34;".utf8))
                default: out.append(byte)
                }
                j += 1
            } else {
                if runStart == nil { runStart = j }
                j += 1
            }
        }
        endRun(inside.upperBound)
    }

    /// The inside of the non-empty link label (`[x]`: no unescaped bracket
    /// inside, at most 999 bytes) that starts right after the `]` at
    /// `close`, if one does: cmark then looks that label up, never the text
    /// before it.
    ///
    /// - Complexity: O(1000).
    private static func followingLabel(_ bytes: UnsafeBufferPointer<UInt8>, after close: Int) -> Range<Int>? {
        InlineLinkSyntax(bytes).label(at: close + 1).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the inside of a candidate (`^label`) may be a link label
    /// defined elsewhere: cmark-gfm tries links first, and a label with
    /// whitespace or `]` can only be defined by a link reference
    /// definition (the footnote marker rejects it); one without, only by
    /// a definition after a task marker (``looksUpPlainLabels``).
    private func mayBeLinkLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ inside: Range<Int>) -> Bool {
        guard
            looksUpPlainLabels
                || bytes[inside].contains(where: {
                    $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "]") || $0 == 0x0B
                        || $0 == 0x0C
                })
        else { return false }
        return isLinkLabel(Array(bytes[inside]))
    }

    /// The stand-in for run `index`.
    static func standIn(_ index: Int) -> String {
        var s = String(edge)
        s.unicodeScalars.append(Unicode.Scalar(base + UInt32(index) / radix)!)
        s.unicodeScalars.append(Unicode.Scalar(base + UInt32(index) % radix)!)
        s.unicodeScalars.append(edge)
        return s
    }
}
