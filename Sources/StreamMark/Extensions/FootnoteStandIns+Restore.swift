// Reading cmark's inlines back: references where a whole candidate stands
// between its brackets, the source elsewhere (docs/footnotes.md §9.3).

extension FootnoteStandIns {
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
    /// whitespace or the block's start, or after `*`, `_`, `~`, `(`), and
    /// no `[` or `![` opener is open there (``BracketStack``: cmark-gfm
    /// starts no autolink inside brackets, so `[ www.a.com[^1]` keeps its
    /// reference, as `[ http://g[^1]` does).
    ///
    /// - Complexity: O(size of the inlines).
    func expandedNearURLs(_ inlines: [Inline]) -> [Inline] {
        guard !runs.isEmpty else { return inlines }
        var brackets = BracketStack()
        return expandedNearURLs(inlines, open: "\n", brackets: &brackets)
    }

    private func expandedNearURLs(
        _ inlines: [Inline], open: Unicode.Scalar, brackets: inout BracketStack
    ) -> [Inline] {
        var before = open
        return inlines.map { inline in
            let result: Inline =
                switch inline {
                case .text(let text):
                    .text(expandedNearURLs(text, before: before, brackets: &brackets))
                case .emphasis(let c): .emphasis(expandedNearURLs(c, open: "*", brackets: &brackets))
                case .strong(let c): .strong(expandedNearURLs(c, open: "*", brackets: &brackets))
                case .strikethrough(let c): .strikethrough(expandedNearURLs(c, open: "~", brackets: &brackets))
                case .link: Self.linkMade(inline, brackets: &brackets)
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

    /// `link`, after recording it in `brackets` if cmark made it from
    /// brackets (one from `<…>`, whose text is its destination, is none
    /// for cmark-gfm).
    private static func linkMade(_ link: Inline, brackets: inout BracketStack) -> Inline {
        if case .link(let destination, _, let children) = link,
            !InlineExtensionPass.isAngleAutolink(destination, children)
        {
            brackets.linkMade()
        }
        return link
    }

    /// Records the `[`, `![` and `]` of `scalars` (text after `before`) in
    /// `brackets`, as cmark-gfm's inline parser opens and closes them.
    private static func track(
        _ scalars: some Sequence<Unicode.Scalar>, before: Unicode.Scalar, in brackets: inout BracketStack
    ) {
        var previous = before
        for scalar in scalars {
            if scalar == "[" { brackets.open(image: previous == "!") } else if scalar == "]" { brackets.close() }
            previous = scalar
        }
    }

    private func expandedNearURLs(_ text: String, before: Unicode.Scalar, brackets: inout BracketStack) -> String {
        guard text.unicodeScalars.contains(Self.edge) else {
            Self.track(text.unicodeScalars, before: before, in: &brackets)
            return text
        }
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
                    Self.track(scalars[i..<end], before: "[", in: &brackets)
                    for scalar in sourced(String(String.UnicodeScalarView(scalars[i..<end]))).unicodeScalars {
                        out.append(scalar)
                    }
                    // The word goes on only if no whitespace was kept inside.
                    if scalars[i..<end].contains(where: { $0 == " " || $0 == "\t" }) { urlShaped = false }
                    i = end
                    continue
                }
                // One scalar at a time: `append(contentsOf:)` on a scalar
                // view copies the whole string (quadratic over a long text).
                for scalar in scalars[i..<i + 4] { out.append(scalar) }
                i += 4
                continue
            }
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "<" {
                wordStart = i + 1
                urlShaped = false
            } else if scalar == "[" || scalar == "]" {
                Self.track(CollectionOfOne(scalar), before: i > 0 ? scalars[i - 1] : before, in: &brackets)
            } else if scalar == "/", i >= wordStart + 2, scalars[i - 1] == "/", scalars[i - 2] == ":",
                !brackets.blocksAutolinks
            {
                urlShaped = true
            } else if scalar == ".", i >= wordStart + 3, scalars[i - 1] == "w", scalars[i - 2] == "w",
                scalars[i - 3] == "w", !brackets.blocksAutolinks
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
            case .softBreak, .lineBreak, .footnoteReference: result.append(inline)
            // A candidate inside math (`$[^1]$`, `$[^{18}F]$`) is TeX: the
            // math pass took its stand-ins into the span.
            case .math(let tex, let display): result.append(.math(sourced(tex), display: display))
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
