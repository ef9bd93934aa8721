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
        /// as cmark-gfm cuts it: ``FootnoteStandIns/label(_:open:openLine:close:closeLine:)``).
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
    /// The whitespace cmark keeps at the start of each lazy continuation
    /// line of the text substituted (after the container prefixes the line
    /// has), by the offset of the line's first byte in that text: it
    /// counts in the label of a reference over lines.
    var lazyLeads: [Int: [UInt8]] = [:]
    /// How many candidates were found so far.
    private(set) var found = 0
    /// Whether any substitution changed the text.
    private(set) var changed = false

    static let edge: Unicode.Scalar = "\u{2E32}"
    private static let base: UInt32 = 0xE000
    private static let radix: UInt32 = 0x1900

    /// The most runs one substitution can number.
    static let capacity = Int(radix * radix)

    init(
        skipped: Set<Int> = [], isLinkLabel: @escaping ([UInt8]) -> Bool = { _ in false },
        lazyLeads: [Int: [UInt8]] = [:]
    ) {
        self.skipped = skipped
        self.isLinkLabel = isLinkLabel
        self.lazyLeads = lazyLeads
    }

    // MARK: - Finding candidates

    /// Whether `bytes[range]` holds `[^`.
    ///
    /// - Complexity: O(range).
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "["), bytes[i + 1] == UInt8(ascii: "^") { return true }
            i += 1
        }
        return false
    }

    /// Whether `bytes` hold `[^`.
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

    /// What a left-to-right scan of a block's inline source finds.
    struct Scan {
        /// One candidate: `[` at the range's lower bound, `]` just before
        /// its upper bound, and where cmark-gfm's inline parser started the
        /// lines of the two (for ``label(_:open:openLine:close:closeLine:)``).
        struct Found {
            var range: Range<Int>
            var openLine: Int
            var closeLine: Int
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
    }

    /// One `[` (or `![`) waiting for its `]`.
    fileprivate struct Opener {
        var at: Int
        /// Where cmark-gfm's inline parser started the line of `at`.
        var line: Int
        /// `[^`: a candidate when it closes.
        var footnote: Bool
        /// `![`: an image, which neither ends a reference around it nor
        /// keeps its brackets inside one.
        var image: Bool
        /// Whether a pair closed inside it.
        var holdsPair = false
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
    /// line break it parses itself, not one inside a code span or raw
    /// HTML, nor one escaped by a backslash.
    ///
    /// - Complexity: O(n log n), plus the code span searches
    ///   ``MathScanner`` makes.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        var result = Scan()
        let math = MathScanner(bytes: bytes)
        var pointyBraces = PointyBraceScanner(bytes: bytes)
        var openers: [Opener] = []
        var line = 0
        var bang = -1
        var i = 0
        let n = bytes.count
        while i < n {
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                if i + 1 < n, bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D {
                    // A hard line break cmark-gfm does not count as a new line.
                    i += bytes[i + 1] == 0x0D && i + 2 < n && bytes[i + 2] == 0x0A ? 3 : 2
                } else {
                    i += i + 1 < n && MathScanner.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
                }
            case UInt8(ascii: "`"):
                i = math.afterCodeSpan(at: i)
            case UInt8(ascii: "<"):
                i = pointyBraces.end(at: i) ?? i + 1
            case 0x0A, 0x0D:
                i += bytes[i] == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
                line = i
            case UInt8(ascii: "!"):
                bang = i
                i += 1
            case UInt8(ascii: "["):
                let footnote = i + 1 < n && bytes[i + 1] == UInt8(ascii: "^")
                if footnote, bang >= 0, bang == i - 1 { result.bangs.append(bang) }
                openers.append(Opener(at: i, line: line, footnote: footnote, image: !footnote && bang == i - 1))
                i += footnote ? 2 : 1
            case UInt8(ascii: "]"):
                if let opener = openers.popLast() {
                    if !openers.isEmpty { openers[openers.count - 1].holdsPair = true }
                    result.record(opener, closedAt: i, line: line)
                }
                i += 1
            default:
                i += 1
            }
        }
        result.candidates.sort { $0.range.lowerBound < $1.range.lowerBound }
        result.brackets.sort()
        return result
    }

    /// The label cmark-gfm copies for the candidate from `[` at `open` to
    /// `]` at `close`: `col(]) − col([) − 2` bytes of the paragraph's
    /// content from after `[^`, where a column counts from the start of
    /// the line (`openLine`, `closeLine`: where cmark-gfm's inline parser
    /// last started one). On one line that is the source between `[^` and
    /// `]`; over two it is cut short or reaches into the next line
    /// (`a[^x␤y]` has the label `""`, quirk 7). `bytes` holds no
    /// whitespace at the start of a line, as cmark's content holds none,
    /// except at a lazy continuation line: cmark keeps what follows the
    /// container prefixes the line has, given in `leads` by the offset of
    /// the line's first byte.
    ///
    /// - Complexity: O(the candidate and the lines it starts and ends on).
    static func label(
        _ bytes: UnsafeBufferPointer<UInt8>, open: Int, openLine: Int, close: Int, closeLine: Int,
        leads: [Int: [UInt8]] = [:]
    ) -> [UInt8] {
        guard bytes[open..<close].contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            return Array(bytes[open + 2..<close])
        }
        let count =
            contentLength(bytes, closeLine..<close, leads: leads) - contentLength(bytes, openLine..<open, leads: leads)
            - 2
        var label: [UInt8] = []
        var i = open + 2
        while label.count < count, i < close {
            if i > 0, bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D, let lead = leads[i] {
                label += lead.prefix(count - label.count)
                if label.count == count { break }
            }
            label.append(bytes[i])
            i += 1
        }
        return label
    }

    /// How many bytes of cmark's content `bytes[range]` (starting a line)
    /// stands for: its bytes and the whitespace `leads` gives at the start
    /// of its lines.
    private static func contentLength(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, leads: [Int: [UInt8]]
    ) -> Int {
        guard !leads.isEmpty else { return range.count }
        var count = range.count + (leads[range.lowerBound]?.count ?? 0)
        for i in range where i > range.lowerBound && (bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D) {
            count += leads[i]?.count ?? 0
        }
        return count
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
            var nextBang = 0
            let end = Scan.Found(range: bytes.count..<bytes.count, openLine: 0, closeLine: 0)
            for hit in scan.candidates + [end] {
                let span = hit.range
                // Each `!` before a `[^` outside the candidates replaced.
                while nextBang < scan.bangs.count, scan.bangs[nextBang] < span.lowerBound {
                    if scan.bangs[nextBang] >= cursor {
                        out.append(contentsOf: bytes[cursor..<scan.bangs[nextBang]])
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
                guard span.lowerBound >= cursor, replaces(hit, ordinal: ordinal, in: bytes, scan: scan, links: links)
                else { continue }
                out.append(contentsOf: bytes[cursor...span.lowerBound])
                let first = runs.count
                let label = Self.label(
                    bytes, open: span.lowerBound, openLine: hit.openLine, close: span.upperBound - 1,
                    closeLine: hit.closeLine, leads: lazyLeads)
                appendStandIns(bytes, span.lowerBound + 1..<span.upperBound - 1, keeping: scan.brackets, to: &out)
                out.append(UInt8(ascii: "]"))
                candidates.append(
                    Candidate(label: String(decoding: label, as: UTF8.self), runs: first..<runs.count, ordinal: ordinal)
                )
                cursor = span.upperBound
                changed = true
            }
            out.append(contentsOf: bytes[cursor...])
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
        // A label with brackets inside is no link label.
        if !holdsPair { return !mayBeLinkLabel(bytes, inside) }
        let firstLink = Self.firstIndex(in: links) { $0.lowerBound > inside.lowerBound }
        return firstLink == links.count || links[firstLink].lowerBound >= inside.upperBound
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
    /// `brackets` (ascending: those of the pairs inside it) stay.
    private mutating func appendStandIns(
        _ bytes: UnsafeBufferPointer<UInt8>, _ inside: Range<Int>, keeping brackets: [Int], to out: inout [UInt8]
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
            if byte == UInt8(ascii: "\\"), j + 1 < inside.upperBound, MathScanner.isASCIIPunctuation(bytes[j + 1]) {
                if runStart == nil { runStart = j }
                j += 2
            } else if isBracket || Self.isKept(byte) {
                endRun(j)
                out.append(byte)
                j += 1
            } else {
                if runStart == nil { runStart = j }
                j += 1
            }
        }
        endRun(inside.upperBound)
    }

    /// Whether the inside of a candidate (`^label`) may be a link label
    /// defined elsewhere: cmark-gfm tries links first, and a label with
    /// whitespace or `]` can only be defined by a link reference
    /// definition (the footnote marker rejects it).
    private func mayBeLinkLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ inside: Range<Int>) -> Bool {
        guard
            bytes[inside].contains(where: {
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

    // MARK: - Reading cmark's inlines

    /// The run a stand-in starting at `scalars[i]` names, if one does.
    private func run(at i: Int, in scalars: [Unicode.Scalar]) -> Int? {
        guard i + 3 < scalars.count, scalars[i] == Self.edge, scalars[i + 3] == Self.edge else { return nil }
        let high = scalars[i + 1].value &- Self.base
        let low = scalars[i + 2].value &- Self.base
        guard high < Self.radix, low < Self.radix else { return nil }
        let index = Int(high * Self.radix + low)
        return index < runs.count ? index : nil
    }

    /// One piece of a text node.
    private enum Piece {
        case plain(String.UnicodeScalarView)
        /// A whole candidate between its brackets (brackets included).
        case reference(Int)
        /// A run outside such a pattern.
        case loose(Int)
    }

    /// The pieces of `text`: references where a `[`, all runs of one
    /// candidate in order (with the kept bytes between them) and a `]`
    /// follow each other.
    private func pieces(_ text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var result: [Piece] = []
        var plain = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard let r = run(at: i, in: scalars) else {
                plain.append(scalars[i])
                i += 1
                continue
            }
            let k = runs[r].candidate
            if r == candidates[k].runs.lowerBound, plain.last == "[", let end = patternEnd(k, from: i, in: scalars) {
                plain.removeLast()
                if !plain.isEmpty { result.append(.plain(plain)) }
                plain = String.UnicodeScalarView()
                result.append(.reference(k))
                i = end
            } else {
                if !plain.isEmpty { result.append(.plain(plain)) }
                plain = String.UnicodeScalarView()
                result.append(.loose(r))
                i += 4
            }
        }
        if !plain.isEmpty { result.append(.plain(plain)) }
        return result
    }

    /// After the `]` of candidate `k` whose first stand-in is at
    /// `scalars[start]`, if every run of it follows in order and then a `]`
    /// (brackets kept inside it pair up on the way).
    private func patternEnd(_ k: Int, from start: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var expected = candidates[k].runs.lowerBound
        var depth = 0
        var j = start
        while j < scalars.count {
            if let r = run(at: j, in: scalars) {
                guard r == expected else { return nil }
                expected += 1
                j += 4
                continue
            }
            switch scalars[j] {
            case "]" where depth > 0: depth -= 1
            case "]": return expected == candidates[k].runs.upperBound ? j + 1 : nil
            case "[": depth += 1
            case Self.edge: return nil
            default: break
            }
            j += 1
        }
        return nil
    }

    /// `text` with each stand-in replaced by the source it stands for.
    private func sourced(_ text: String) -> String {
        guard !runs.isEmpty, text.unicodeScalars.contains(Self.edge) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        while i < scalars.count {
            if let r = run(at: i, in: scalars) {
                out += runs[r].source
                i += 4
            } else {
                out.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        return out
    }

    /// The candidates (by ordinal) whose stand-ins cmark put into a link's
    /// text, destination or title: cmark-gfm made that link too, so they
    /// are parsed again as they are written (their text may hold emphasis,
    /// a destination decodes escapes and entities).
    ///
    /// - Complexity: O(size of the inlines).
    func retries(in inlines: [Inline]) -> Set<Int> {
        var result: Set<Int> = []
        guard !runs.isEmpty else { return result }
        var stack: [(inlines: [Inline], inLink: Bool)] = [(inlines, false)]
        func strings(_ strings: String...) {
            for s in strings where s.unicodeScalars.contains(Self.edge) {
                let scalars = Array(s.unicodeScalars)
                for i in scalars.indices { if let r = run(at: i, in: scalars) { result.insert(ordinal(r)) } }
            }
        }
        while let entry = stack.popLast() {
            let inLink = entry.inLink
            for inline in entry.inlines {
                switch inline {
                case .text(let text) where inLink && text.unicodeScalars.contains(Self.edge):
                    for case .loose(let r) in pieces(text) { result.insert(ordinal(r)) }
                case .emphasis(let c), .strong(let c), .strikethrough(let c): stack.append((c, inLink))
                case .link(let d, let t, let c), .image(let d, let t, let c):
                    strings(d, t)
                    stack.append((c, true))
                default: break
                }
            }
        }
        return result
    }

    private func ordinal(_ run: Int) -> Int { candidates[runs[run].candidate].ordinal }

    /// `inlines` with the candidates that an extended autolink may run
    /// over put back as their source text: cmark-gfm's `www.` and
    /// `scheme://` links run over brackets (`www.a.com[^a]` is one link),
    /// and where such a link ends must not depend on the stand-ins. A
    /// candidate is put back when the word before its `[` (back to
    /// whitespace or `<` in the same text node) holds `://`, or `www.` where
    /// cmark-gfm may start a link (at the start of the word after
    /// whitespace or the block's start, or after `*`, `_`, `~`, `(`).
    ///
    /// - Complexity: O(size of the inlines).
    func expandedNearURLs(_ inlines: [Inline]) -> [Inline] {
        guard !runs.isEmpty else { return inlines }
        return expandedNearURLs(inlines, open: "\n")
    }

    private func expandedNearURLs(_ inlines: [Inline], open: Unicode.Scalar) -> [Inline] {
        var before = open
        return inlines.map { inline in
            let result: Inline =
                switch inline {
                case .text(let text) where text.unicodeScalars.contains(Self.edge):
                    .text(expandedNearURLs(text, before: before))
                case .emphasis(let c): .emphasis(expandedNearURLs(c, open: "*"))
                case .strong(let c): .strong(expandedNearURLs(c, open: "*"))
                case .strikethrough(let c): .strikethrough(expandedNearURLs(c, open: "~"))
                default: inline
                }
            before =
                switch inline {
                case .text(let text): text.unicodeScalars.last ?? before
                case .softBreak, .lineBreak: "\n"
                case .emphasis, .strong: "*"
                case .strikethrough: "~"
                default: "x"
                }
            return result
        }
    }

    private func expandedNearURLs(_ text: String, before: Unicode.Scalar) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        // Whether the word so far holds `://`, or `www.` where cmark-gfm may
        // start a link (kept up to date scalar by scalar: O(n) in all).
        var urlShaped = false
        var wordStart = 0
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if let r = run(at: i, in: scalars) {
                // Inside a word that started before the candidate's `[`.
                let k = runs[r].candidate
                if r == candidates[k].runs.lowerBound, i > 0, scalars[i - 1] == "[", urlShaped,
                    let end = patternEnd(k, from: i, in: scalars)
                {
                    out.append(contentsOf: sourced(String(String.UnicodeScalarView(scalars[i..<end]))).unicodeScalars)
                    // The word goes on only if no whitespace was kept inside.
                    if scalars[i..<end].contains(where: { $0 == " " || $0 == "\t" }) { urlShaped = false }
                    i = end
                    continue
                }
                out.append(contentsOf: scalars[i..<i + 4])
                i += 4
                continue
            }
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "<" {
                wordStart = i + 1
                urlShaped = false
            } else if scalar == "/", i >= wordStart + 2, scalars[i - 1] == "/", scalars[i - 2] == ":" {
                urlShaped = true
            } else if scalar == ".", i >= wordStart + 3, scalars[i - 1] == "w", scalars[i - 2] == "w",
                scalars[i - 3] == "w"
            {
                let previous = i >= 4 ? scalars[i - 4] : before
                if "*_~( \t\n".unicodeScalars.contains(previous) { urlShaped = true }
            }
            out.append(scalar)
            i += 1
        }
        return String(out)
    }

    /// `inlines` with stand-ins in text turned into references where a
    /// whole candidate stands between its brackets, and into their source
    /// elsewhere.
    ///
    /// - Complexity: O(size of the inlines).
    func restored(_ inlines: [Inline]) -> [Inline] {
        if runs.isEmpty { return inlines }
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            switch inline {
            case .text(let text) where text.unicodeScalars.contains(Self.edge):
                for piece in pieces(text) {
                    switch piece {
                    case .plain(let view): appendText(String(view), to: &result)
                    case .loose(let r): appendText(runs[r].source, to: &result)
                    case .reference(let k):
                        result.append(.footnoteReference(FootnoteReference(source: candidates[k].label)))
                    }
                }
            case .text(let text): appendText(text, to: &result)
            case .softBreak, .lineBreak, .math, .footnoteReference: result.append(inline)
            case .code(let s): result.append(.code(sourced(s)))
            case .html(let s): result.append(.html(sourced(s)))
            case .emphasis(let c): result.append(.emphasis(restored(c)))
            case .strong(let c): result.append(.strong(restored(c)))
            case .strikethrough(let c): result.append(.strikethrough(restored(c)))
            case .link(let d, let t, let c):
                result.append(.link(destination: sourced(d), title: sourced(t), children: restored(c)))
            case .image(let d, let t, let c):
                result.append(.image(source: sourced(d), title: sourced(t), children: restored(c)))
            }
        }
        return result
    }

    /// Appends `text`, merged with a text right before it.
    private func appendText(_ text: String, to result: inout [Inline]) {
        guard !text.isEmpty else { return }
        if case .text(let previous)? = result.last {
            result[result.count - 1] = .text(previous + text)
        } else {
            result.append(.text(text))
        }
    }
}

extension FootnoteStandIns.Scan {
    /// Records what the `]` at `close` (on the line starting at `line`)
    /// makes of `opener`.
    fileprivate mutating func record(_ opener: FootnoteStandIns.Opener, closedAt close: Int, line: Int) {
        guard !opener.image else { return }
        brackets.append(opener.at)
        brackets.append(close)
        if opener.footnote, close > opener.at + 2 {
            candidates.append(Found(range: opener.at..<close + 1, openLine: opener.line, closeLine: line))
        } else if !opener.holdsPair {
            plainPairs.append(opener.at..<close + 1)
        }
    }
}
