/// The scan behind ``URLMarkup/substituted(_:isLinkLabel:)``: one block's
/// inline source read left to right as cmark-gfm's inline parser reads it,
/// as far as its autolink extension cares (see ``URLMarkup``).
struct URLMarkupScan {
    /// One open `[` or `![` (cmark's `bracket`).
    private struct Opener {
        var image: Bool
        /// Whether it may still make a link (a link inside it ends that).
        var active = true
        /// Where its text starts (after `[` or `![`).
        var textStart: Int
        /// Whether another opener was pushed after it (no shortcut label then).
        var bracketAfter = false
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let isLinkLabel: ([UInt8]) -> Bool
    /// The bytes again without trailing whitespace, for ``AutolinkScanner``.
    private let data: [UInt8]
    private var pointyBraces: PointyBraceScanner
    private var openers: [Opener] = []
    private var brackets = BracketStack()
    /// Code spans, found as cmark finds them (its backtick memo too).
    private var codeSpans: CodeSpanScanner
    /// Inline link syntax after a `]`.
    private var inlineLinks: InlineLinkSyntax
    /// Whether the bytes hold a `://` or `www.` anywhere.
    private let triggers: Bool
    /// The links matched so far, ascending.
    private(set) var links: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>, isLinkLabel: @escaping ([UInt8]) -> Bool) {
        self.bytes = bytes
        self.isLinkLabel = isLinkLabel
        // cmark trims the inline text's trailing whitespace, and cmark-gfm's
        // domain check never looks at the last byte it has: `_http://s_`
        // at a paragraph's end links, `_http://s_ x` does not.
        var end = bytes.count
        while end > 0, CharacterClass.isASCIISpace(bytes[end - 1]) { end -= 1 }
        data = Array(bytes[..<end])
        pointyBraces = PointyBraceScanner(bytes: bytes)
        codeSpans = CodeSpanScanner(bytes)
        inlineLinks = InlineLinkSyntax(bytes)
        triggers = Self.holdsTrigger(bytes)
    }

    private static func holdsTrigger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) {
            if bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/") {
                return true
            }
            if i + 3 < bytes.count, bytes[i] == UInt8(ascii: "w"), bytes[i + 1] == UInt8(ascii: "w"),
                bytes[i + 2] == UInt8(ascii: "w"), bytes[i + 3] == UInt8(ascii: ".")
            {
                return true
            }
        }
        return false
    }

    /// What to replace, ascending: each markup byte inside a link by its
    /// stand-in (a backslash escape inside one by two); outside any
    /// bracket, each `\[` and `\]` by ``EscapedTilde``'s stand-in (an
    /// escaped bracket opens nothing for the autolinks after it); and the
    /// `:` of each `://` cmark-gfm makes no link of by the stand-in of an
    /// escaped `:`, so that the autolink pass, which reads cmark's decoded
    /// text (`http://&amp;`, `h&#116;tp://a`), makes none either.
    mutating func replacements() -> [(range: Range<Int>, standIn: Unicode.Scalar)] {
        var found: [(range: Range<Int>, standIn: Unicode.Scalar)] = []
        var i = 0
        let n = bytes.count
        while i < n {
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                let escaped = i + 1 < n && CharacterClass.isASCIIPunctuation(bytes[i + 1])
                if escaped, triggers, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "]") {
                    found.append((i..<i + 2, EscapedTilde.standIn(bytes[i + 1])))
                }
                i += escaped ? 2 : 1
            case UInt8(ascii: "`"):
                i = codeSpans.end(at: i)
            case UInt8(ascii: "<"):
                i = pointyBraces.end(at: i) ?? i + 1
            case UInt8(ascii: "!") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "["):
                open(image: true, textStart: i + 2)
                i += 2
            case UInt8(ascii: "["):
                open(image: false, textStart: i + 1)
                i += 1
            case UInt8(ascii: "]"):
                i = close(at: i, found: &found)
            case UInt8(ascii: ":") where !brackets.blocksAutolinks:
                guard let link = AutolinkScanner.urlLink(data, colon: i, lowerBound: 0, textCount: n) else {
                    // A rejected link's `:` is kept from the inline pass; a
                    // `]:` may be a definition's, and starts no link there.
                    if i + 2 < n, bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/"),
                        i == 0 || bytes[i - 1] != UInt8(ascii: "]"), URLMarkup.mayOccur(in: bytes, word(around: i))
                    {
                        found.append((i..<i + 1, EscapedTilde.standIn(bytes[i])))
                    }
                    i += 1
                    continue
                }
                links.append(link)
                markup(in: link, into: &found)
                markTail(of: link, into: &found)
                i = link.upperBound
            case UInt8(ascii: "w") where !brackets.blocksAutolinks && wwwAllowed(at: i):
                guard let end = AutolinkScanner.wwwLink(data, at: i, textCount: n) else {
                    if i + 3 < n, bytes[i + 1] == UInt8(ascii: "w"), bytes[i + 2] == UInt8(ascii: "w"),
                        bytes[i + 3] == UInt8(ascii: "."), URLMarkup.mayOccur(in: bytes, word(around: i))
                    {
                        found.append((i + 3..<i + 4, EscapedTilde.standIn(bytes[i + 3])))
                    }
                    i += 1
                    continue
                }
                links.append(i..<end)
                markup(in: i..<end, into: &found)
                markTail(of: i..<end, into: &found)
                i = end
            default:
                i += 1
            }
        }
        return found
    }

    /// What follows a link's markup stand-ins: ``markEntityTail(after:into:)``,
    /// then ``markEscapedTail(of:into:)``, in the order of their offsets.
    private func markTail(of link: Range<Int>, into found: inout [(range: Range<Int>, standIn: Unicode.Scalar)]) {
        let backslashStoodIn = found.last?.range == link.upperBound - 1..<link.upperBound
        markEntityTail(after: link.upperBound, into: &found)
        if backslashStoodIn { markEscapedTail(of: link, into: &found) }
    }

    /// The `)` after `link` behind its stand-in when the link ends with a
    /// backslash (which got a stand-in) that escapes it in the source
    /// (`[](http://a\\)`: cmark-gfm's link is `http://a\\`, trimmed of the
    /// unbalanced `)`, and the inline link before it failed because the
    /// `)` was escaped; cmark, with the backslash gone, would close that
    /// link). cmark-gfm parses the byte after such a link afresh, so any
    /// other byte there is left as it is: only the inline link tried
    /// before the autolink saw the escape.
    private func markEscapedTail(
        of link: Range<Int>, into found: inout [(range: Range<Int>, standIn: Unicode.Scalar)]
    ) {
        let end = link.upperBound
        guard end < bytes.count, bytes[end] == UInt8(ascii: ")"), bytes[end - 1] == UInt8(ascii: "\\"),
            let standIn = URLMarkup.standIn(bytes[end])
        else { return }
        var start = end - 1
        while start > link.lowerBound, bytes[start - 1] == UInt8(ascii: "\\") { start -= 1 }
        if (end - start) % 2 == 1 { found.append((end..<end + 1, standIn)) }
    }

    /// ``URLMarkup/linkEnd`` after a link whose raw bytes went on, before
    /// the next whitespace or `<`, with an `&` (an `&entity;` trimmed off).
    private func markEntityTail(after end: Int, into found: inout [(range: Range<Int>, standIn: Unicode.Scalar)]) {
        var i = end
        while i < bytes.count, !CharacterClass.isASCIISpace(bytes[i]), bytes[i] != UInt8(ascii: "<") {
            if bytes[i] == UInt8(ascii: "&") {
                found.append((end..<end, URLMarkup.linkEnd))
                return
            }
            i += 1
        }
    }

    /// The markup inside `link`, and each `)` a backslash there escapes
    /// (see ``markEscapedTail(of:into:)``), unless it holds a footnote or
    /// math stand-in (U+2E32, U+2E31: `FootnoteStandIns.expandedNearURLs`
    /// decides how a reference and a URL meet).
    private func markup(in link: Range<Int>, into found: inout [(range: Range<Int>, standIn: Unicode.Scalar)]) {
        for offset in link where bytes[offset] == 0xE2 && offset + 2 < bytes.count && bytes[offset + 1] == 0xB8 {
            if bytes[offset + 2] == 0xB1 || bytes[offset + 2] == 0xB2 { return }
        }
        // Whether the byte before is a backslash that escapes the next.
        var escaping = false
        for offset in link {
            let byte = bytes[offset]
            if URLMarkup.isMarkup(byte) || escaping && byte == UInt8(ascii: ")"),
                let standIn = URLMarkup.standIn(byte)
            {
                found.append((offset..<offset + 1, standIn))
            }
            escaping = byte == UInt8(ascii: "\\") && !escaping
        }
    }

    /// The whitespace-delimited word holding offset `i`.
    private func word(around i: Int) -> Range<Int> {
        var start = i
        while start > 0, !CharacterClass.isASCIISpace(bytes[start - 1]) { start -= 1 }
        var end = i
        while end < bytes.count, !CharacterClass.isASCIISpace(bytes[end]) { end += 1 }
        return start..<end
    }

    /// cmark-gfm links `www.` only at the start or after whitespace, `*`, `_`, `~` or `(`.
    private func wwwAllowed(at i: Int) -> Bool {
        i == 0 || "*_~(".utf8.contains(bytes[i - 1]) || CharacterClass.isASCIISpace(bytes[i - 1])
    }

    // MARK: - Brackets

    private mutating func open(image: Bool, textStart: Int) {
        if !openers.isEmpty { openers[openers.count - 1].bracketAfter = true }
        openers.append(Opener(image: image, textStart: textStart))
        brackets.open(image: image)
    }

    /// After the `]` at `close`: past the destination or label of the link
    /// it makes, or past the `]` alone (`handle_close_bracket`). A label
    /// taken from the link's own text keeps its escaped brackets (`found`
    /// loses their replacements): it must match its definition as written.
    private mutating func close(
        at close: Int, found: inout [(range: Range<Int>, standIn: Unicode.Scalar)]
    ) -> Int {
        let after = close + 1
        guard let opener = openers.popLast() else { return after }
        brackets.close()
        guard opener.active else { return after }
        if let end = inlineLinks.end(at: after) {
            linkMade(image: opener.image)
            return end
        }
        let label = linkLabel(at: after)
        var key = label.map { Array(bytes[$0.text]) }
        var end = label?.end ?? after
        if key.map({ Self.trimmed($0).isEmpty }) ?? true {
            guard !opener.bracketAfter else { return after }
            key = Array(bytes[opener.textStart..<close])
            if label == nil { end = after }
        }
        guard let key, isLinkLabel(key) else { return after }
        if label.map({ Self.trimmed(Array(bytes[$0.text])).isEmpty }) ?? true {
            while let last = found.last, last.range.lowerBound >= opener.textStart { found.removeLast() }
        }
        linkMade(image: opener.image)
        return end
    }

    /// A link (not an image) deactivates the link openers before it.
    private mutating func linkMade(image: Bool) {
        guard !image else { return }
        for index in openers.indices.reversed() where !openers[index].image {
            if !openers[index].active { break }
            openers[index].active = false
        }
        brackets.linkMade()
    }

    /// `[label]` at `start`: its text and the offset after it (`link_label`).
    private func linkLabel(at start: Int) -> (text: Range<Int>, end: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var i = start + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: "]") {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count, CharacterClass.isASCIIPunctuation(bytes[i + 1]) {
                i += 1
            }
            i += 1
            if i - start - 1 > 999 { return nil }
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "]") else { return nil }
        return (start + 1..<i, i + 1)
    }

    private static func trimmed(_ label: [UInt8]) -> ArraySlice<UInt8> {
        var slice = label[...]
        while let first = slice.first, CharacterClass.isASCIISpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, CharacterClass.isASCIISpace(last) { slice = slice.dropLast() }
        return slice
    }
}
