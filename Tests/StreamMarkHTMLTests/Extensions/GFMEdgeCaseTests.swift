import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Hand-written inputs at the edges of the extensions, each compared with
/// cmark-gfm's HTML byte for byte.
@Suite struct GFMEdgeCaseTests {
    static let inputs: [String] = [
        // Tables: position, ids of the parts, containers.
        "| a | b |\n| - | - |\n| 1 | 2 |\n",
        "a | b\n--|--\n1 | 2\n3\n",
        "intro line\n| a | b |\n|:-|-:|\n| 1 | 2 |\n",
        "one\ntwo\na|b\n:-:|---\nx|y\n",
        "| a |\n| - |\n    code\nmore\n",
        "| a |\n| - |\n| b |\n===\n",
        // A fence (or a long HTML block) next to a definition-like line must
        // not swallow the definitions a later table cell uses.
        "```` example\n[foo]: /url\n````\n\n| a |\n| - |\n| [bar] |\n\n[bar]: /bar\n",
        "<!-- x\n[foo]: /url\n-->\n\n| a |\n| - |\n| [bar] |\n\n[bar]:\n<http://b.example>\n",
        "~~~\n[foo]: /url\n~~~\n| a |\n| - |\n| [foo] |\n",
        "| a |\n| - |\n| b |\n---\n",
        "| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n",
        "| a | b |\n| - |\n",
        "| a |\n| - | - |\nx\n",
        // A fence after a table's lines, left open at the end of the text:
        // its literal ends with the text, not with the cells' context.
        "[x]: /u\n\nh | i\n-|-\n|\r\n`c``c```_\n```[x]",
        "[x]: /u\n\nh | i | j\n-|-|-\n|\r\n~~s~~http://b.org y z`日本\n`c``c```````_\n```[x]",
        "a\n-:\n",
        "| `a|b` | c \\| d |\n| - | - |\n| \\\\| | x |\n",
        "> | a | b |\n> | - | - |\n> | 1 | 2 |\n\nafter\n",
        "- | a | b |\n  | - | - |\n  | 1 | 2 |\n- next\n",
        "1. x\n\n   | a |\n   | --- |\n   | b |\n",
        "| a |\n| - |\n2. foo\n",
        "| a |\n| - |\n-\n",
        "| a |\n| - |\n<div>\n",
        "| a |\n| - |\n| <span> |\n",
        "x `a\\|b`\n| a |\n| - |\n",
        "| *a* | **b** | [c](http://x) |\n|---|---|---|\n| ~~d~~ | www.e.com | f@g.com |\n",
        "| a |\n|-|\n|\n",
        "| a |\n| - |\n\n| b |\n",
        "|a|\n|-|\n| # x #|\n| - y |\n",
        "| a\t| b |\n|\t- | -\t|\n",
        "| é | ü |\n| - | - |\n| 日本 | 語 |\n",
        "# h\n| a |\n| - |\n",
        "| a |\n| - |\n> q\n",
        "| a |\n| - |\n```\ncode\n```\n",
        "| a |\n| - |\r\n| b |\r\n",
        "|\n|-|\n",
        "| a |\n|:--:|\n| ![i](x.png) |\n",
        "> - | a |\n>   | - |\n>   | b |\n",
        "- > | a |\n  > | - |\n  > | b |\n",
        ">\t| a |\n>\t| - |\n",
        "-\t| a |\n\t| - |\n\t| b |\n",
        "   | a |\n   | - |\n   | b |\n",
        "p\n   | a |\n  | - |\n | b |\n",
        "| a |\n| - |\n| b |\n    | c |\n",
        "| a |\n| - |\n\\| b\n",
        "| a | b |\n|---|---|\n| `x | y` | z |\n",
        "a|b|c\n-|-|-\n1|2|3|4\n",
        "| a |\n| :-: |\n| b |\n| c |\n\n| d |\n| --: |\n",
        "- [ ] | a |\n  | - |\n",
        "> [!NOTE]\n> | a |\n> | - |\n",
        "| a |  \n| - |  \n| b |  \n",
        "| a |\n| - |\n| b\\\n",
        "| x |\n|---|\n| [l](http://a.com \"t\") |\n| <b>h</b> |\n",
        "- | a |\n  | - |\n  | b |\n- c\n",
        "- | a |\n  | - |\n- c\n",
        "- x\n  | a |\n  | - |\n  - y\n",
        "- a\n  - | x |\n    | - |\n- b\n",
        "- a\n- | a |\n  | - |\n",
        "> | a |\n> | - |\n| b |\n",
        "> | a |\n> | - |\n> | b |\nlazy\n> c\n\nd\n",
        "- | a |\n  | - |\nlazy | x\n- y\n",
        "> - | a |\n>   | - |\nlazy\n",
        "> - | a |\n>   | - |\n> lazy\n> - b\n",
        "> > | a |\n> > | - |\n> > | b |\n> c\n> > d\n",
        "- > | a |\n  > | - |\n  lazy\n  - e\n",
        "- [ ] | a |\n  | - |\nlazy\n",
        "> x\n> | a |\n> | - |\n| b |\n> | c |\n",
        "[Ref Two]:\n  /two\n-\nU\n",
        "[a]: /u\n-\n| b |\n| - |\n[a]\n",
        "[a]: /u\n===\nx\n| b |\n| - |\n",
        // Task lists.
        "- [ ] a\n- [x] b\n- [X] c\n",
        "- [ ]\tfoo\n- [x]foo\n-  [X]  *a*\n",
        "- [ ] foo [x]\n",
        "> - [ ] quoted\n",
        "- a\n  - [ ] nested\n  - [x] done\n",
        "1. [ ] one\n2) [x] two\n",
        "- [ ] \n  next line\n",
        "- [ ] a\n\n  more\n- [x] b\n",
        // Strikethrough.
        "~~a~~ ~b~ ~~~c~~~ ~d~~ ~~e~\n",
        "*a ~~b* c~~\n",
        "~~*a*~~ **~~b~~** `~~c~~`\n",
        "x~~y~~z a~b~c\n",
        "~~ a~~ ~~b ~~\n",
        "~~a ~b~ c~~\n",
        "[~~a~~](http://x) ~~[b](http://y)~~\n",
        "~~a\nb~~\n",
        "\\~~a~~\n",
        "about \\~10 min and \\~20 min\n",
        "`a\\~b` \\~x~ ~y\\~ z~\n",
        "| \\~a~ | b |\n|-|-|\n| ~c\\~ | ~~d~~ |\n",
        "# h \\~x~ \\~\n\nSetext \\~a~\n===\n",
        "a\\\\~b~ c\n",
        "> q \\~x~ y~\n> more\n",
        "[\\~l~](http://x/\\~y \"t\\~\") <span title=\"\\~\">~s~</span>\n",
        "x\n| a \\~ |\n| - |\n",
        // Autolinks.
        "www.commonmark.org/a.b. http://x.org/(a)) (https://y.org/a_(b)) z\n",
        "Visit www.a.com, or https://b.org!\n",
        "**https://a.com** *www.b.com* ~~http://c.com~~\n",
        "foo@bar.com, a.b-c_d+e@f.g.h. x@y z@1.2\n",
        "[see https://a.com] and [b](https://b.com) https://c.com/?q=1&x=2;\n",
        "www.a_b.com www.a.b_c www._a.b.c http://a_b.c ftp://x.y HTTP://UP.COM\n",
        "xhttp://a.com ahttps://b.com (www.c.com) _www.d.com_\n",
        "https://en.wikipedia.org/wiki/Swift_(programming_language)\n",
        "# www.a.com ~~h~~\n",
        "![www.a.com x@y.com](i.png)\n",
        // Entities inside a URL stay raw, as cmark-gfm links the source
        // (formerly known limits; `URLMarkup`).
        "<https://a.com> `https://b.com` https://c.com/&amp;x\n", "http://a.b/c<d https://e.f/g&lt;h\n",
        // Definition-like lines in code and HTML blocks define nothing for cells.
        "| [x][] |\n| --- |\n| a |\n\n~~~\n[x]: /u\n~~~\n",
        "| [x][] |\n| --- |\n| [y]: /v |\n~~~ c\n\n[x]: /u\n",
        "- | [x][] |\n  | --- |\n\n- ```\n  [x]: /u\n  ```\n",
        "| [x][] |\n| --- |\n\n~~~\na\nb\n[x]: /u\n~~~\n",
        "| [x][] |\n| --- |\n\n<!--\n\n[x]: /u\n-->\n",
        // Definitions for cells in a list item, indented past a blank line,
        // with other tables and definitions around them.
        "| a |\n| - |\n| [x] |\n\n1.  item\n\n    [x]: /u\n",
        "| a |\n| - |\n| [x] |\n\n1.  item\n    [y]: /v\n\n    [x]: /u\n",
        "[y]: /y\n\n| a | b |\n| - | - |\n| [x] | [y] |\n\n- item\n\n      [x]: /code\n\n[x]: /u\n\n| c |\n| - |\n| [z] [x] |\n\n[z]: /z\n",
    ]

    @Test(arguments: inputs)
    func matchesCmarkGFM(_ markdown: String) throws {
        let (ours, theirs) = try GFMOracle.both(markdown)
        #expect(ours == theirs, "\(GFMDifferentialTests.firstDifference(ours, theirs))")
    }
}
