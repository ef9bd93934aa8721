import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// ``PointyBraceScanner`` against libcmark itself: for random text after
/// `<`, the scanner's end is where cmark's autolink or raw HTML inline
/// ends, and `nil` exactly when cmark reads the `<` as text.
@Suite struct PointyBraceScannerTests {
    static let alphabet: [String] = [
        "<", ">", "!", "--", "-", "?", "/", "a", "B", "x1", "=", "\"", "'", " ", "\nx", "[CDATA[", "]]", "]", ":",
        "@", ".", "DOCTYPE", "_", "`", "$", "\t", "http", "é", "a", " b=c", " d='e'", " f=\"g\"", "/>", ">", ">",
        "!-- c -->", "?x?>", "![CDATA[x]]>", "!DOCTYPE x>", "http://x>", "a@b.c>", "/a>",
    ]

    /// Where cmark's inline starting at the `<` after `p ` ends in the
    /// source, or `nil` if it made text of it. A tag's literal lost the
    /// whitespace after its line endings; `source` is compared likewise.
    static func cmarkEnd(_ source: String) -> Int? {
        let inlines = MarkdownParser(options: .commonMark).parse("p " + source).children.first?.kind.inlines ?? []
        guard inlines.count >= 2, inlines[0] == .text("p ") else { return nil }
        switch inlines[1] {
        case .html(let literal): return literal.utf8.count
        case .link(_, _, let children):
            guard case .text(let text)? = children.first else { return nil }
            return text.utf8.count + 2
        default: return nil
        }
    }

    /// `source` as cmark hands a paragraph's line to its inline parser.
    static func normalized(_ source: Substring) -> String {
        source.replacingOccurrences(of: "\n ", with: "\n").replacingOccurrences(of: "\n\t", with: "\n")
    }

    static func ourEnd(_ source: String) -> Int? {
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { pointer -> Int? in
            var scanner = PointyBraceScanner(bytes: pointer)
            guard let end = scanner.end(at: 0) else { return nil }
            let matched = String(decoding: bytes[..<end], as: UTF8.self)
            return normalized(Substring(matched)).utf8.count
        }
    }

    @Test(arguments: [
        "<!-->", "<!--->", "<!-- x -- y -->", "<!-- x - -->", "<!--x--->", "<!---->", "<!DOCTYPE html>",
        "<!doctype html>", "<!X>", "<![CDATA[ x ]]>", "<? x ?>", "<a href=\"x\"t>", "<a/>", "<a / >", "</a >",
        "</a x>", "<a b=c d>", "<1@x.com>", "<a+b:c>", "<ab:c d>", "<a b='c'd>", "<a\nx=\"y\">", "<span title=\"$x$\">",
        "<http://a.b/$x$>", "<a.b-c@d-e.f>", "<-a@b.c>", "<a@-b.c>", "<a@b->",
    ])
    func handCase(_ source: String) {
        #expect(Self.ourEnd(source) == Self.cmarkEnd(source), "\(source.debugDescription)")
    }

    @Test(arguments: UInt64(1)...6)
    func randomTextAfterABraceMatchesCmark(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var failures: [String] = []
        var matched = 0
        for _ in 0..<2_000 {
            var source = "<"
            for _ in 0..<(1 + random.next() % 12) {
                source += Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
            }
            let (ours, theirs) = (Self.ourEnd(source), Self.cmarkEnd(source))
            if theirs != nil { matched += 1 }
            if ours != theirs {
                failures.append(
                    "\(source.debugDescription): ours \(String(describing: ours)), cmark \(String(describing: theirs))")
            }
        }
        #expect(matched > 100, "too few tags and autolinks to say much")
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5))")
    }

    /// A long line of unclosed constructs: none is taken for a tag (each
    /// search remembers where it ended, so the scan of such a line stays
    /// linear).
    @Test(arguments: ["<?", "<!--", "<![CDATA[", "<a b=\"", "<!DOCTYPE "])
    func unclosedRunsAreText(_ unit: String) {
        let source = String(repeating: unit + "x ", count: 20_000)
        let bytes = Array(source.utf8)
        bytes.withUnsafeBufferPointer { pointer in
            var scanner = PointyBraceScanner(bytes: pointer)
            var ends = 0
            var i = 0
            while i < pointer.count {
                if pointer[i] == UInt8(ascii: "<"), scanner.end(at: i) != nil { ends += 1 }
                i += 1
            }
            #expect(ends == 0)
        }
    }
}
