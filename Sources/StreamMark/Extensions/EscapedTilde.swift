/// Keeps backslash-escaped characters apart where cmark-gfm sees the
/// source and cmark's text has lost the backslash: escaped tildes (`\~`)
/// everywhere, and escaped punctuation inside URL-shaped words
/// (`www\.a\.com`, `http\:\/\/a.com`, `http://a.com/p\_q`).
///
/// cmark resolves `\~` to a plain `~` in its text nodes, where the
/// strikethrough pass could no longer tell it from a delimiter; and it
/// resolves `www\.a` to `www.a`, where cmark-gfm's autolink extension,
/// which matches on the source, sees no `www.`. Blocks whose source holds
/// such escapes are therefore parsed again with each escaped character
/// replaced by a stand-in, which the inline passes treat as the source
/// `\X` (autolinks) or a literal X (strikethrough); afterwards it becomes
/// X again (`\X` inside code spans and raw HTML, where backslashes are
/// literal). The stand-ins are the 32 characters U+2E00–U+2E1F
/// (Supplemental Punctuation), one per ASCII punctuation character: cmark
/// counts them as punctuation, as it counts the escaped character, so
/// emphasis next to an escape is parsed the same.
///
/// A word is URL-shaped when, without its backslashes, it holds `www.` or
/// `://`; its escapes after a `<`, and escapes inside a bracket pair, stay
/// as they are (an autolink `<…>` keeps its backslashes, a link label must
/// stay as written to match its definition). Escaped brackets outside a
/// bracket pair become stand-ins too when the block holds `www.` or `://`:
/// they open and close no bracket for the autolinks after them. A block whose text already holds one of the stand-in
/// characters is not parsed again (its escapes are resolved as cmark
/// resolves them).
enum EscapedTilde {
    /// The ASCII punctuation characters, in order: stand-in `i` is U+2E00 + i.
    private static let punctuation: [UInt8] = Array(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.utf8)
    private static let firstStandIn: UInt32 = 0x2E00

    /// The stand-in for the escaped ASCII punctuation character `byte`.
    static func standIn(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(firstStandIn + UInt32(punctuation.firstIndex(of: byte)!))!
    }

    /// The stand-in for an escaped tilde.
    static let marker: Unicode.Scalar = standIn(UInt8(ascii: "~"))

    /// The stand-in for a backslash at the end of a line inside a URL-shaped
    /// word (U+2E20): for cmark a hard line break, for cmark-gfm's autolinks
    /// the last character of the link when one reaches it (the line break
    /// is then a soft one).
    static let lineEndBackslash: Unicode.Scalar = "\u{2E20}"

    /// Stand-ins for a space and a tab at the start of the line after a
    /// ``lineEndBackslash`` (U+2004, U+2005: Unicode spaces, so the runs
    /// after them flank as after whitespace, which cmark does not skip).
    static let indentStandIns: [Unicode.Scalar] = ["\u{2004}", "\u{2005}"]

    /// The ASCII punctuation character `scalar` stands in for, if it is a stand-in.
    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.value >= firstStandIn, scalar.value < firstStandIn + UInt32(punctuation.count) else { return nil }
        return punctuation[Int(scalar.value - firstStandIn)]
    }

    /// `scalar`, or the character it stands in for (an escaped one, or a
    /// ``URLMarkup`` byte inside a link).
    static func resolved(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (escapedByte(scalar) ?? URLMarkup.literalByte(scalar)).map { Unicode.Scalar($0) } ?? scalar
    }

    /// Whether `bytes[range]` holds a backslash followed by a tilde.
    static func occurs(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "\\") {
                if bytes[i + 1] == UInt8(ascii: "~") { return true }
                i += 2
            } else {
                i += 1
            }
        }
        return false
    }

    /// Whether `bytes[range]` holds an escaped character in a URL-shaped
    /// word, or an escaped bracket that opens or closes nothing for the
    /// autolinks after it (see ``escapedBrackets(_:_:)``).
    static func occursInURL(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        !urlWords(bytes, range).isEmpty || !escapedBrackets(bytes, range).isEmpty
    }

    /// The offsets of the backslashes of `\[` and `\]` in `bytes[range]`
    /// when it holds `www.` or `://`, except inside a bracket pair (a link
    /// text or label, whose label must stay as written to match its
    /// definition). cmark-gfm's autolinks see brackets in the source: an
    /// escaped one opens or closes no bracket, so `\[ www.a.com` links,
    /// where cmark's text (`[ www.a.com`) shows an opener.
    ///
    /// - Complexity: O(range.count); no allocation unless the range holds
    ///   an escaped bracket.
    static func escapedBrackets<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> [Int]
    where C.Index == Int {
        var escapes: [Int] = []
        var i = range.lowerBound
        var trigger = false
        // Inside `<…>` (no space): an autolink keeps its backslashes.
        var inAngle = false
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") {
                inAngle = true
            } else if byte == UInt8(ascii: ">") || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                inAngle = false
            }
            if byte == UInt8(ascii: "\\"), i + 1 < range.upperBound {
                if !inAngle, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "]") {
                    escapes.append(i)
                }
                i += 2
                continue
            }
            if byte == UInt8(ascii: "/"), i >= range.lowerBound + 2, bytes[i - 1] == UInt8(ascii: "/"),
                bytes[i - 2] == UInt8(ascii: ":")
            {
                trigger = true
            }
            if byte == UInt8(ascii: "."), i >= range.lowerBound + 3, bytes[i - 1] == UInt8(ascii: "w"),
                bytes[i - 2] == UInt8(ascii: "w"), bytes[i - 3] == UInt8(ascii: "w")
            {
                trigger = true
            }
            i += 1
        }
        guard trigger, !escapes.isEmpty else { return [] }
        return escapes
    }

    /// The ranges of `bytes[range]` between an unescaped `[` and the `]`
    /// that closes it, in the order they close: link texts and labels,
    /// whose escapes stay as written (a label must match its definition).
    ///
    /// - Complexity: O(range.count).
    static func bracketSpans<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> [Range<Int>]
    where C.Index == Int {
        var open: [Int] = []
        var spans: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < range.upperBound, CharacterClass.isASCIIPunctuation(bytes[i + 1]) {
                i += 2
                continue
            }
            if byte == UInt8(ascii: "[") {
                open.append(i)
            } else if byte == UInt8(ascii: "]"), let start = open.popLast() {
                spans.append(start..<i)
            }
            i += 1
        }
        return spans
    }

    /// For each of `count` offsets, whether it lies inside one of `spans`
    /// (from a span's start up to its end): a running count of the spans
    /// open.
    ///
    /// - Complexity: O(count + spans).
    static func insideSpans(_ spans: some Sequence<Range<Int>>, count: Int) -> [Bool] {
        var change = [Int32](repeating: 0, count: count + 1)
        for span in spans {
            change[span.lowerBound] += 1
            change[span.upperBound] -= 1
        }
        var open: Int32 = 0
        return change.dropLast().map { delta in
            open += delta
            return open > 0
        }
    }

    /// Whether `bytes[range]` holds a stand-in character (U+2E00–U+2E20,
    /// UTF-8 `E2 B8 80`–`E2 B8 A0`, ``EntityStandIns/boundary``, or one of
    /// ``URLMarkup``'s): such a block is not parsed again.
    static func holdsStandIns(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 2 < range.upperBound {
            if bytes[i] == 0xE2, bytes[i + 1] == 0xB8,
                (0x80...0xA0).contains(bytes[i + 2]) || bytes[i + 2] == 0xBD
            {
                return true
            }
            // The indent stand-ins, U+2004 and U+2005.
            if bytes[i] == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0x84 || bytes[i + 2] == 0x85 { return true }
            if URLMarkup.isStandIn(bytes, at: i) { return true }
            i += 1
        }
        return false
    }

    /// Whether `bytes` holds a stand-in character.
    static func holdsStandIns(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { holdsStandIns($0, 0..<$0.count) }
    }

    /// The URL-shaped words of `bytes[range]` that hold an escape. A word
    /// ends at a `<` that opens an autolink or raw HTML (whose escapes stay
    /// backslashes); a `<` that cmark reads as text (`<http\\://i`) is part
    /// of the word.
    ///
    /// - Complexity: O(range.count); no allocation unless a word holds an
    ///   escape (this runs on every paragraph and heading of every parse).
    static func urlWords(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        // Most text holds no backslash: one plain scan answers for it.
        guard bytes[range].contains(UInt8(ascii: "\\")) else { return words }
        var pointyBraces = PointyBraceScanner(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, isWordBreak(bytes[i]) { i += 1 }
            let start = i
            var escaped = false
            var lineEnd: Int?
            // Where the word goes on after an autolink or raw HTML that
            // ends it (the span's escapes are no word's).
            var resume: Int?
            while i < range.upperBound, !isWordBreak(bytes[i]) {
                let byte = bytes[i]
                if byte == UInt8(ascii: "<"), let end = pointyBraces.end(at: i - range.lowerBound) {
                    resume = range.lowerBound + end
                    break
                }
                if byte == UInt8(ascii: "\\"), i + 1 < range.upperBound, CharacterClass.isASCIIPunctuation(bytes[i + 1])
                {
                    escaped = true
                    i += 2
                    continue
                }
                // A backslash ending the line: a hard line break for cmark.
                if byte == UInt8(ascii: "\\"), i + 1 < range.upperBound, bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D {
                    lineEnd = i
                }
                i += 1
            }
            if escaped || lineEnd != nil, i > start {
                let plain = unescaped(bytes, start..<i)
                if contains(plain, "www.") || contains(plain, "://") { words.append(start..<i) }
            }
            if let resume { i = resume }
        }
        return words
    }

    /// A word's bytes with its backslashes removed (the character after an
    /// escape kept).
    private static func unescaped<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ range: Range<Int>) -> [UInt8]
    where C.Index == Int {
        var plain: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < range.upperBound, CharacterClass.isASCIIPunctuation(bytes[i + 1])
            {
                plain.append(bytes[i + 1])
                i += 2
                continue
            }
            if bytes[i] != UInt8(ascii: "\\") { plain.append(bytes[i]) }
            i += 1
        }
        return plain
    }

    private static func isWordBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern)
        {
            return true
        }
        return false
    }

    /// `bytes` with every escaped tilde replaced by its stand-in (an
    /// escaped backslash stays as it is); with `urls`, also every escaped
    /// character of a URL-shaped word.
    ///
    /// - Complexity: O(n).
    static func substituted(_ bytes: [UInt8], urls: Bool) -> [UInt8] {
        let words = urls ? bytes.withUnsafeBufferPointer { urlWords($0, 0..<$0.count) } : []
        let brackets = urls ? Set(escapedBrackets(bytes, 0..<bytes.count)) : []
        // Escapes inside a link text or label stay as written: mark the
        // bytes inside bracket pairs (a running count of the pairs open).
        let inside =
            words.isEmpty && brackets.isEmpty
            ? [] : insideSpans(bracketSpans(bytes, 0..<bytes.count), count: bytes.count)
        /// Whether the escape at `i` lies inside a bracket pair.
        func inSpan(_ i: Int) -> Bool { i < inside.count && inside[i] }
        var wordIndex = 0
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D {
                while wordIndex < words.count, words[wordIndex].upperBound <= i { wordIndex += 1 }
                if wordIndex < words.count, words[wordIndex].contains(i), !inSpan(i) {
                    result.append(contentsOf: String(lineEndBackslash).utf8)
                    i = appendingLineEndAndIndent(bytes, from: i + 1, to: &result)
                } else {
                    result.append(byte)
                    i += 1
                }
            } else if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, CharacterClass.isASCIIPunctuation(bytes[i + 1]) {
                while wordIndex < words.count, words[wordIndex].upperBound <= i { wordIndex += 1 }
                // An escaped backtick stays: it may close a code span (the
                // backslash is literal there), and ``URLMarkup`` keeps the
                // backticks inside links.
                let inURL =
                    wordIndex < words.count && words[wordIndex].contains(i) && bytes[i + 1] != UInt8(ascii: "`")
                if bytes[i + 1] == UInt8(ascii: "~") || (inURL || brackets.contains(i)) && !inSpan(i) {
                    result.append(contentsOf: String(standIn(bytes[i + 1])).utf8)
                } else {
                    result.append(byte)
                    result.append(bytes[i + 1])
                }
                i += 2
            } else {
                result.append(byte)
                i += 1
            }
        }
        return result
    }

    /// Appends the line ending at `start` and the spaces and tabs after it,
    /// these as ``indentStandIns``; returns the offset after them.
    ///
    /// A line-end backslash that no link takes is a hard line break, after
    /// which cmark keeps the next line's leading whitespace (a lazy line's
    /// raw text holds it); its stand-in is text before a soft break, after
    /// which cmark skips spaces. Stand-ins that cmark reads as whitespace
    /// but does not skip keep them for ``restored(_:)``, which turns them
    /// back after a hard break and drops them after a soft one.
    private static func appendingLineEndAndIndent(_ bytes: [UInt8], from start: Int, to result: inout [UInt8]) -> Int {
        var i = start
        if i < bytes.count, bytes[i] == 0x0D {
            result.append(0x0D)
            i += 1
        }
        if i < bytes.count, bytes[i] == 0x0A {
            result.append(0x0A)
            i += 1
        }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 {
            result.append(contentsOf: String(indentStandIns[bytes[i] == 0x20 ? 0 : 1]).utf8)
            i += 1
        }
        return i
    }

    /// `bytes` with every escaped tilde replaced by its stand-in.
    static func substituted(_ bytes: [UInt8]) -> [UInt8] {
        substituted(bytes, urls: false)
    }

    /// `string` with every stand-in turned back into its character, after
    /// a backslash if `literal` (a ``URLMarkup`` stand-in never has one).
    private static func replacing(_ string: String, literal: Bool) -> String {
        guard
            string.unicodeScalars.contains(where: {
                escapedByte($0) != nil || $0 == lineEndBackslash || URLMarkup.literalByte($0) != nil
                    || $0 == URLMarkup.linkEnd || $0 == EntityStandIns.boundary || indentStandIns.contains($0)
            })
        else {
            return string
        }
        var result = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            if scalar == lineEndBackslash {
                result.append("\\")
            } else if let index = indentStandIns.firstIndex(of: scalar) {
                result.append(index == 0 ? " " : "\t")
            } else if let byte = URLMarkup.literalByte(scalar) {
                result.append(Unicode.Scalar(byte))
            } else if scalar == URLMarkup.linkEnd || scalar == EntityStandIns.boundary {
                continue
            } else if let byte = escapedByte(scalar) {
                if literal { result.append("\\") }
                result.append(Unicode.Scalar(byte))
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A text inline, or `nil` for an empty text (cmark makes none; an
    /// ``EntityStandIns/boundary`` alone restores to nothing).
    private static func nonEmptyText(_ text: String) -> Inline? {
        text.isEmpty ? nil : .text(text)
    }

    /// The inlines with every stand-in turned back into what cmark would
    /// have produced from the escape (`\~` → `~`, `\.` → `.`).
    static func restored(_ inlines: [Inline]) -> [Inline] {
        var inlines = inlines
        // A line-end backslash no link took: the hard line break it made
        // for cmark.
        for index in inlines.indices.dropLast() {
            if case .text(let text) = inlines[index], text.unicodeScalars.last == lineEndBackslash,
                inlines[index + 1] == .softBreak
            {
                inlines[index] = .text(String(text.unicodeScalars.dropLast()))
                inlines[index + 1] = .lineBreak
            } else if inlines[index] == .softBreak, case .text(let next) = inlines[index + 1] {
                // The whitespace cmark skipped after the break.
                inlines[index + 1] = .text(String(next.unicodeScalars.drop(while: indentStandIns.contains)))
            }
        }
        return inlines.compactMap { inline in
            switch inline {
            case .text(let s): nonEmptyText(replacing(s, literal: false))
            case .code(let s): .code(replacing(s, literal: true))
            case .html(let s): .html(replacing(s, literal: true))
            case .softBreak, .lineBreak, .math, .footnoteReference: inline
            case .emphasis(let c): .emphasis(restored(c))
            case .strong(let c): .strong(restored(c))
            case .strikethrough(let c): .strikethrough(restored(c))
            case .link(let d, let t, let c):
                .link(
                    destination: replacing(d, literal: false), title: replacing(t, literal: false),
                    children: restored(c))
            case .image(let d, let t, let c):
                .image(source: replacing(d, literal: false), title: replacing(t, literal: false), children: restored(c))
            }
        }
    }
}
