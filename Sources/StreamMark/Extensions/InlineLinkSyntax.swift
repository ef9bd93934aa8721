/// cmark's inline link syntax after a `]`: `(`, optional whitespace, a
/// destination (`manual_scan_link_url`), optional whitespace and title
/// (`scan_link_title`), optional whitespace, `)`. A bracket pair followed by
/// it is a link whatever its text holds, so the scans that follow cmark-gfm's
/// inline parser step over it: the autolink scan (``URLMarkupScan``) and
/// the footnote candidate scan (``FootnoteStandIns/scan(_:)``), for which a
/// line break inside a title starts no line.
struct InlineLinkSyntax {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Quote byte → a title start from which no title closes (none later
    /// closes either), so that titles never left open cost a scan each.
    private var titleless: [UInt8: Int] = [:]

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// After `(destination "title")` at `start`, if one is there.
    ///
    /// - Complexity: O(the syntax); a title that never closes is scanned
    ///   once per quote character.
    mutating func end(at start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "(") else { return nil }
        let urlStart = skipSpaceChars(start + 1)
        guard let urlEnd = destinationEnd(urlStart) else { return nil }
        let titleStart = skipSpaceChars(urlEnd)
        let titleEnd = titleStart == urlEnd ? titleStart : titleStart + titleLength(titleStart)
        let end = skipSpaceChars(titleEnd)
        return end < bytes.count && bytes[end] == UInt8(ascii: ")") ? end + 1 : nil
    }

    /// The inside of the link label (`[…]`, no unescaped `[`, at most 999
    /// bytes: cmark's `link_label`) at `start`, if one is there; empty for
    /// `[]`.
    ///
    /// - Complexity: O(1000).
    func label(at start: Int) -> Range<Int>? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var i = start + 1
        while i < bytes.count, i - start <= 1_000 {
            switch bytes[i] {
            case UInt8(ascii: "]"): return start + 1..<i
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "\\"):
                i += i + 1 < bytes.count && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
            default: i += 1
            }
        }
        return nil
    }

    func skipSpaceChars(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, CharacterClass.isASCIISpace(bytes[i]) { i += 1 }
        return i
    }

    /// `manual_scan_link_url`: `<…>` or a run with balanced parentheses.
    func destinationEnd(_ start: Int) -> Int? {
        var i = start
        if i < bytes.count, bytes[i] == UInt8(ascii: "<") {
            i += 1
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: ">") { return i + 1 < bytes.count ? i + 1 : nil }
                if byte == 0x0A || byte == UInt8(ascii: "<") { return nil }
                i += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            return nil
        }
        var depth = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, CharacterClass.isASCIIPunctuation(bytes[i + 1]) {
                i += 2
            } else if byte == UInt8(ascii: "(") {
                depth += 1
                i += 1
                if depth > 32 { return nil }
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if CharacterClass.isASCIISpace(byte) {
                if i == start { return nil }
                break
            } else {
                i += 1
            }
        }
        return i < bytes.count ? i : nil
    }

    /// `scan_link_title`: the length of a `"…"`, `'…'` or `(…)` title at
    /// `start`, 0 if none. A backslash before punctuation escapes it; the
    /// longest match wins, so an escaped closer ends the title when no
    /// later one does.
    mutating func titleLength(_ start: Int) -> Int {
        guard start < bytes.count else { return 0 }
        let open = bytes[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return 0
        }
        if let from = titleless[open], from <= start { return 0 }
        var fallback: Int?
        var i = start + 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, CharacterClass.isASCIIPunctuation(bytes[i + 1]) {
                if bytes[i + 1] == close { fallback = i + 2 }
                i += 2
                continue
            }
            if byte == close { return i + 1 - start }
            if open == UInt8(ascii: "("), byte == open { break }
            i += 1
        }
        if fallback == nil, open != UInt8(ascii: "(") { titleless[open] = start }
        return fallback.map { $0 - start } ?? 0
    }
}
