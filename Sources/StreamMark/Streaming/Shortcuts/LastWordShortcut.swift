/// Prose arriving a few characters at a time: the append only extends the
/// last word of the open paragraph or heading, or of the open table row's
/// last cell.
///
/// ## Guard
/// The last leaf (``lastTextLeaf(_:endingAt:with:wordEnd:in:)``) is a
/// paragraph, heading or table row ending at the old end, whose last text
/// inline ends with the text's last word, the window defines no label, and
/// - the new bytes are *inert* (``InertBytes/isInert(_:)``: letters,
///   digits, non-ASCII characters, `,;?!%`), spaces, or word punctuation
///   (``InertBytes/isWordPunctuation(_:)``) under the conditions of
///   ``punctuationIsInert(in:leafStart:isRow:engine:text:)``: no newline,
///   no byte that can open, close or escape any inline or block construct,
///   or form an autolink, entity or table delimiter row;
/// - the text's last word (after trailing spaces) is made of the same
///   bytes and starts after a space, at the start of its line, or after a
///   delimiter, bracket, backtick, backslash or `|` whose meaning the
///   word's first byte settled (``InertBytes/mayPrecedeWord(_:)``, when the
///   token before holds no link: ``tokenIsNoLink(before:in:)``), or is
///   longer than ``InertBytes/lookBehind`` bytes without word punctuation
///   (no such word is that long), unless it ends with a digit and a letter
///   arrives: the domain of an e-mail address may be that long, and one
///   ending in a digit is no link for cmark-gfm, which a letter makes one
///   (`me@example.comRk…L3` / `m`, a stream violation of the stop-48 fuzz
///   run);
/// - a paragraph does not start with `[` (it could become a link reference
///   definition), and a heading grows only to a non-space (cmark ends an
///   ATX heading before its trailing spaces).
///
/// ## Work
/// The same tree with the new visible bytes (less trailing spaces, which
/// cmark strips at the end of a paragraph or cell) appended to that text
/// inline, and every block that ended at the old end ending at the new one
/// (``Block/extendRightEdge(from:to:isLast:adding:patches:)``).
///
/// - Complexity: O(chunk + depth of the tree), amortized.
struct LastWordShortcut: AppendShortcut {
    static let name = "last-word"

    func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let (text, oldEnd) = (append.text, append.oldEnd)
        guard engine.windowDefinesNothing else { return false }
        var punctuated = false
        for byte in append.new where !InertBytes.isInert(byte) && byte != 0x20 {
            guard InertBytes.isWordPunctuation(byte) else { return false }
            punctuated = true
        }
        guard let word = Self.lastWord(before: oldEnd, in: text, punctuated: &punctuated),
            word.startSeen || !Self.mayCompleteEmail(word.bytes, append.new),
            let leaf = Self.lastTextLeaf(root, endingAt: oldEnd, with: word.bytes, wordEnd: word.end, in: text),
            !punctuated
                || Self.punctuationIsInert(
                    in: UnsafeBufferPointer(rebasing: text[word.start...]), leafStart: leaf.start, isRow: leaf.isRow,
                    engine: engine, text: text)
        else { return false }
        var visibleEnd = text.count
        while visibleEnd > word.end, text[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
        // cmark ends an ATX heading before its trailing spaces (a paragraph
        // or row after them), so a heading grows in place only to a
        // non-space.
        guard !leaf.isHeading || visibleEnd == text.count else { return false }
        let added =
            visibleEnd > word.end
            ? (String(decoding: UnsafeBufferPointer(rebasing: text[word.end..<visibleEnd]), as: UTF8.self), visibleEnd)
            : nil
        root.extendRightEdge(from: oldEnd, to: text.count, isLast: true, adding: added, patches: &patches)
        return true
    }

    /// The text's last word before `end` (after trailing spaces), looked at
    /// through its last ``InertBytes/lookBehind`` bytes at most, if it
    /// starts where its first byte settles what it is (see the guard).
    /// `punctuated` is set if it holds word punctuation.
    private static func lastWord(
        before end: Int, in text: UnsafeBufferPointer<UInt8>, punctuated: inout Bool
    ) -> (start: Int, end: Int, bytes: UnsafeBufferPointer<UInt8>, startSeen: Bool)? {
        let lookBehind = InertBytes.lookBehind
        var wordEnd = end
        while wordEnd > 0, end - wordEnd <= lookBehind, text[wordEnd - 1] == 0x20 { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, wordEnd - wordStart < lookBehind,
            InertBytes.isInert(text[wordStart - 1]) || InertBytes.isWordPunctuation(text[wordStart - 1])
        {
            wordStart -= 1
            punctuated = punctuated || InertBytes.isWordPunctuation(text[wordStart])
        }
        let startSeen =
            wordStart == 0 || InertBytes.isWordBoundary(text[wordStart - 1])
            || (InertBytes.mayPrecedeWord(text[wordStart - 1]) && tokenIsNoLink(before: wordStart, in: text))
        guard wordStart < wordEnd, end - wordEnd <= lookBehind,
            startSeen || (wordEnd - wordStart == lookBehind && !punctuated)
        else { return nil }
        return (wordStart, wordEnd, UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd]), startSeen)
    }

    /// Whether appending `new` to a word ending in `word` may turn an
    /// e-mail address that is no link into one: cmark-gfm links an address
    /// only if its domain ends with a letter (or `.`), so a digit followed
    /// by a letter may.
    private static func mayCompleteEmail(_ word: UnsafeBufferPointer<UInt8>, _ new: some Sequence<UInt8>) -> Bool {
        guard let last = word.last, last >= UInt8(ascii: "0"), last <= UInt8(ascii: "9") else { return false }
        return new.contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }

    /// Whether the word punctuation (``InertBytes/isWordPunctuation(_:)``)
    /// in `tail` (the last word and the new bytes) is as inert as a
    /// letter: without smart punctuation (which turns `.` `-` `'` `"` into
    /// other characters), not in a URL the autolink extension could link
    /// (`://`, `www.`), and on a line whose content starts with a letter or
    /// a non-ASCII character (`leafStart`, if the paragraph or table row
    /// starts on this line, else the line's first byte after its
    /// indentation) — so that the line is no list marker (`1.`, `-`),
    /// setext underline, thematic break or table delimiter row (`|-:`), and
    /// none can form. A table row may also start with `|`: a body row stays
    /// a row whatever its cells hold.
    private static func punctuationIsInert(
        in tail: UnsafeBufferPointer<UInt8>, leafStart: Int, isRow: Bool, engine: IncrementalEngine,
        text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard !engine.options.smartPunctuation, !mayBeURL(tail) else { return false }
        let lineStart = engine.lastLineStart
        var first = leafStart
        if first < lineStart {
            first = lineStart
            while first < text.count, first - lineStart < InertBytes.lookBehind,
                text[first] == 0x20 || text[first] == 0x09
            {
                first += 1
            }
        }
        guard first < text.count else { return false }
        switch text[first] {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...0xFF: return true
        case UInt8(ascii: "|"): return isRow
        default: return false
        }
    }

    /// Whether `bytes` hold `://` or `www.` (any case): text the autolink
    /// extension could turn into a link as more of it arrives.
    private static func mayBeURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) {
            if bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/") {
                return true
            }
            if i + 3 < bytes.count, bytes[i + 3] == UInt8(ascii: "."), bytes[i] | 0x20 == UInt8(ascii: "w"),
                bytes[i + 1] | 0x20 == UInt8(ascii: "w"), bytes[i + 2] | 0x20 == UInt8(ascii: "w")
            {
                return true
            }
        }
        return false
    }

    /// The last leaf, if every block on the right edge of `root` ends at
    /// `end` and the last one holds text that ends with `word` and that
    /// the word's bytes extend: a paragraph, not starting with `[`, whose
    /// last inline is that text, or a table row whose last cell's last
    /// inline is, with the cell ending where the word does (a cell past
    /// the header's count is dropped, so the row's last cell may be an
    /// earlier one). (A separate function, so that no copy of a block
    /// outlives the check: the tree is then mutated in place, without
    /// copy-on-write copies of its child arrays.)
    private static func lastTextLeaf(
        _ root: Block, endingAt end: Int, with word: UnsafeBufferPointer<UInt8>, wordEnd: Int,
        in text: UnsafeBufferPointer<UInt8>
    ) -> (start: Int, isRow: Bool, isHeading: Bool)? {
        var node = root
        while true {
            guard node.range.upperBound == end else { return nil }
            guard let last = node.children.last else { break }
            node = last
        }
        let last: String
        var isRow = false
        var isHeading = false
        switch node.kind {
        case .paragraph(let inlines):
            guard case .text(let string)? = inlines.last, node.range.lowerBound < text.count,
                text[node.range.lowerBound] != UInt8(ascii: "[")
            else { return nil }
            last = string
        case .heading(_, let inlines):
            // An ATX heading's line, or a setext heading's underline: the
            // underline's last word (`---`) is no suffix of the heading's
            // text unless the text ends with it too, and then the line
            // starts with `-`, which `punctuationIsInert` refuses.
            guard case .text(let string)? = inlines.last else { return nil }
            last = string
            isHeading = true
        case .tableRow(let cells):
            guard let cell = cells.last, case .text(let string)? = cell.inlines.last, cell.range.upperBound == wordEnd
            else { return nil }
            last = string
            isRow = true
        default:
            return nil
        }
        guard last.utf8.count >= word.count, last.utf8.suffix(word.count).elementsEqual(word) else { return nil }
        return (node.range.lowerBound, isRow, isHeading)
    }

    /// Whether the token the word ends (from the last space or line start,
    /// at most ``InertBytes/lookBehind`` bytes back) holds no `:`, `.` or
    /// `@`, so that no autolink the extension could extend over the word
    /// runs through it (`http://b.org/x\|"r`: the link takes the `"r` the
    /// word grows).
    private static func tokenIsNoLink(before wordStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = wordStart
        while i > 0, wordStart - i < InertBytes.lookBehind, !InertBytes.isWordBoundary(text[i - 1]) {
            i -= 1
            switch text[i] {
            case UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "@"): return false
            default: continue
            }
        }
        return i == 0 || InertBytes.isWordBoundary(text[i - 1])
    }
}
