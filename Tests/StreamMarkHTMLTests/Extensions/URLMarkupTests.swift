import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Extended autolinks that run over inline markup, compared with cmark-gfm
/// byte for byte: its autolink extension takes every byte up to whitespace,
/// so emphasis, code, brackets, entities and escapes inside a URL stay
/// part of the link (`URLMarkup`). Formerly part of known difference 1.
@Suite struct URLMarkupTests {
    /// What model answers write: dunder paths, glob-like and bracketed
    /// paths, query strings with entities, and URLs next to code and bold.
    static let realistic = [
        "See https://docs.python.org/3/library/__main__.html for details.\n",
        "Read https://docs.python.org/3/reference/datamodel.html#object.__init__ first.\n",
        "The glob www.example.com/*star*/x matches.\n",
        "Compare https://en.wikipedia.org/wiki/Foo_(bar)_baz_ and http://a.com/_x_.\n",
        "Run `curl https://api.example.com/v1/items?sort=asc&amp;page=2` or open https://a.com/?q=1&amp;r=2.\n",
        "**Docs:** https://example.com/guide**bold**\n",
        "- see http://host/path/`cmd` and http://host/[id]/edit\n",
        "| url | note |\n|---|---|\n| https://a.com/__x__ | `c` |\n",
        "> Quote with https://a.com/~user/~x~ and ~~struck https://b.com/~y~~ text~~\n",
        "# Heading https://a.com/*a*b\n",
        "Link [text](https://a.com/__init__) and <https://b.com/__c__> and `https://c.com/__d__`.\n",
        "[ref]: https://a.com/__r__\n\nUse [ref] then https://d.com/_e_ end.\n",
        "Image ![alt https://a.com/_x_](https://b.com/_y_.png) after.\n",
        "<span title=\"https://a.com/_t_\">x</span> https://b.com/_u_\n",
    ]

    /// Minimized fuzz findings of the same class (stop 37's long run).
    static let findings = [
        "http://t` `", "http://1**e**", "http://t`🚀`", "http://m*d*の", "请求http://m` `", "www.*N*", "www.&#0;",
        "http://r[ref]\n\n[ref]:r", "http://1` `", "http://g[foo]\n\n[foo]:/", "http://e``x``", "http://r[\\!]",
        "``http://i` `", "http://&#0;", "http://&mp;", "http://i[]()", "http://c`n`", "www.[]()", "http://x***o*",
        "<\\[ www.x", "http://q`2`", "<http://g\\*", "http://o*e*", "http://i/_o_", "http://o`*`",
        "_a www.b.com\\_ c", "h&#116;tp://a.com", "[x http://a.com/_y_ z] w", "![x](u) www.a.com/_b_",
    ]

    @Test(arguments: realistic + findings)
    func matchesCmarkGFM(_ markdown: String) throws {
        let (ours, expected) = try GFMOracle.both(markdown)
        #expect(ours == expected, "\(markdown.debugDescription)")
    }

    /// The realistic cases are ones where the link runs over markup: the
    /// plain parse (no autolinks) makes emphasis, code or an entity there.
    @Test func realisticCasesRunOverMarkup() throws {
        let python = try GFMOracle.html(Array(Self.realistic[0].utf8))
        #expect(python.contains(#"<a href="https://docs.python.org/3/library/__main__.html">"#))
        #expect(
            GFMOracle.ours(Array(Self.realistic[0].utf8), extensions: []).contains("<strong>main</strong>"))
    }

    /// Core CommonMark 0.29 (cmark-gfm) and 0.30 (libcmark) differ on a
    /// few of these paragraphs (emphasis next to `&#0;` and escapes): for
    /// those the links alone are compared.
    @Test(arguments: 0..<600)
    func randomMarkupAroundURLsMatchesCmarkGFM(_ seed: Int) throws {
        let markdown = URLMarkupGenerator.document(seed: UInt64(seed))
        let bytes = Array(markdown.utf8)
        let (ours, expected) = try GFMOracle.both(markdown)
        if try Self.coreDiffers(bytes) {
            #expect(
                GFMOracle.extensionConstructs(ours) == GFMOracle.extensionConstructs(expected),
                "seed \(seed): \(markdown.debugDescription)")
        } else {
            #expect(ours == expected, "seed \(seed): \(markdown.debugDescription)")
        }
    }

    /// Whether cmark-gfm and StreamMark differ with every extension off.
    static func coreDiffers(_ bytes: [UInt8]) throws -> Bool {
        try GFMOracle.html(bytes, extensions: []) != GFMOracle.ours(bytes, extensions: [])
    }

    /// The core differences are few, so the whole HTML is compared almost
    /// everywhere (measured: 9 of 600).
    @Test func fewCoreDifferences() throws {
        let count = try (0..<600).filter {
            try Self.coreDiffers(Array(URLMarkupGenerator.document(seed: UInt64($0)).utf8))
        }
        .count
        #expect(count < 30)
    }

    /// The generator reaches links that hold markup bytes in cmark-gfm's
    /// output, and links cut short by markup in a parse without autolinks.
    @Test func generatorReachesLinksOverMarkup() throws {
        var linksOverMarkup = 0
        for seed in 0..<600 {
            let html = try GFMOracle.html(Array(URLMarkupGenerator.document(seed: UInt64(seed)).utf8))
            let links = html.components(separatedBy: "<a href=\"http").dropFirst()
            if links.contains(where: { link in
                let text = link.split(separator: "<", maxSplits: 1).first.map(String.init) ?? ""
                return text.contains("*") || text.contains("_") || text.contains("`") || text.contains("[")
            }) {
                linksOverMarkup += 1
            }
        }
        #expect(linksOverMarkup > 25)
    }
}
