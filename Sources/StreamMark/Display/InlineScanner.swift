/// The left-to-right scan behind ``InlineCompletion``: finds the inline
/// markup still open at the end of a block's text.
struct InlineScanner {
    let text: [UInt8]
    var state = InlineCompletion.State()
    /// For each backtick run length, a position from which no closing run of
    /// that length exists (cmark's trick that keeps code spans linear).
    private var noCloserFrom: [Int: Int] = [:]
    /// How many openers of `*`, `_` and `~` are on the stack (so a closer
    /// learns in O(1) whether anything can match it).
    private var openerCounts = (star: 0, underscore: 0, tilde: 0)

    init(_ text: [UInt8]) { self.text = text }

    /// Scans the whole text and returns what is open at its end.
    ///
    /// - Complexity: O(n).
    mutating func scan() -> InlineCompletion.State {
        var i = 0
        while i < text.count {
            switch text[i] {
            case UInt8(ascii: "\\"): i = escape(at: i)
            case UInt8(ascii: "`"): i = backticks(at: i)
            case UInt8(ascii: "<"): i = angle(at: i)
            case UInt8(ascii: "&"): i = entity(at: i)
            case UInt8(ascii: "!") where i + 1 < text.count && text[i + 1] == UInt8(ascii: "["):
                state.brackets.append(.init(start: i, image: true, removable: true, openerDepth: state.openers.count))
                i += 2
            case UInt8(ascii: "["):
                let removable = Flanking.startsMarkup(scalar(before: i))
                state.brackets.append(
                    .init(start: i, image: false, removable: removable, openerDepth: state.openers.count))
                i += 1
            case UInt8(ascii: "]"): i = closeBracket(at: i)
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"): i = delimiterRun(at: i)
            default: i += 1
            }
            if state.code != nil || state.link != nil || state.hideFrom != nil { break }
        }
        return state
    }

    // MARK: - Escapes, code, tags, entities

    private mutating func escape(at i: Int) -> Int {
        guard i + 1 < text.count else {
            state.hideFrom = i
            return i + 1
        }
        return CharacterClass.isPunctuation(Unicode.Scalar(text[i + 1])) && text[i + 1] < 0x80 ? i + 2 : i + 1
    }

    private mutating func backticks(at i: Int) -> Int {
        let run = runLength(at: i)
        let after = i + run
        if let blocked = noCloserFrom[run], blocked <= after {
            state.code = (i, run)
            return text.count
        }
        var j = after
        while j < text.count {
            if text[j] == UInt8(ascii: "`") {
                let length = runLength(at: j)
                if length == run { return j + length }
                j += length
            } else {
                j += 1
            }
        }
        noCloserFrom[run] = after
        state.code = (i, run)
        return text.count
    }

    /// `<` starts a tag or autolink when a letter, `/`, `!` or `?` follows.
    /// A complete one is skipped whole (its attributes hold no emphasis); an
    /// unfinished one at the very end is hidden.
    private mutating func angle(at i: Int) -> Int {
        guard i + 1 < text.count else {
            state.hideFrom = i
            return i + 1
        }
        let next = text[i + 1]
        guard
            CharacterClass.isASCIIAlpha(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!")
                || next == UInt8(ascii: "?")
        else { return i + 1 }
        var j = i + 1
        while j < text.count, j - i <= 256 {
            switch text[j] {
            case UInt8(ascii: ">"): return j + 1
            case UInt8(ascii: "<"), 0x0A: return i + 1
            default: j += 1
            }
        }
        if j == text.count { state.hideFrom = i }
        return i + 1
    }

    /// An entity or numeric reference cut off at the very end (`&am`, `&#12`)
    /// is hidden.
    private mutating func entity(at i: Int) -> Int {
        var j = i + 1
        if j < text.count, text[j] == UInt8(ascii: "#") { j += 1 }
        while j < text.count, j - i <= 32, CharacterClass.isASCIIAlphanumeric(text[j]) { j += 1 }
        if j == text.count { state.hideFrom = i }
        return i + 1
    }

    // MARK: - Links

    private mutating func closeBracket(at i: Int) -> Int {
        guard let bracket = state.brackets.popLast() else { return i + 1 }
        if i + 1 == text.count {
            state.link = (bracket, i)
            return text.count
        }
        guard text[i + 1] == UInt8(ascii: "(") else { return i + 1 }
        guard let end = destinationEnd(from: i + 2) else {
            state.link = (bracket, i)
            return text.count
        }
        // A complete inline link: emphasis inside it was settled there.
        removeOpeners(from: min(state.openers.count, bracket.openerDepth))
        return end
    }

    /// The position after the `)` that ends an inline link's destination and
    /// title, or `nil` when the text ends first.
    private func destinationEnd(from start: Int) -> Int? {
        var depth = 0
        var j = start
        var quote: UInt8? = nil
        while j < text.count {
            let byte = text[j]
            if byte == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { return j + 1 }
                depth -= 1
            }
            j += 1
        }
        return nil
    }

    // MARK: - Emphasis

    private mutating func delimiterRun(at i: Int) -> Int {
        let byte = text[i]
        let run = runLength(at: i)
        let end = i + run
        let before = scalar(before: i)
        let after = end < text.count ? CharacterClass.decode(text, at: end) : nil
        let flanking = Flanking(before: before, after: after)
        let closes = flanking.canClose(byte) && hasOpener(byte)
        if !closes && end == text.count && flanking.isSpaceOrPunctuation(before) {
            // Nothing after the run yet and nothing for it to close: it can
            // only become an opener; hide it for now.
            state.hideFrom = i
            return end
        }
        if byte == UInt8(ascii: "~") && run == 1 && end == text.count && closes {
            // Half of a closing `~~`: hide it; the opener is closed whole.
            state.hideFrom = i
            return end
        }
        if byte == UInt8(ascii: "~") && run != 2 { return end }
        var remaining = run
        if closes { remaining = matchClosers(byte: byte, count: run) }
        if remaining > 0 && flanking.canOpen(byte) {
            state.openers.append(
                .init(byte: byte, start: i, end: end, count: remaining, wordInternal: flanking.isWordInternal))
            adjustCount(byte, by: 1)
        }
        return end
    }

    /// Whether an opener of `byte` is waiting.
    ///
    /// - Complexity: O(1).
    private func hasOpener(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"): openerCounts.star > 0
        case UInt8(ascii: "_"): openerCounts.underscore > 0
        default: openerCounts.tilde > 0
        }
    }

    private mutating func adjustCount(_ byte: UInt8, by delta: Int) {
        switch byte {
        case UInt8(ascii: "*"): openerCounts.star += delta
        case UInt8(ascii: "_"): openerCounts.underscore += delta
        default: openerCounts.tilde += delta
        }
    }

    /// Removes the openers from `index` to the top of the stack.
    private mutating func removeOpeners(from index: Int) {
        for opener in state.openers[index...] { adjustCount(opener.byte, by: -1) }
        state.openers.removeSubrange(index...)
    }

    /// Matches a closing run against the openers (nearest first) and returns
    /// the delimiters left over.
    private mutating func matchClosers(byte: UInt8, count: Int) -> Int {
        var remaining = count
        while remaining > 0 {
            guard let index = state.openers.lastIndex(where: { $0.byte == byte }) else { break }
            if byte == UInt8(ascii: "~") && state.openers[index].count != remaining { break }
            let used = min(state.openers[index].count, remaining, 2)
            remaining -= used
            state.openers[index].count -= used
            removeOpeners(from: index + 1)
            if state.openers[index].count == 0 { removeOpeners(from: index) }
        }
        return remaining
    }

    // MARK: - Helpers

    private func runLength(at i: Int) -> Int {
        var j = i
        while j < text.count, text[j] == text[i] { j += 1 }
        return j - i
    }

    private func scalar(before i: Int) -> Unicode.Scalar? {
        guard i > 0 else { return nil }
        var start = i - 1
        while start > 0, i - start < 4, text[start] & 0xC0 == 0x80 { start -= 1 }
        return CharacterClass.decode(text, at: start)
    }
}
