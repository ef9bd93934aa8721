/// The inline extensions over cmark's inline tree: extended autolinks
/// (`www.`, `http(s)://`, `ftp://` while inline content is scanned, then
/// e-mail addresses over the finished tree) and strikethrough (`~`/`~~`
/// delimiter runs, paired as cmark-gfm pairs them).
///
/// cmark has already resolved code spans, raw HTML, links, emphasis and
/// escapes; these passes only look inside text nodes, and treat every other
/// inline as the source characters it starts and ends with (`*` for
/// emphasis, `` ` `` for code, `[`/`)` for links, a newline for breaks).
struct InlineExtensionPass {
    /// Extended autolinks.
    var autolink: Bool
    /// Strikethrough.
    var strikethrough: Bool
    /// Whether cmark applied smart punctuation: autolinks then scan the
    /// text with curly quotes, dashes and ellipses turned back into the
    /// ASCII source cmark-gfm scans.
    var smart = false
    /// Whether text holds stand-ins for escaped characters (see
    /// ``EscapedTilde``): autolinks then scan them as the source `\X`,
    /// and e-mail addresses are found after they are turned back into X.
    var escapes = false
    /// For each hard line break of the block, in order, whether it is
    /// written as a backslash (`nil`: unknown). cmark's tree shows a line break
    /// written as `\` and one written as two spaces alike; a tilde run
    /// before the first is followed by punctuation in the source, which
    /// cmark-gfm reads (`~~\` / `s~~` is struck), before the second by
    /// whitespace. Used only when the tree holds as many hard breaks as
    /// the source (none inside a code span).
    let backslashBreaks: [Bool]?
    /// The block's autolinks `<…>` whose text holds a tilde: their text is
    /// left as written (`nil`: none).
    let angleAutolinks: AngleAutolinks?

    /// The kinds of the hard line breaks, met in document order.
    private final class BreakCursor {
        var kinds: [Bool]
        var index = 0
        init(_ kinds: [Bool]) { self.kinds = kinds }
        /// Whether the next hard line break is a backslash one.
        func next() -> Bool {
            defer { index += 1 }
            return index < kinds.count && kinds[index]
        }
    }
    /// Only for a block with ``backslashBreaks``: no allocation otherwise.
    private let breaks: BreakCursor?

    init(
        autolink: Bool, strikethrough: Bool, smart: Bool = false, escapes: Bool = false, backslashBreaks: [Bool]? = nil,
        angleAutolinks: AngleAutolinks? = nil
    ) {
        self.autolink = autolink
        self.strikethrough = strikethrough
        self.smart = smart
        self.escapes = escapes
        self.backslashBreaks = backslashBreaks
        self.angleAutolinks = angleAutolinks
        breaks = backslashBreaks.map { BreakCursor($0) }
    }

    /// An inline with the source characters it starts and ends with.
    private struct Piece {
        var inline: Inline
        var first: Unicode.Scalar
        var last: Unicode.Scalar
    }

    /// Applies the enabled inline extensions to a block's inlines.
    ///
    /// - Complexity: O(n) in the size of the inline tree; the `~` opener
    ///   searches skip runs that can no longer open (``OpenerSearch``).
    func apply(_ inlines: [Inline]) -> [Inline] {
        if !autolink && !strikethrough { return inlines }
        if !mayMatch(inlines) { return inlines }
        var brackets = BracketStack()
        if let backslashBreaks, Self.breakCount(inlines) != backslashBreaks.count { breaks?.kinds = [] }
        var result = process(inlines, open: "\n", close: nil, inLink: false, brackets: &brackets)
        if escapes { result = EscapedTilde.restored(result) }
        if autolink { result = emails(result) }
        return result
    }

    /// Whether any text holds a byte that can start an extension: `~` for
    /// strikethrough; `:`, `w` or `@` for autolinks.
    private func mayMatch(_ inlines: [Inline]) -> Bool {
        for inline in inlines {
            switch inline {
            case .text(let string):
                if mayMatch(string) { return true }
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                .link(_, _, let children), .image(_, _, let children):
                if mayMatch(children) { return true }
            default:
                break
            }
        }
        return false
    }

    /// Whether one text node can hold an extension: a `~` for
    /// strikethrough; `://`, `www` or `@` for autolinks (a URL's `://` and a
    /// `www.` link's `www` are always inside one text node).
    private func mayMatch(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "~") where strikethrough:
                    return true
                case UInt8(ascii: "@") where autolink:
                    return true
                case UInt8(ascii: ":") where autolink && i + 2 < bytes.count:
                    if bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/") { return true }
                case UInt8(ascii: "w") where autolink && i + 2 < bytes.count:
                    if bytes[i + 1] == UInt8(ascii: "w") && bytes[i + 2] == UInt8(ascii: "w") { return true }
                default:
                    break
                }
                i += 1
            }
            return false
        }
    }

    /// How many hard line breaks `inlines` hold, at any depth.
    private static func breakCount(_ inlines: [Inline]) -> Int {
        inlines.reduce(0) { count, inline in
            if let children = inline.containerChildren { return count + breakCount(children) }
            if case .lineBreak = inline { return count + 1 }
            return count
        }
    }

    private static func edges(_ inline: Inline) -> (Unicode.Scalar, Unicode.Scalar) {
        switch inline {
        case .text(let s):
            return (s.unicodeScalars.first ?? " ", s.unicodeScalars.last ?? " ")
        case .softBreak, .lineBreak: return ("\n", "\n")
        case .code: return ("`", "`")
        case .html: return ("<", ">")
        case .emphasis, .strong: return ("*", "*")
        case .strikethrough: return ("~", "~")
        case .link: return ("[", ")")
        case .image: return ("!", ")")
        case .math: return ("$", "$")
        case .footnoteReference: return ("[", "]")
        }
    }

    /// Processes one sibling list. `open` is the source character before
    /// it, `close` the one after it (`nil` at the end of the block's text).
    private func process(
        _ inlines: [Inline], open: Unicode.Scalar, close: Unicode.Scalar?, inLink: Bool, brackets: inout BracketStack
    ) -> [Inline] {
        var pieces: [Piece] = []
        for (index, inline) in inlines.enumerated() {
            switch inline {
            case .text(let string):
                let before = pieces.last?.last ?? open
                let after = index + 1 < inlines.count ? Self.edges(inlines[index + 1]).0 : close
                if autolink && !inLink {
                    pieces.append(contentsOf: links(in: string, before: before, after: after, brackets: &brackets))
                } else {
                    let (first, last) = Self.edges(inline)
                    pieces.append(Piece(inline: inline, first: first, last: last))
                }
            case .emphasis(let children):
                let inner = process(children, open: "*", close: "*", inLink: inLink, brackets: &brackets)
                pieces.append(Piece(inline: .emphasis(inner), first: "*", last: "*"))
            case .strong(let children):
                let inner = process(children, open: "*", close: "*", inLink: inLink, brackets: &brackets)
                pieces.append(Piece(inline: .strong(inner), first: "*", last: "*"))
            case .strikethrough(let children):
                let inner = process(children, open: "~", close: "~", inLink: inLink, brackets: &brackets)
                pieces.append(Piece(inline: .strikethrough(inner), first: "~", last: "~"))
            case .link(let destination, _, let children)
            where
                angleAutolinks?.contains(destination: destination, children: children) == true:
                // cmark read the autolink whole: no tilde inside it pairs.
                pieces.append(Piece(inline: inline, first: "<", last: ">"))
            case .link(let destination, let title, let children):
                // A link from `<…>` is no bracket link for cmark-gfm.
                if !Self.isAngleAutolink(destination, children) { brackets.linkMade() }
                var inner = BracketStack()
                let processed = process(children, open: "[", close: "]", inLink: true, brackets: &inner)
                pieces.append(
                    Piece(
                        inline: .link(destination: destination, title: title, children: processed), first: "[",
                        last: ")"))
            case .image(let source, let title, let children):
                var inner = BracketStack()
                let processed = process(children, open: "[", close: "]", inLink: true, brackets: &inner)
                pieces.append(
                    Piece(inline: .image(source: source, title: title, children: processed), first: "!", last: ")"))
            case .lineBreak:
                pieces.append(Piece(inline: inline, first: breaks?.next() == true ? "\\" : "\n", last: "\n"))
            default:
                let (first, last) = Self.edges(inline)
                pieces.append(Piece(inline: inline, first: first, last: last))
            }
        }
        let resolved = strikethrough ? strike(pieces, open: open, close: close ?? "\n") : pieces.map(\.inline)
        return Self.merged(resolved)
    }

    // MARK: - Autolinks

    private static func asciiByte(_ scalar: Unicode.Scalar?) -> UInt8? {
        guard let scalar else { return nil }
        return scalar.value < 128 ? UInt8(scalar.value) : 0x80
    }

    /// Splits a text node at `www.` and `scheme://` links.
    /// The text as cmark-gfm would scan it (smart punctuation undone) and,
    /// for each of its bytes, the offset in `string`'s UTF-8 where the
    /// character it comes from starts.
    private func sourceView(_ string: String) -> (bytes: [UInt8], origins: [Int]) {
        let original = Array(string.utf8)
        guard
            smart
                || (escapes
                    && string.unicodeScalars.contains(where: {
                        EscapedTilde.escapedByte($0) != nil || $0 == EscapedTilde.lineEndBackslash
                            || URLMarkup.literalByte($0) != nil || $0 == URLMarkup.linkEnd
                    }))
        else { return (original, Array(original.indices)) }
        var bytes: [UInt8] = []
        var origins: [Int] = []
        var offset = 0
        for scalar in string.unicodeScalars {
            let width = UTF8.width(scalar)
            let replacement: String? =
                switch scalar {
                case _ where escapes && URLMarkup.literalByte(scalar) != nil:
                    String(Unicode.Scalar(URLMarkup.literalByte(scalar)!))
                case URLMarkup.linkEnd where escapes: " "
                case _ where escapes && EscapedTilde.escapedByte(scalar) != nil:
                    "\\" + String(Unicode.Scalar(EscapedTilde.escapedByte(scalar)!))
                case EscapedTilde.lineEndBackslash where escapes: "\\"
                case _ where !smart: nil
                case "\u{201C}", "\u{201D}": "\""
                case "\u{2018}", "\u{2019}": "'"
                case "\u{2013}": "--"
                case "\u{2014}": "---"
                case "\u{2026}": "..."
                default: nil
                }
            if let replacement {
                for byte in replacement.utf8 {
                    bytes.append(byte)
                    origins.append(offset)
                }
            } else {
                for k in 0..<width {
                    bytes.append(original[offset + k])
                    origins.append(offset + k)
                }
            }
            offset += width
        }
        return (bytes, origins)
    }

    private func links(
        in string: String, before: Unicode.Scalar, after: Unicode.Scalar?, brackets: inout BracketStack
    ) -> [Piece] {
        let original = Array(string.utf8)
        let (text, origins) = sourceView(string)
        func origin(_ index: Int) -> Int { index < origins.count ? origins[index] : original.count }
        /// Whether the character at `offset` of `original` is a stand-in.
        func isStandIn(_ offset: Int) -> Bool {
            escapes && offset + 2 < original.count && original[offset] == 0xE2 && original[offset + 1] == 0xB8
                && (original[offset + 2] >= 0x80 && original[offset + 2] <= 0x9F
                    || URLMarkup.isStandIn(original, at: offset))
        }
        var data = text
        // An escaped character after the node starts with its backslash in
        // the source; a link's markup byte is itself.
        let next =
            escapes && after.map { EscapedTilde.escapedByte($0) != nil } == true
            ? "\\" : after.map { escapes ? EscapedTilde.resolved($0) : $0 }
        if let next = Self.asciiByte(next) { data.append(next) }
        var pieces: [Piece] = []
        var segment = 0
        var i = 0
        func flush(_ end: Int) {
            let lower = origin(segment)
            let upper = max(lower, origin(end))
            if upper > lower {
                let inline = Inline.text(String(decoding: original[lower..<upper], as: UTF8.self))
                let (first, last) = Self.edges(inline)
                pieces.append(Piece(inline: inline, first: first, last: last))
            }
        }
        func link(_ range: Range<Int>, destination: String) {
            let label = String(decoding: text[range], as: UTF8.self)
            pieces.append(
                Piece(
                    inline: .link(destination: destination, title: "", children: [.text(label)]),
                    first: label.unicodeScalars.first ?? " ", last: label.unicodeScalars.last ?? " "))
        }
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                // An escaped bracket (a stand-in) opens and closes nothing.
                if !isStandIn(origin(i)) {
                    if byte == UInt8(ascii: "]") {
                        brackets.close()
                    } else {
                        let previous = i > 0 ? text[i - 1] : Self.asciiByte(before)
                        brackets.open(image: previous == UInt8(ascii: "!"))
                    }
                }
            } else if !brackets.blocksAutolinks, byte == UInt8(ascii: ":"),
                let range = AutolinkScanner.urlLink(data, colon: i, lowerBound: segment, textCount: text.count)
            {
                flush(range.lowerBound)
                link(range, destination: String(decoding: text[range], as: UTF8.self))
                segment = range.upperBound
                i = segment
                continue
            } else if !brackets.blocksAutolinks, byte == UInt8(ascii: "w"), wwwAllowed(text, i, before: before),
                let end = AutolinkScanner.wwwLink(data, at: i, textCount: text.count)
            {
                flush(i)
                link(i..<end, destination: "http://" + String(decoding: text[i..<end], as: UTF8.self))
                segment = end
                i = end
                continue
            }
            i += 1
        }
        flush(text.count)
        return pieces
    }

    /// Whether a link is an autolink `<…>` (its text is its destination,
    /// after `mailto:` for an address): cmark parses those without
    /// brackets.
    static func isAngleAutolink(_ destination: String, _ children: [Inline]) -> Bool {
        guard children.count == 1, case .text(let label) = children[0] else { return false }
        return destination == label || destination == "mailto:" + label
    }

    /// cmark-gfm links `www.` only at the start of the text or after
    /// whitespace, `*`, `_`, `~` or `(`.
    private func wwwAllowed(_ text: [UInt8], _ i: Int, before: Unicode.Scalar) -> Bool {
        let previous: UInt8
        if i > 0 {
            previous = text[i - 1]
        } else {
            guard let byte = Self.asciiByte(escapes ? EscapedTilde.resolved(before) : before) else { return false }
            previous = byte
        }
        return "*_~(".utf8.contains(previous) || CharacterClass.isASCIISpace(previous)
    }

    /// E-mail autolinks in every text node outside links.
    private func emails(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            switch inline {
            case .text(let string):
                if let split = AutolinkScanner.emails(in: string) {
                    result.append(contentsOf: split)
                } else {
                    result.append(inline)
                }
            case .emphasis(let children): result.append(.emphasis(emails(children)))
            case .strong(let children): result.append(.strong(emails(children)))
            case .strikethrough(let children): result.append(.strikethrough(emails(children)))
            case .image(let source, let title, let children):
                result.append(.image(source: source, title: title, children: emails(children)))
            default: result.append(inline)
            }
        }
        return result
    }

    // MARK: - Strikethrough

    private struct Delimiter {
        var item: Int
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var active = true
    }

    /// Pairs `~` runs of one sibling list (cmark-gfm's `process_emphasis`
    /// for the strikethrough extension's delimiters).
    private func strike(_ pieces: [Piece], open: Unicode.Scalar, close: Unicode.Scalar) -> [Inline] {
        // Split text pieces into text and tilde runs (at most 100 per run).
        var items: [(inline: Inline?, tildes: Int, first: Unicode.Scalar, last: Unicode.Scalar)] = []
        var hasTilde = false
        for piece in pieces {
            guard case .text(let string) = piece.inline, string.utf8.contains(UInt8(ascii: "~")) else {
                items.append((piece.inline, 0, piece.first, piece.last))
                continue
            }
            hasTilde = true
            var current = String.UnicodeScalarView()
            var run = 0
            func flushText() {
                if !current.isEmpty {
                    items.append((.text(String(current)), 0, current.first!, current.last!))
                    current = String.UnicodeScalarView()
                }
            }
            func flushRun() {
                while run > 0 {
                    let length = min(run, 100)
                    items.append((nil, length, "~", "~"))
                    run -= length
                }
            }
            for scalar in string.unicodeScalars {
                if scalar == "~" {
                    flushText()
                    run += 1
                } else {
                    flushRun()
                    current.append(scalar)
                }
            }
            flushText()
            flushRun()
        }
        guard hasTilde else { return pieces.map(\.inline) }

        var delimiters: [Delimiter] = []
        for (index, item) in items.enumerated() where item.inline == nil {
            // An escaped tilde counts as the `~` it stands for.
            var before = index > 0 ? items[index - 1].last : open
            var after = index + 1 < items.count ? items[index + 1].first : close
            if before == EscapedTilde.marker || escapes { before = EscapedTilde.resolved(before) }
            if after == EscapedTilde.marker || escapes { after = EscapedTilde.resolved(after) }
            let left =
                !CharacterClass.isSpace(after)
                && (!CharacterClass.isPunctuation(after) || CharacterClass.isSpace(before)
                    || CharacterClass.isPunctuation(before))
            let right =
                !CharacterClass.isSpace(before)
                && (!CharacterClass.isPunctuation(before) || CharacterClass.isSpace(after)
                    || CharacterClass.isPunctuation(after))
            if (left || right) && item.tildes <= 2 {
                delimiters.append(Delimiter(item: index, length: item.tildes, canOpen: left, canClose: right))
            }
        }

        var opens = Set<Int>()
        var closes = Set<Int>()
        var bottom = [-1, -1, -1]
        var search = OpenerSearch(count: delimiters.count)
        var closer = 0
        while closer < delimiters.count {
            let current = delimiters[closer]
            guard current.active, current.canClose else {
                closer += 1
                continue
            }
            func canOpen(_ index: Int) -> Bool { delimiters[index].active && delimiters[index].canOpen }
            var opener = search.nearest(atOrBelow: closer - 1, where: canOpen)
            var found = false
            while opener > bottom[current.length % 3] {
                let candidate = delimiters[opener]
                if !(current.canOpen || candidate.canClose) || current.length % 3 == 0
                    || (candidate.length + current.length) % 3 != 0
                {
                    found = true
                    break
                }
                opener = search.nearest(atOrBelow: opener - 1, where: canOpen)
            }
            if found {
                // Runs of different lengths do not pair, and stay
                // (cmark-gfm 0.29.0.gfm.6's strikethrough leaves both:
                // `~~a~ b~~` pairs the outer runs).
                if delimiters[opener].length == current.length {
                    opens.insert(delimiters[opener].item)
                    closes.insert(current.item)
                    for k in opener...closer { delimiters[k].active = false }
                }
            } else {
                var previous = closer - 1
                while previous >= 0, !delimiters[previous].active { previous -= 1 }
                bottom[current.length % 3] = previous
                if !current.canOpen { delimiters[closer].active = false }
            }
            closer += 1
        }

        var stack: [[Inline]] = [[]]
        for (index, item) in items.enumerated() {
            if opens.contains(index) {
                stack.append([])
            } else if closes.contains(index), stack.count > 1 {
                let inner = stack.removeLast()
                // Pairs nested past InlineNesting.maximumDepth in one list are
                // dissolved (their text kept), so no deep tree is built.
                if stack.count > InlineNesting.maximumDepth {
                    stack[stack.count - 1].append(contentsOf: inner)
                } else {
                    stack[stack.count - 1].append(.strikethrough(Self.merged(inner)))
                }
            } else {
                stack[stack.count - 1].append(item.inline ?? .text(String(repeating: "~", count: item.tildes)))
            }
        }
        return stack[0]
    }

    /// Merges adjacent text nodes and drops empty ones.
    static func merged(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        // Adjacent texts are gathered in one string, appended to in place
        // (joining each to the last result copied it: quadratic in a long
        // run of tilde pieces).
        var pending = ""
        for inline in inlines {
            if case .text(let text) = inline {
                pending += text
                continue
            }
            if !pending.isEmpty { result.append(.text(pending)) }
            pending = ""
            result.append(inline)
        }
        if !pending.isEmpty { result.append(.text(pending)) }
        return result
    }
}
