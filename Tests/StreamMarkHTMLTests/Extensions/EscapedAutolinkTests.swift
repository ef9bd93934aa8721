import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Backslash escapes around extended autolinks, compared with cmark-gfm
/// byte for byte: its autolink extension matches `www.` and `://` on the
/// source, so an escaped `.`, `:` or `/` never completes them, and a link
/// keeps the backslashes it spans; e-mail addresses are found in the text
/// with escapes resolved (see `EscapedTilde`).
@Suite struct EscapedAutolinkTests {
    static let cases = [
        #"x www\.a\.com y"#, #"x http\:\/\/a\.com y"#, #"x http:\/\/a.com y"#, #"x https\://a.com y"#,
        #"x www\.a.com y"#, #"x www.a\.com y"#, #"x http://a.com/p\_q y"#, #"x www.a.com/p\_q y"#,
        #"x a\@b.com y"#, #"x a@b\.com y"#, #"x www.a\_b.com y"#, #"x http://a\_b.com y"#, #"x \www.a.com y"#,
        #"x ww\w.a.com y"#, #"x http://a.com\. y"#, #"x \(www.a.com\) y"#, #"x www.a.com\) y"#,
        #"*x* `www\.a` www\.b.com ~~s~~ \~ [l](http://a\.b)"#, #"<http://a\.b> www\.c.d"#,
        "# www\\.a.com and www.b.com\n", "a www\\.x.y\nb http\\://p.q\n\nsetext www\\.s.t\n---\n",
        "> - www\\.q.r *www.s.t*\n>   next http://u\\.v/w\\*\n", #"x (www\.a.com) y"#, #"x www.a.com\?b=c\&d y"#,
    ]

    /// Brackets and line ends around autolinks (fuzz findings): an escaped
    /// `[` opens nothing for the autolinks after it, a `![` opener stops
    /// holding once a bracket link forms, and a backslash ending the line
    /// inside a URL is the link's last character (no hard break).
    static let bracketsAndLineEnds = [
        "http://i\\\n.", "www.\\\nm", "http://a\\\nS", "\\[ www.e", "\\[http://c", "\\[\nwww.e", "\\[[] www.p",
        "\\[[]http://g", "www\\.[", "www\\.<", "![[]() www.e", "![[]()请求请求~www.a", "![ www.a.com", "[[]() www.a.com",
        "<http://example.com/\\[\\>", "a \\] www.b.com \\[c]", "[a\\]] www.b.com", "x http://a.com\\\ny",
    ]

    @Test(arguments: bracketsAndLineEnds)
    func bracketOrLineEndMatchesCmarkGFM(_ markdown: String) throws {
        let (ours, expected) = try GFMOracle.both(markdown)
        #expect(ours == expected, "\(markdown.debugDescription)")
    }

    @Test(arguments: cases)
    func matchesCmarkGFM(_ markdown: String) throws {
        let (ours, expected) = try GFMOracle.both(markdown)
        #expect(ours == expected, "\(markdown.debugDescription)")
    }

    /// The three minimized inputs link nothing (cmark-gfm's output).
    @Test func escapedTriggersLinkNothing() {
        for markdown in [#"x www\.a\.com y"#, #"x http\:\/\/a\.com y"#, #"x http:\/\/a.com y"#] {
            #expect(
                GFMOracle.ours(Array(markdown.utf8)) == "<p>x "
                    + markdown.dropFirst(2).replacingOccurrences(of: "\\", with: "") + "</p>\n")
        }
    }

    /// Escapes and URL pieces only; the markup around and inside URLs is
    /// `URLMarkupTests`' generator.
    static let pieces = [
        "www", "www.", "ww", "w", ".", #"\."#, "http", "https", "ftp", ":", #"\:"#, "//", "/", #"\/"#, "a", "b",
        "com", "x.org", "@", #"\@"#, "me", "-", "(", ")", #"\("#, #"\)"#, "?", #"\?"#, "=",
        #"\\"#, "\\", " ", " ", " ", "\n", "é", ",", "'", #"\'"#, "!",
    ]

    static func document(seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var text = ""
        for _ in 0..<Int.random(in: 4...40, using: &random) { text += pieces.randomElement(using: &random)! }
        return text + "\n"
    }

    @Test(arguments: 0..<400)
    func randomEscapesMatchCmarkGFM(_ seed: Int) throws {
        let markdown = Self.document(seed: UInt64(seed))
        let (ours, expected) = try GFMOracle.both(markdown)
        #expect(ours == expected, "seed \(seed): \(markdown.debugDescription)")
    }

    /// A link ending at the backslash of `\_` takes the backslash, as in
    /// cmark-gfm, whose inline parser then reads the `_` as a delimiter
    /// (formerly a known difference; `URLMarkup` keeps the backslash from
    /// cmark).
    @Test func linkEndingAtAnEscapeMatches() throws {
        let bytes = Array(#"_a www.b.com\_ c"#.utf8)
        let expected = "<p><em>a <a href=\"http://www.b.com%5C\">www.b.com\\</a></em> c</p>\n"
        #expect(try GFMOracle.html(bytes) == expected)
        #expect(GFMOracle.ours(bytes) == expected)
    }

    /// A URL in an inline link's destination that ends with a backslash
    /// escaping the `)` (`[](http://a\)`, a fuzz finding of stop 45,
    /// formerly in docs/extensions.md entry 1): the escape made cmark-gfm's
    /// inline link fail, and its autolink takes the backslash and trims the
    /// `)`; the backslash's stand-in left cmark an unescaped `)` that made
    /// the link.
    static let escapedClosingParentheses = [
        #"[](http://a\)"#, #"[x](http://a\) y)"#, #"(http://a\)"#, #"[](www.a.com\))"#, #"[](http://a\\)"#,
        #"http://a\\\)"#, #"[](http://a\) x)"#, "[a](http://b\\)\n\n[a]: /u", #"![](www.a.b\))"#,
        #"[](http://a\~)~x~"#, #"[*a](http://b\)*"#, #"[](http://a\) "t")"#, "- [](http://a\\)\n",
        "> x [](www.b.c\\))\n", "| h |\n|---|\n| [](http://a\\) |\n",
        // An escaped `)` inside the link (found by the seeded test below).
        #"![](\_http://a\)(/p\)"#, #"[](http://a\)b)"#,
    ]

    @Test func escapedClosingParenthesisMatchesCmarkGFM() throws {
        try GFMOracle.expectMatch(seeds: Self.escapedClosingParentheses.indices) {
            Self.escapedClosingParentheses[$0]
        }
    }

    /// Seeded inline links and brackets around URLs that end in escapes.
    static func escapedTails(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x41C6_4E6D &+ 5)
        let pieces = [
            "[", "](", "http://a", "www.b.c", #"\)"#, #"\\"#, ")", " ", "x", #""t""#, #"\*"#, "*", "(", "/p",
            "![", "]", #"\_"#, #"](http://a\)"#, #"](www.b.c/\)"#,
        ]
        let prefix = ["", "", "> ", "- ", "# "].randomElement(using: &random)!
        var text = prefix
        for _ in 0..<Int.random(in: 3...14, using: &random) { text += pieces.randomElement(using: &random)! }
        return text + "\n"
    }

    @Test(arguments: 0..<2)
    func randomEscapedTailsMatchCmarkGFM(batch: Int) throws {
        try GFMOracle.expectMatch(seeds: stride(from: batch, to: 600, by: 2), Self.escapedTails)
    }

    @Test func randomEscapedTailsStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100) { Self.escapedTails(seed: Int($0)) }
    }

    /// A URL-shaped word's line-end backslash that no link takes is a hard
    /// break, after which cmark-gfm keeps a lazy line's leading whitespace
    /// (docs/extensions.md entry 9: its stand-in was text before a soft
    /// break, which skipped it); a linked one ends in a soft break, which
    /// skips it.
    static let indentsAfterLineEndBackslashes = [
        "- [l www.a.com\\_b\\\n ``d\n   ``d\n", "> x www.a.com_b\\\n  y\n", "> x www.a.com\\\n  y\n",
        "> x www.a.com_b\\\n  www.c.com\n", "> x www.a.com_b\\\n\t *a* b\n", "- x www.a.com_b\\\r\n   ~~s~~\n",
        "> `x www.a.com_b\\\n  y`\n", "[a](/u \"www.a.com\\\n  t\")\n", "> x http://a_b\\\n  \t_c_\n",
        "> x www.a.com_b\\\n  \u{2004}y\n",
    ]

    @Test func indentAfterLineEndBackslashMatchesCmarkGFM() throws {
        try GFMOracle.expectMatch(seeds: Self.indentsAfterLineEndBackslashes.indices) {
            Self.indentsAfterLineEndBackslashes[$0]
        }
    }

    /// Seeded paragraphs in containers whose URL-shaped words end lines
    /// with a backslash, before lazy lines that begin with whitespace.
    static func indentsAfterBackslashes(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let words = [
            "www.a.com", "www.a.com_b", "[l www.a.com\\_b", "http://a.b", "http://a_b/c", "x", "*y*", "`c", "``c",
            "~~s~~", "_u_",
        ]
        let starts = [" ", "  ", "\t", " \t", "   ", " `", " ``d", "   ``d", "  *", "\t~~", " www.d.e", " [x](/u)"]
        let prefix = ["> ", "- ", "1. ", "> - ", "", "[^n]: "].randomElement(using: &random)!
        var text = prefix
        for line in 0..<Int.random(in: 1...4, using: &random) {
            if line > 0 { text += starts.randomElement(using: &random)! }
            for _ in 0..<Int.random(in: 1...3, using: &random) { text += words.randomElement(using: &random)! + " " }
            text += words.randomElement(using: &random)! + (Bool.random(using: &random) ? "\\" : "")
            text += ["\n", "\n", "\r\n"].randomElement(using: &random)!
        }
        return text + (prefix.hasPrefix("[^") ? "\n[^n]\n" : "")
    }

    @Test(arguments: 0..<2)
    func randomIndentsAfterBackslashesMatchCmarkGFM(batch: Int) throws {
        try GFMOracle.expectMatchWithFootnotes(seeds: UInt64(batch * 200)..<UInt64(batch * 200 + 200)) {
            Self.indentsAfterBackslashes(seed: Int($0))
        }
    }

    @Test func randomIndentsAfterBackslashesStreamLikeOneShot() {
        FuzzFindingTests.expectStreamsLikeOneShot(seeds: 0..<100) { Self.indentsAfterBackslashes(seed: Int($0)) }
    }

    /// The generator reaches the escaped cases: escaped triggers, links
    /// that span escapes, and escaped e-mail addresses, in cmark-gfm's output.
    @Test func generatorReachesEscapedLinks() throws {
        var linkedWithBackslash = 0
        var escapedWWW = 0
        for seed in 0..<400 {
            let markdown = Self.document(seed: UInt64(seed))
            if markdown.contains(#"www\."#) || markdown.contains(#"\:"#) || markdown.contains(#"\/"#) {
                escapedWWW += 1
            }
            let html = try GFMOracle.html(Array(markdown.utf8))
            if html.contains("%5C") { linkedWithBackslash += 1 }
        }
        #expect(escapedWWW > 20)
        #expect(linkedWithBackslash > 3)
    }
}
