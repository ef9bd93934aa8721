/// Emphasis delimiters that a strikethrough pair closes over, as
/// cmark-gfm leaves them: literal text.
///
/// cmark-gfm pairs `~` runs in the same delimiter pass as `*` and `_`
/// (`process_emphasis`): when a `~` closer finds its opener, every
/// delimiter still waiting between them is dropped, so in `~~a *b~~ c*`
/// the `*` before `b` can no longer open and the paragraph renders
/// `<del>a *b</del> c*`. cmark, which has no strikethrough, pairs the two
/// `*` first (`~~a <em>b~~ c</em>`), and the strikethrough pass over its
/// tree can then pair no tildes across the emphasis.
///
/// ``escaped(_:smart:math:brackets:)`` replays cmark-gfm's pass over a block's
/// inline source and, when a `~` pair drops a `*` or `_` run that still
/// had characters to pair, returns the source with those characters
/// written as text (escaped, or stand-ins that keep the flanking of a run
/// used in part). cmark then pairs the other runs as cmark-gfm does.
/// Escapes, code spans, autolinks and raw HTML are read as cmark reads
/// them, the runs of a link's text pair among themselves (``LinkTexts``),
/// a math span, a footnote reference's label and an extended autolink
/// are each one piece. With smart punctuation, `'` and `"` are
/// delimiters in the same pass (a pair turns them into curly quotes, a
/// `~` pair drops those between its runs, which keep the quote they got
/// when scanned); when the replay drops anything, each quote is handed
/// to cmark as the entity of the curly quote cmark-gfm made of it.
enum CrossingDelimiters {
    /// Past this many `*`, `_` and `~` runs in one block, the replay is not
    /// made and cmark's pairing stays (a bound on hostile text: a real
    /// paragraph holds a few dozen).
    static let maximumRuns = 2_000

    /// One delimiter run of the replay.
    private struct Run {
        var byte: UInt8
        var start: Int
        var length: Int
        /// The scalars before and after the run (`"\n"` at the ends).
        var before: Unicode.Scalar
        var after: Unicode.Scalar
        var canOpen: Bool
        var canClose: Bool
        /// Characters used from the front (as a closer) and from the back
        /// (as an opener).
        var usedFront = 0
        var usedBack = 0
        var active = true
        /// Whether a `~` pair dropped the run with characters left.
        var dropped = false
        /// For a quote (smart punctuation), the curly quote it shows.
        var quote: Unicode.Scalar?

        var remaining: Int { length - usedFront - usedBack }

        /// The length cmark sees once the dropped characters are written
        /// as text: the part used as a closer (the front) or as an opener
        /// (the back) of a run dropped in part, else the whole run.
        func length(asCloser: Bool) -> Int {
            guard dropped, remaining > 0 else { return length }
            return asCloser ? usedFront : usedBack
        }
    }

    /// A test of the rule of 3 that the replay made: it reads both runs'
    /// lengths.
    private struct LengthTest {
        var closer: Int
        var opener: Int
        var passed: Bool

        /// Whether the test has the same outcome on the lengths cmark sees
        /// (none, when a part is gone: then cmark makes no such test, and a
        /// test that failed stays without a pair).
        func holds(in runs: [Run]) -> Bool {
            let closerLength = runs[closer].length(asCloser: true)
            let openerLength = runs[opener].length(asCloser: false)
            guard closerLength > 0, openerLength > 0 else { return !passed }
            return passed == CrossingDelimiters.passesRuleOfThree(closer: closerLength, opener: openerLength)
        }
    }

    /// Whether `bytes[range]` holds a `~` and a `*` or `_` (or, with
    /// `smart`, a quote): only then can a strikethrough pair drop a
    /// delimiter cmark pairs.
    ///
    /// - Complexity: O(range).
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, smart: Bool) -> Bool {
        var tilde = false
        var emphasis = false
        for i in range {
            switch bytes[i] {
            case UInt8(ascii: "~"): tilde = true
            case UInt8(ascii: "*"), UInt8(ascii: "_"): emphasis = true
            case UInt8(ascii: "'"), UInt8(ascii: "\""): emphasis = emphasis || smart
            default: continue
            }
            if tilde && emphasis { return true }
        }
        return false
    }

    /// `source` with the `*` and `_` characters that cmark-gfm's
    /// strikethrough pairs drop written so that cmark reads them as text,
    /// or `nil` when there are none or the source holds more than text and
    /// delimiter runs.
    ///
    /// A run dropped whole is backslash-escaped. A run that pairs used in
    /// part keeps those characters as a shorter run, whose flanking reads
    /// the dropped character next to it: that one becomes the escape
    /// (punctuation) or a stand-in of the class the whole run had beside
    /// it (``restored(_:)`` turns stand-ins back).
    ///
    /// - Complexity: O(n + d²) for n bytes and d ≤ ``maximumRuns``
    ///   delimiter runs (the opener searches, bounded as cmark bounds them).
    ///
    /// - Parameter brackets: how many links and images cmark's parse of
    ///   `source` made, and which labels are defined; `nil` to keep cmark's
    ///   pairing in a source holding a bracket.
    /// - Parameter references: the footnote references the footnote pass
    ///   replaces (`[` to `]`): cmark-gfm pairs the runs inside each apart.
    /// - Parameter urls: the extended autolinks cmark-gfm makes
    ///   (``URLMarkup/links(in:isLinkLabel:)``), which take every byte up to
    ///   their end: no delimiter run is inside one.
    static func escaped(
        _ source: [UInt8], smart: Bool, math: Bool, brackets: Brackets? = nil, references: [Range<Int>] = [],
        urls: [Range<Int>] = []
    ) -> [UInt8]? {
        guard isPlain(source, brackets: brackets != nil, references: references) else { return nil }
        guard
            let (found, texts) = delimiterRuns(
                source, brackets: brackets, math: math, smart: smart,
                pieces: Pieces(references: references, urls: urls)),
            found.count <= maximumRuns,
            found.contains(where: { $0.byte == UInt8(ascii: "~") })
        else { return nil }
        var runs = found
        let tests = replayByLink(&runs, groups: groups(of: runs.map(\.start), in: texts))
        let dropped = runs.filter { $0.dropped && $0.remaining > 0 }
        guard !dropped.isEmpty, tests.allSatisfy({ $0.holds(in: runs) }) else { return nil }
        // Every quote as its entity, once anything is dropped.
        let edits = runs.filter { $0.quote != nil || $0.dropped && $0.remaining > 0 }
        var result: [UInt8] = []
        result.reserveCapacity(source.count + 8 * edits.count)
        var next = 0
        for run in edits {
            let inURL = run.quote == nil && isInURLShapedWord(run.start, source)
            guard let written = run.quote.map(entity) ?? written(run, inURLShapedWord: inURL) else { return nil }
            let first = run.start + run.usedFront
            result.append(contentsOf: source[next..<first])
            result.append(contentsOf: written)
            next = first + run.remaining
        }
        result.append(contentsOf: source[next...])
        return result
    }

    /// Whether `offset` is in a word (between whitespace) at or after a
    /// `www.` or a `scheme://` in it: a dropped run there, written as an
    /// escape, would change the autolink the word makes (cmark-gfm's
    /// domain check reads past an escaped `_`; its trailing punctuation
    /// ends at a `\`), so it is written with a punctuation stand-in that
    /// is the run's character again before the autolink pass. A run
    /// before it (`*http://`) is not read.
    private static func isInURLShapedWord(_ offset: Int, _ source: [UInt8]) -> Bool {
        var start = offset
        while start > 0, !CharacterClass.isASCIISpace(source[start - 1]) { start -= 1 }
        var i = start
        while i < source.count, !CharacterClass.isASCIISpace(source[i]) {
            if source[i...].starts(with: "www.".utf8) { return i <= offset }
            if source[i...].starts(with: "://".utf8) {
                var scheme = i
                while scheme > start, CharacterClass.isASCIIAlpha(source[scheme - 1]) { scheme -= 1 }
                return scheme <= offset
            }
            i += 1
        }
        return false
    }

    /// The entity of a curly quote: an `&` and a `;` are punctuation to
    /// the runs beside it, as the quote was.
    private static func entity(_ quote: Unicode.Scalar) -> [UInt8] {
        let names: [Unicode.Scalar: String] = [
            "\u{2018}": "lsquo", "\u{2019}": "rsquo", "\u{201C}": "ldquo", "\u{201D}": "rdquo",
        ]
        return Array("&\(names[quote] ?? "quot");".utf8)
    }

    /// The dropped characters of `run` as handed to cmark, or `nil` when
    /// one dropped character lies between two used parts that need
    /// neighbours of two classes. Punctuation is an escape, or in a
    /// URL-shaped word a stand-in.
    private static func written(_ run: Run, inURLShapedWord: Bool) -> [UInt8]? {
        // The front part's right neighbour is the first dropped character,
        // the back part's left neighbour the last; the others are escaped.
        let first = run.usedFront > 0 ? Neighbour(run.after) : nil
        let last = run.usedBack > 0 ? Neighbour(run.before) : nil
        if run.remaining == 1, let first, let last, first != last { return nil }
        var bytes: [UInt8] = []
        for k in 0..<run.remaining {
            let neighbour = (k == 0 ? first : nil) ?? (k == run.remaining - 1 ? last : nil) ?? .punctuation
            bytes.append(contentsOf: neighbour.spelling(of: run.byte, escaping: !inURLShapedWord))
        }
        return bytes
    }

    /// What the replay needs to pair the runs of a source holding brackets.
    struct Brackets {
        /// How many links and images cmark's parse of the source made.
        var links: Int
        /// Whether a link label is defined.
        var isLinkLabel: ([UInt8]) -> Bool
    }

    /// How many links and images `inlines` hold, at any depth.
    ///
    /// - Complexity: O(size of the inlines); iterative.
    static func linkCount(_ inlines: [Inline]) -> Int {
        var count = 0
        var pending = [inlines[...]]
        while let list = pending.popLast() {
            for inline in list {
                if case .link = inline { count += 1 }
                if case .image = inline { count += 1 }
                if let children = inline.containerChildren { pending.append(children[...]) }
            }
        }
        return count
    }

    /// `inlines` with the stand-ins of ``escaped(_:smart:math:brackets:)`` turned
    /// back into the `*` and `_` they stand for.
    ///
    /// - Complexity: O(size of the inlines).
    static func restored(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            if case .text(let text) = inline {
                return .text(String(String.UnicodeScalarView(text.unicodeScalars.map { Neighbour.restored($0) })))
            }
            guard let children = inline.containerChildren else { return inline }
            return inline.replacingChildren(with: restored(children))
        }
    }

    /// Whether cmark's inline parser reads `source` as text, delimiter
    /// runs, escapes, code spans, autolinks and raw HTML only (entities
    /// and line breaks are text here: they hold no delimiter, and the
    /// flanking of a run reads the source bytes), or with `brackets`
    /// brackets too: a `[^…]` that the footnote pass leaves (`references`
    /// holds those it replaces, `[` to `]`) is no note's reference, so a
    /// bracket pair, a link's or none, as in cmark.
    private static func isPlain(_ source: [UInt8], brackets: Bool, references: [Range<Int>]) -> Bool {
        guard !Neighbour.occurs(in: source) else { return false }
        // A reference that takes an image opener's `!` or begins with an
        // escaped caret (docs/footnotes.md §9.3, item 18) keeps cmark's
        // pairing.
        guard brackets else { return !source.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") } }
        return references.allSatisfy {
            source[$0.lowerBound] == UInt8(ascii: "[") && source[$0.lowerBound + 1] == UInt8(ascii: "^")
                && ($0.lowerBound == 0 || source[$0.lowerBound - 1] != UInt8(ascii: "!"))
        }
    }

    /// Spans of the source that hold no delimiter run for cmark-gfm.
    private struct Pieces {
        /// Footnote references, brackets included.
        var references: [Range<Int>]
        /// Extended autolinks.
        var urls: [Range<Int>]
    }

    /// The `*`, `_` and `~` runs of `source` with their flanking, as
    /// cmark-gfm scans them (`scan_delims`; a `~` run is scanned 100 at a
    /// time and is a delimiter only at length 1 or 2), outside backslash
    /// escapes, code spans, autolinks (`<…>` and extended), raw HTML and
    /// footnote references' labels.
    ///
    /// With `brackets`, also the texts of the links (``LinkTexts``), which
    /// with the autolinks must be as many as cmark made links and images.
    ///
    /// With `math`, a math span (``MathScanner``) is one piece, as its
    /// stand-in is for cmark (its edges are punctuation, as `$` and `\(`
    /// are); `nil` when the spans would not all get stand-ins.
    private static func delimiterRuns(
        _ source: [UInt8], brackets: Brackets?, math: Bool, smart: Bool, pieces: Pieces
    ) -> ([Run], [Range<Int>])? {
        var runs: [Run] = []
        var texts: [Range<Int>] = []
        var autolinks = 0
        let complete = source.withUnsafeBufferPointer { bytes in
            var literals = LiteralSpans(bytes)
            var links = brackets.map { LinkTexts(bytes, isLinkLabel: $0.isLinkLabel) }
            guard let maths = math ? MathStandIns.spansStandingIn(bytes) : [] else { return false }
            // A reference's label is one piece between its brackets.
            let labels = pieces.references.map { $0.lowerBound + 1..<$0.upperBound - 1 }
            let spans = (maths.map(\.range) + labels + pieces.urls).sorted { $0.lowerBound < $1.lowerBound }
            // Math the pass would replace inside a URL or a label.
            guard zip(spans, spans.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else { return false }
            var nextSpan = 0
            defer { (texts, autolinks) = (links?.texts ?? [], literals.autolinks) }
            var i = 0
            while i < source.count {
                while nextSpan < spans.count, spans[nextSpan].upperBound <= i { nextSpan += 1 }
                if nextSpan < spans.count, spans[nextSpan].lowerBound == i {
                    i = spans[nextSpan].upperBound
                    continue
                }
                if let end = literals.end(at: i) {
                    i = end
                    continue
                }
                let byte = source[i]
                switch byte {
                case UInt8(ascii: "!"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    i = links?.step(at: i) ?? i + 1
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    var end = i
                    while end < source.count, source[end] == byte, byte != UInt8(ascii: "~") || end - i < 100 {
                        end += 1
                    }
                    if let run = run(of: byte, in: source, i..<end) { runs.append(run) }
                    i = end
                case UInt8(ascii: "'") where smart, UInt8(ascii: "\"") where smart:
                    runs.append(quote(in: source, at: i))
                    i += 1
                default:
                    i += 1
                }
            }
            return true
        }
        // cmark's links are the inline links and the autolinks.
        guard complete, brackets.map({ texts.count + autolinks == $0.links }) ?? true else { return nil }
        return (runs, texts)
    }

    private static func run(of byte: UInt8, in source: [UInt8], _ range: Range<Int>) -> Run? {
        let before = range.lowerBound == 0 ? "\n" : scalar(before: range.lowerBound, in: source)
        let after = CharacterClass.decode(source, at: range.upperBound) ?? "\n"
        let (canOpen, canClose) = flags(byte, before: before, after: after)
        guard byte != UInt8(ascii: "~") || ((canOpen || canClose) && range.count <= 2) else { return nil }
        return Run(
            byte: byte, start: range.lowerBound, length: range.count, before: before, after: after,
            canOpen: canOpen, canClose: canClose)
    }

    /// The quote at `offset` as a run of one (`scan_delims`: it opens only
    /// when left-flanking, not right-flanking, and not after `]` or `)`),
    /// with the curly quote cmark gives it when scanned (`handle_delim`).
    private static func quote(in source: [UInt8], at offset: Int) -> Run {
        let before = offset == 0 ? "\n" : scalar(before: offset, in: source)
        let after = CharacterClass.decode(source, at: offset + 1) ?? "\n"
        let (left, right) = flags(source[offset], before: before, after: after)
        var run = Run(
            byte: source[offset], start: offset, length: 1, before: before, after: after,
            canOpen: left && !right && before != "]" && before != ")", canClose: right)
        run.quote = source[offset] == UInt8(ascii: "'") || right ? closingQuote(source[offset]) : "\u{201C}"
        return run
    }

    private static func closingQuote(_ byte: UInt8) -> Unicode.Scalar {
        byte == UInt8(ascii: "'") ? "\u{2019}" : "\u{201D}"
    }

    private static func isQuote(_ run: Run) -> Bool { run.quote != nil }

    /// Whether a run of `byte` between `before` and `after` can open and
    /// close (`scan_delims`; a `~` run opens when left-flanking and closes
    /// when right-flanking, as `*`).
    private static func flags(
        _ byte: UInt8, before: Unicode.Scalar, after: Unicode.Scalar
    ) -> (canOpen: Bool, canClose: Bool) {
        let spaceBefore = CharacterClass.isSpace(before)
        let spaceAfter = CharacterClass.isSpace(after)
        let punctuationBefore = CharacterClass.isPunctuation(before)
        let punctuationAfter = CharacterClass.isPunctuation(after)
        let left = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
        let right = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
        guard byte == UInt8(ascii: "_") else { return (left, right) }
        return (left && (!right || punctuationBefore), right && (!left || punctuationAfter))
    }

    /// The scalar that ends before `offset` (`"\n"` when it does not decode).
    private static func scalar(before offset: Int, in source: [UInt8]) -> Unicode.Scalar {
        var start = offset - 1
        while start > 0, source[start] & 0xC0 == 0x80 { start -= 1 }
        return CharacterClass.decode(source, at: start) ?? "\n"
    }
}

extension CrossingDelimiters {
    /// ``replay(_:)`` over each group of runs on its own: those of one
    /// link's text (`groups`, ``groups(of:in:)``), and those outside every
    /// link. Returns the tests of the rule of 3, with indices into `runs`.
    private static func replayByLink(_ runs: inout [Run], groups: [Int]) -> [LengthTest] {
        var members: [Int: [Int]] = [:]
        for (index, group) in groups.enumerated() { members[group, default: []].append(index) }
        var tests: [LengthTest] = []
        for indices in members.values {
            var part = indices.map { runs[$0] }
            for test in replay(&part) {
                tests.append(
                    LengthTest(closer: indices[test.closer], opener: indices[test.opener], passed: test.passed))
            }
            for (k, index) in indices.enumerated() { runs[index] = part[k] }
        }
        return tests
    }

    /// cmark-gfm's `process_emphasis` over `runs`: `*`/`_` pairs take one
    /// or two characters (`S_insert_emph`), a `~` pair of equal lengths
    /// drops every run between its two (the strikethrough extension's
    /// `insert`), marking the `*` and `_` runs among them. Returns the
    /// tests of the rule of 3 it made between `*` or `_` runs.
    private static func replay(_ runs: inout [Run]) -> [LengthTest] {
        // openers_bottom, by delimiter and closer length % 3.
        var bottom: [UInt8: [Int]] = [:]
        var tests: [LengthTest] = []
        // One search per delimiter character: `*`, `_` and `~` runs never
        // pair with each other.
        var searches = [UInt8: OpenerSearch]()
        for byte in "*_~'\"".utf8 { searches[byte] = OpenerSearch(count: runs.count) }
        var closer = 0
        while closer < runs.count {
            guard runs[closer].active, runs[closer].canClose else {
                closer += 1
                continue
            }
            let key = runs[closer].length % 3
            let floor = bottom[runs[closer].byte]?[key] ?? -1
            guard
                let opener = opener(
                    for: closer, in: runs, above: floor, search: &searches[runs[closer].byte]!, tests: &tests)
            else {
                var previous = closer - 1
                while previous >= 0, !runs[previous].active { previous -= 1 }
                bottom[runs[closer].byte, default: [-1, -1, -1]][key] = previous
                if isQuote(runs[closer]) { runs[closer].quote = closingQuote(runs[closer].byte) }
                if !runs[closer].canOpen { runs[closer].active = false }
                closer += 1
                continue
            }
            if isQuote(runs[closer]) {
                runs[closer].quote = closingQuote(runs[closer].byte)
                runs[opener].quote = runs[closer].byte == UInt8(ascii: "'") ? "\u{2018}" : "\u{201C}"
                (runs[opener].active, runs[closer].active) = (false, false)
                closer += 1
            } else if runs[closer].byte == UInt8(ascii: "~") {
                if runs[opener].length == runs[closer].length { strike(&runs, opener, closer) }
                closer += 1
            } else if emphasize(&runs, opener, closer) {
                closer += 1
            }
        }
        return tests
    }

    /// The nearest active opener below `closer` that may pair with it
    /// (the rule of 3), searching down to `floor` while that run is active,
    /// with `search` over the runs of the closer's character.
    /// Adds the tests of the rule of 3 it makes between `*` or `_` runs to
    /// `tests`.
    private static func opener(
        for closer: Int, in runs: [Run], above floor: Int, search: inout OpenerSearch, tests: inout [LengthTest]
    ) -> Int? {
        let current = runs[closer]
        // cmark compares with a pointer: a bottom that a pair has removed
        // stops no search.
        let floor = floor >= 0 && runs[floor].active ? floor : -1
        func canOpen(_ index: Int) -> Bool {
            runs[index].active && runs[index].canOpen && runs[index].byte == current.byte
        }
        var index = search.nearest(atOrBelow: closer - 1, where: canOpen)
        while index > floor {
            guard current.canOpen || runs[index].canClose else { return index }
            let passed = passesRuleOfThree(closer: current.length, opener: runs[index].length)
            if current.byte == UInt8(ascii: "*") || current.byte == UInt8(ascii: "_") {
                tests.append(LengthTest(closer: closer, opener: index, passed: passed))
            }
            if passed { return index }
            index = search.nearest(atOrBelow: index - 1, where: canOpen)
        }
        return nil
    }

    /// The rule of 3, for a pair one of whose runs can both open and close.
    fileprivate static func passesRuleOfThree(closer: Int, opener: Int) -> Bool {
        closer % 3 == 0 || (opener + closer) % 3 != 0
    }

    private static func strike(_ runs: inout [Run], _ opener: Int, _ closer: Int) {
        for index in opener...closer where runs[index].active {
            runs[index].active = false
            // A run that can neither open nor close is text to cmark too.
            let delimiter = runs[index].canOpen || runs[index].canClose
            if runs[index].byte != UInt8(ascii: "~"), delimiter { runs[index].dropped = true }
        }
    }

    /// Pairs one or two characters; whether the closer is used up.
    private static func emphasize(_ runs: inout [Run], _ opener: Int, _ closer: Int) -> Bool {
        let use = runs[opener].remaining >= 2 && runs[closer].remaining >= 2 ? 2 : 1
        runs[opener].usedBack += use
        runs[closer].usedFront += use
        for index in opener + 1..<closer { runs[index].active = false }
        if runs[opener].remaining == 0 { runs[opener].active = false }
        guard runs[closer].remaining == 0 else { return false }
        runs[closer].active = false
        return true
    }
}

extension CrossingDelimiters {
    /// The class of a delimiter run's neighbour that its flanking reads,
    /// and how a dropped `*` or `_` of that class is written.
    private enum Neighbour: Equatable {
        case space, punctuation, other

        init(_ scalar: Unicode.Scalar) {
            self =
                CharacterClass.isSpace(scalar) ? .space : CharacterClass.isPunctuation(scalar) ? .punctuation : .other
        }

        /// Stand-ins for `*` and `_`: two Unicode spaces (Zs), two
        /// private-use characters (neither space nor punctuation) and two
        /// of the Supplemental Punctuation block that libcmark knows (Po)
        /// and no other stand-in uses.
        private static let spaces: [Unicode.Scalar] = ["\u{2007}", "\u{2008}"]
        private static let others: [Unicode.Scalar] = ["\u{F8F0}", "\u{F8F1}"]
        private static let punctuations: [Unicode.Scalar] = ["\u{2E3E}", "\u{2E3F}"]

        /// `byte` (`*` or `_`) written as text with this class; as
        /// punctuation, escaped or a stand-in.
        func spelling(of byte: UInt8, escaping: Bool) -> [UInt8] {
            let index = byte == UInt8(ascii: "*") ? 0 : 1
            switch self {
            case .punctuation where escaping: return [UInt8(ascii: "\\"), byte]
            case .punctuation: return Array(String(Self.punctuations[index]).utf8)
            case .space: return Array(String(Self.spaces[index]).utf8)
            case .other: return Array(String(Self.others[index]).utf8)
            }
        }

        /// The `*` or `_` a stand-in stands for, or `scalar`.
        static func restored(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            if let index = spaces.firstIndex(of: scalar) ?? others.firstIndex(of: scalar)
                ?? punctuations.firstIndex(of: scalar)
            {
                return index == 0 ? "*" : "_"
            }
            return scalar
        }

        /// Whether `source` already holds a stand-in.
        static func occurs(in source: [UInt8]) -> Bool {
            let encodings = (spaces + others + punctuations).map { Array(String($0).utf8) }
            var i = 0
            while i + 2 < source.count {
                if source[i] >= 0xE2, encodings.contains(where: { source[i..<i + 3].elementsEqual($0) }) { return true }
                i += 1
            }
            return false
        }
    }
}
