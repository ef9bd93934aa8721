/// Keeps cmark away from the markup inside cmark-gfm's extended autolinks.
///
/// cmark-gfm's autolink extension matches `www.` and `scheme://` while its
/// inline parser walks the source, and takes every byte up to the next
/// whitespace (then cuts at `<` and trims trailing punctuation, an
/// `&entity;` and an unbalanced `)`). So
/// `https://docs.python.org/3/library/__main__.html` is one link, and so
/// are `http://a.com/*b*/c` and ``http://a.com/`x` ``: the emphasis and
/// code cmark would make of those bytes never exist. The layer works on
/// cmark's finished tree, where they already do; so a block whose source
/// holds such a link is parsed again with each markup byte inside the link
/// replaced by a stand-in (U+2E30 and U+2E33–U+2E39, one per byte of `` `*_[]&~\\ ``),
/// which cmark reads as plain punctuation — as it reads the byte it stands
/// for next to a delimiter run — and the autolink pass reads as the byte
/// itself. Restored, it is that byte again, in every kind of inline.
///
/// Which `www.` and `scheme://` start a link depends on where cmark-gfm's
/// inline parser meets them, so the source is read as that parser reads
/// it: a backslash escape, a code span, an autolink or raw HTML
/// (``PointyBraceScanner``), a link's destination and title, and a
/// reference link's label are passed over; no link starts while a `[` or
/// `![` is open (`cmark_inline_parser_in_bracket`); a link's own bytes are
/// passed over once matched. Whether a `]` makes a link is decided as cmark
/// decides it (an inline destination, or a label `isLinkLabel` accepts);
/// the scan stays a model of the parser, not the parser, and the
/// differential tests against cmark-gfm check it.
///
/// - Complexity: O(n log n) for n bytes: a code span finds its closer by
///   binary search among the backtick runs of its length, and every other
///   look-ahead is bounded or remembered (``PointyBraceScanner``).
struct URLMarkup {
    /// The bytes that get a stand-in inside a link, in stand-in order.
    private static let markup: [UInt8] = Array(#"`*_[]&~\"#.utf8)
    /// The bytes with a stand-in: the markup, then `)`, which gets one only
    /// right after a link that ends with an escaping backslash
    /// (``URLMarkupScan``'s escaped tail: `[](http://a\)`).
    private static let literals: [UInt8] = markup + [UInt8(ascii: ")")]
    /// Their stand-ins: punctuation of the Supplemental Punctuation block
    /// that libcmark's table knows (it does not know U+2E43 and later) and
    /// no other stand-in uses (escapes use U+2E00–U+2E20, math U+2E31,
    /// footnotes U+2E32, entities U+2E3D).
    private static let standIns: [Unicode.Scalar] = [
        "\u{2E30}", "\u{2E33}", "\u{2E34}", "\u{2E35}", "\u{2E36}", "\u{2E37}", "\u{2E38}", "\u{2E39}",
        "\u{2E3A}",
    ]

    /// The stand-in for the markup byte `byte` (or `)`), if it is one.
    static func standIn(_ byte: UInt8) -> Unicode.Scalar? {
        literals.firstIndex(of: byte).map { standIns[$0] }
    }

    /// The byte `scalar` stands in for, if it is a stand-in.
    static func literalByte(_ scalar: Unicode.Scalar) -> UInt8? {
        standIns.firstIndex(of: scalar).map { literals[$0] }
    }

    /// Marks where a link ends when the bytes after it are an `&entity;`
    /// cmark-gfm trimmed from the raw link (U+2E3C): the autolink pass,
    /// which sees the decoded character instead, reads it as whitespace;
    /// restored, it is nothing. It never touches a delimiter run (a link's
    /// last byte and an `&` are on its sides).
    static let linkEnd: Unicode.Scalar = "\u{2E3C}"

    /// Whether the UTF-8 bytes at `offset` (`E2 B8` and `B0`, `B3`–`BA` or
    /// `BC`) are a stand-in or ``linkEnd``.
    static func isStandIn<C: RandomAccessCollection<UInt8>>(_ bytes: C, at offset: Int) -> Bool where C.Index == Int {
        guard offset + 2 < bytes.endIndex, bytes[offset] == 0xE2, bytes[offset + 1] == 0xB8 else { return false }
        let last = bytes[offset + 2]
        return last == 0xB0 || (0xB3...0xBA).contains(last) || last == 0xBC
    }

    /// Whether `bytes[range]` may need ``substituted(_:isLinkLabel:)``: a
    /// `://` or `www.` followed, before the next whitespace or `<`, by a
    /// markup byte that trailing punctuation does not end the link before,
    /// or by trailing punctuation holding a `_`; a `://` in a word holding
    /// an `&`; or an escaped bracket and a `://` or
    /// `www.`. A cheap test with false positives, no false negatives.
    ///
    /// - Complexity: O(range.count), no allocation.
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var trigger = false
        var escapedBracket = false
        var wordStart = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            // Most bytes start nothing: one test each.
            let byte = bytes[i]
            guard byte == UInt8(ascii: ":") || byte == UInt8(ascii: "w") || byte == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            let url =
                i + 2 < range.upperBound && bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == UInt8(ascii: "/")
                && bytes[i + 2] == UInt8(ascii: "/")
            let www =
                i + 3 < range.upperBound && bytes[i] == UInt8(ascii: "w") && bytes[i + 1] == UInt8(ascii: "w")
                && bytes[i + 2] == UInt8(ascii: "w") && bytes[i + 3] == UInt8(ascii: ".")
            guard url || www else {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < range.upperBound,
                    bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "]")
                {
                    escapedBracket = true
                }
                i += 1
                continue
            }
            trigger = true
            var end = i + 3
            while end < range.upperBound, !CharacterClass.isASCIISpace(bytes[end]), bytes[end] != UInt8(ascii: "<") {
                end += 1
            }
            var trimmed = end
            while trimmed > i + 3, "?!.,:*_~'\"".utf8.contains(bytes[trimmed - 1]) { trimmed -= 1 }
            if bytes[(i + 3)..<trimmed].contains(where: { markup.contains($0) }) { return true }
            // A `_` trimmed off the end still counts in cmark-gfm's domain
            // check (`_http://s_!` links nothing), where cmark's emphasis
            // would leave the layer `http://s` alone.
            if bytes[trimmed..<end].contains(UInt8(ascii: "_")) { return true }
            if url {
                var start = i
                while start > wordStart, !CharacterClass.isASCIISpace(bytes[start - 1]) { start -= 1 }
                if bytes[start..<end].contains(UInt8(ascii: "&")) { return true }
            }
            i = end
            wordStart = end
        }
        return trigger && escapedBracket
    }

    /// `bytes` with every markup byte inside a link replaced by its
    /// stand-in, and the other replacements of
    /// ``URLMarkupScan/replacements()``; `isLinkLabel` tells whether a
    /// label is defined.
    ///
    /// - Complexity: O(n log n).
    static func substituted(_ bytes: [UInt8], isLinkLabel: @escaping ([UInt8]) -> Bool) -> [UInt8] {
        let replacements = bytes.withUnsafeBufferPointer { buffer in
            var scan = URLMarkupScan(bytes: buffer, isLinkLabel: isLinkLabel)
            return scan.replacements()
        }
        guard !replacements.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 2 * replacements.count)
        var copied = 0
        for (range, standIn) in replacements {
            result.append(contentsOf: bytes[copied..<range.lowerBound])
            result.append(contentsOf: String(standIn).utf8)
            copied = range.upperBound
        }
        result.append(contentsOf: bytes[copied...])
        return result
    }

    /// The extended autolinks cmark-gfm's inline parser makes in `bytes`,
    /// ascending: no byte inside one is a delimiter run
    /// (``CrossingDelimiters``). Empty without a `://` or `www.`.
    ///
    /// - Complexity: O(n log n).
    static func links(in bytes: [UInt8], isLinkLabel: @escaping ([UInt8]) -> Bool) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { buffer in
            guard mayHoldLink(buffer) else { return [] }
            var scan = URLMarkupScan(bytes: buffer, isLinkLabel: isLinkLabel)
            _ = scan.replacements()
            return scan.links
        }
    }

    /// Whether `bytes` hold a `://` or a `www.`.
    private static func mayHoldLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4 else { return false }
        for i in 0..<bytes.count - 3 {
            if bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/") {
                return true
            }
            if bytes[i] | 0x20 == UInt8(ascii: "w"), bytes[i + 3] == UInt8(ascii: "."),
                bytes[i + 1] | 0x20 == UInt8(ascii: "w"), bytes[i + 2] | 0x20 == UInt8(ascii: "w")
            {
                return true
            }
        }
        return false
    }

    /// Whether `byte` gets a stand-in inside a link.
    static func isMarkup(_ byte: UInt8) -> Bool { markup.contains(byte) }
}
