import StreamMark
import StreamMarkHTML
import Testing

/// Every completion rule of the provisional display (`docs/provisional.md`),
/// as input prefix → the HTML of the display form. Expected values are
/// written by hand from the rule, not produced by the code.
@Suite struct ProvisionalDisplayRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var prefix: String
        var html: String
        var testDescription: String { prefix.debugDescription }
        init(_ prefix: String, _ html: String) {
            self.prefix = prefix
            self.html = html
        }
    }

    static func display(_ prefix: String) -> String {
        var document = StreamingDocument()
        document.append(prefix)
        return HTMLRenderer().render(document.displayRoot())
    }

    static let emphasisCases: [Case] = [
        Case("Here is **bold te", "<p>Here is <strong>bold te</strong></p>\n"),
        Case("Here is *it", "<p>Here is <em>it</em></p>\n"),
        Case("Here is _it", "<p>Here is <em>it</em></p>\n"),
        Case("Here is __bo", "<p>Here is <strong>bo</strong></p>\n"),
        Case("Here is ***both", "<p>Here is <em><strong>both</strong></em></p>\n"),
        Case("Here is **bold*", "<p>Here is <strong>bold</strong></p>\n"),
        Case("Here is ***both**", "<p>Here is <em><strong>both</strong></em></p>\n"),
        Case("**a *b", "<p><strong>a <em>b</em></strong></p>\n"),
        Case("Here is **", "<p>Here is</p>\n"),
        Case("Here is **bold te ", "<p>Here is <strong>bold te</strong></p>\n"),
        Case("a (**", "<p>a (</p>\n"),
        Case("**bold** and *", "<p><strong>bold</strong> and</p>\n"),
        Case("**line one\nline two", "<p><strong>line one\nline two</strong></p>\n"),
        Case("**bold (x)**", "<p><strong>bold (x)</strong></p>\n"),
        Case("这是**重要", "<p>这是<strong>重要</strong></p>\n"),
        Case("a (*note", "<p>a (<em>note</em></p>\n"),
    ]

    static let strikethroughCases: [Case] = [
        Case("~~gone", "<p><del>gone</del></p>\n"),
        Case("it is ~~", "<p>it is</p>\n"),
        Case("~~gone~", "<p><del>gone</del></p>\n"),
    ]

    static let codeCases: [Case] = [
        Case("run `npm i", "<p>run <code>npm i</code></p>\n"),
        Case("run ``a`", "<p>run <code>a</code></p>\n"),
        Case("run `", "<p>run</p>\n"),
        Case("`**x` and **y", "<p><code>**x</code> and <strong>y</strong></p>\n"),
        Case("**see `a*b", "<p><strong>see <code>a*b</code></strong></p>\n"),
        Case("```py\nx = 1", "<pre><code class=\"language-py\">x = 1\n</code></pre>\n"),
        Case("```\ncode\n``", "<pre><code>code\n</code></pre>\n"),
        Case("```\ncode\n```", "<pre><code>code\n</code></pre>\n"),
        Case("````\ncode\n```", "<pre><code>code\n</code></pre>\n"),
        Case("- ```\n  code\n  `", "<ul>\n<li>\n<pre><code>code\n</code></pre>\n</li>\n</ul>\n"),
    ]

    static let linksCases: [Case] = [
        Case("see [the guide", "<p>see the guide</p>\n"),
        Case("see [the guide]", "<p>see the guide</p>\n"),
        Case("see [the guide](", "<p>see the guide</p>\n"),
        Case("see [the guide](https://exa", "<p>see the guide</p>\n"),
        Case("see [the guide](https://example.com \"Ti", "<p>see the guide</p>\n"),
        Case("see [**bold li", "<p>see <strong>bold li</strong></p>\n"),
        Case("a [x](u) and [y", "<p>a <a href=\"u\">x</a> and y</p>\n"),
        Case("see ![logo](https://exa", "<p>see</p>\n"),
        Case("see ![lo", "<p>see</p>\n"),
        Case("see ![logo]", "<p>see</p>\n"),
    ]

    static let blockMarkersCases: [Case] = [
        Case("Intro\n-", "<p>Intro</p>\n"),
        Case("Intro\n=", "<p>Intro</p>\n"),
        Case("Intro\n*", "<p>Intro</p>\n"),
        Case("Intro\n---", "<p>Intro</p>\n"),
        Case("Intro\n1", "<p>Intro</p>\n"),
        Case("Intro\n\n-", "<p>Intro</p>\n"),
        Case("Intro\n\n2.", "<p>Intro</p>\n"),
        Case("- a\n-", "<ul>\n<li>a</li>\n</ul>\n"),
        Case("Text\n\n***", "<p>Text</p>\n"),
        Case("Text\n\n--", "<p>Text</p>\n"),
        Case("Text\n\n``", "<p>Text</p>\n"),
        Case("Table:\n|     ", "<p>Table:</p>\n"),
        Case("Intro\n  ", "<p>Intro</p>\n"),
    ]

    static let tablesCases: [Case] = [
        Case("| a | b |", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n"),
        Case("| a | b |\n|--", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n"),
        Case(
            "| a | b |\n|:-",
            "<table>\n<thead>\n<tr>\n<th align=\"left\">a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n"),
        Case("| a | b |\n|", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n"),
        Case("| Na", "<table>\n<thead>\n<tr>\n<th>Na</th>\n</tr>\n</thead>\n</table>\n"),
        Case(
            "| **Year** | **Pr",
            "<table>\n<thead>\n<tr>\n<th><strong>Year</strong></th>\n<th><strong>Pr</strong></th>\n</tr>\n"
                + "</thead>\n</table>\n"),
        Case(
            "| **Year** | **PJ** | *",
            "<table>\n<thead>\n<tr>\n<th><strong>Year</strong></th>\n<th><strong>PJ</strong></th>\n</tr>\n"
                + "</thead>\n</table>\n"),
        Case(
            "1. Table:\n   | a | b |\n  ",
            "<ol>\n<li>Table:\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n</li>\n</ol>\n"
        ),
        Case(
            "| a | b |\n|---|---|\n| 1 | **bo",
            "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n"
                + "<td><strong>bo</strong></td>\n</tr>\n</tbody>\n</table>\n"),
        Case(
            "| a | b |\n|---|---|\n| **x | y",
            "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>**x</td>\n"
                + "<td>y</td>\n</tr>\n</tbody>\n</table>\n"),
        Case(
            "Intro\n| a | b |\n",
            "<p>Intro</p>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n</table>\n"),
    ]

    static let hiddenTailsCases: [Case] = [
        Case("a <spa", "<p>a</p>\n"),
        Case("a </di", "<p>a</p>\n"),
        Case("see <https://exa", "<p>see</p>\n"),
        Case("a <", "<p>a</p>\n"),
        Case("AT&am", "<p>AT</p>\n"),
        Case("x &#12", "<p>x</p>\n"),
        Case("a \\", "<p>a</p>\n"),
    ]

    static let unchangedCases: [Case] = [
        Case("Here is **bold**", "<p>Here is <strong>bold</strong></p>\n"),
        Case("Here is **bold** text.", "<p>Here is <strong>bold</strong> text.</p>\n"),
        Case("escaped \\*star", "<p>escaped *star</p>\n"),
        Case("escaped \\*\\*star", "<p>escaped **star</p>\n"),
        Case("`code *x`", "<p><code>code *x</code></p>\n"),
        Case("`code **x` more", "<p><code>code **x</code> more</p>\n"),
        Case("snake_case_names", "<p>snake_case_names</p>\n"),
        Case("a * b * c", "<p>a * b * c</p>\n"),
        Case("2*3", "<p>2*3</p>\n"),
        Case("2*3 and 4", "<p>2*3 and 4</p>\n"),
        Case("2 * 3", "<p>2 * 3</p>\n"),
        Case("array[i", "<p>array[i</p>\n"),
        Case("dict[a][b", "<p>dict[a][b</p>\n"),
        Case("f(x)*y", "<p>f(x)*y</p>\n"),
        Case("f(x)*y and z", "<p>f(x)*y and z</p>\n"),
        Case("costs ~100", "<p>costs ~100</p>\n"),
        Case("a <b> c", "<p>a <!-- raw HTML omitted --> c</p>\n"),
        Case("x < y", "<p>x &lt; y</p>\n"),
        Case("AT&T rocks", "<p>AT&amp;T rocks</p>\n"),
        Case("**bold\n\n", "<p>**bold</p>\n"),
        Case("## Title **b\n", "<h2>Title **b</h2>\n"),
        Case("[note] and more", "<p>[note] and more</p>\n"),
        Case(String(repeating: "*a ", count: 33), "<p>" + String(repeating: "*a ", count: 32) + "*a</p>\n"),
        Case(String(repeating: "[a ", count: 33), "<p>" + String(repeating: "[a ", count: 32) + "[a</p>\n"),
        Case("see [a](https://example.com)", "<p>see <a href=\"https://example.com\">a</a></p>\n"),
        Case("Intro\n---\n", "<h2>Intro</h2>\n"),
        Case("- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"),
    ]

    static let nestedCases: [Case] = [
        Case("## Title **b", "<h2>Title <strong>b</strong></h2>\n"),
        Case("- item **bo", "<ul>\n<li>item <strong>bo</strong></li>\n</ul>\n"),
        Case("> quote *it", "<blockquote>\n<p>quote <em>it</em></p>\n</blockquote>\n"),
        Case("> a\n> **b\n> c", "<blockquote>\n<p>a\n<strong>b\nc</strong></p>\n</blockquote>\n"),
        Case(
            "- a\n\n  para **b\n  c",
            "<ul>\n<li>\n<p>a</p>\n<p>para <strong>b\nc</strong></p>\n</li>\n</ul>\n"),
        Case(
            "1. a\n   - b\n     - c **x",
            "<ol>\n<li>a\n<ul>\n<li>b\n<ul>\n<li>c <strong>x</strong></li>\n</ul>\n</li>\n</ul>\n</li>\n</ol>\n"),
        Case(
            "- [ ] do **it", "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> do <strong>it</strong></li>\n</ul>\n"),
        Case("Intro\n\n- a\n  -", "<p>Intro</p>\n<ul>\n<li>a</li>\n</ul>\n"),
    ]

    /// A quote's first line while it is still the start of an alert
    /// marker shows nothing (an empty quote) instead of `[!WAR`; anything
    /// that cannot become a marker shows as any paragraph does (its open
    /// `[` hidden while it may start a link: `!WARX`); a complete marker
    /// is the alert itself (the truth).
    static let alertMarkerCases: [Case] = [
        // The first paragraph of an alert, completed (its trailing space
        // trimmed), still shows without the marker line.
        Case(
            "> [!NOTE]\n> The formula ",
            "<div class=\"markdown-alert markdown-alert-note\">\n<p class=\"markdown-alert-title\">Note</p>\n<p>The formula</p>\n</div>\n"
        ),
        Case(
            "> [!TIP]\n> Use **bold",
            "<div class=\"markdown-alert markdown-alert-tip\">\n<p class=\"markdown-alert-title\">Tip</p>\n<p>Use <strong>bold</strong></p>\n</div>\n"
        ),
        Case("> [!", "<blockquote>\n</blockquote>\n"),
        Case("> [!WAR", "<blockquote>\n</blockquote>\n"),
        Case("> [!note", "<blockquote>\n</blockquote>\n"),
        Case("> [!IMPORTANT", "<blockquote>\n</blockquote>\n"),
        Case("Intro\n\n> [!Ti", "<p>Intro</p>\n<blockquote>\n</blockquote>\n"),
        Case("> [!WARX", "<blockquote>\n<p>!WARX</p>\n</blockquote>\n"),
        Case("> [!NOTE x", "<blockquote>\n<p>!NOTE x</p>\n</blockquote>\n"),
        Case("> a\n>\n> [!NO", "<blockquote>\n<p>a</p>\n<p>!NO</p>\n</blockquote>\n"),
        Case("- > [!NO", "<ul>\n<li>\n<blockquote>\n<p>!NO</p>\n</blockquote>\n</li>\n</ul>\n"),
        Case(
            "> [!NOTE]",
            "<div class=\"markdown-alert markdown-alert-note\">\n<p class=\"markdown-alert-title\">Note</p>\n</div>\n"),
    ]

    /// An unclosed `$$`, `\[` or `\(` shows as math from its first
    /// character (with `$$`, open `{` groups closed); a bare opener is
    /// hidden; a single `$` (a price as often
    /// as math) and a `$$` inside a code span are left alone; emphasis
    /// markers inside the TeX open nothing.
    static let mathCases: [Case] = [
        Case("$$\nx = ", "<p><span class=\"math display\">\\[\nx = \\]</span></p>\n"),
        Case("Then $$a^2", "<p>Then <span class=\"math display\">\\[a^2\\]</span></p>\n"),
        Case("$$\\frac{a}{b", "<p><span class=\"math display\">\\[\\frac{a}{b}\\]</span></p>\n"),
        Case("$$x}", "<p>$$x}</p>\n"),
        Case("$$a + \\fra", "<p><span class=\"math display\">\\[a + \\]</span></p>\n"),
        Case("$$\\frac{a}{\\", "<p><span class=\"math display\">\\[\\frac{a}{}\\]</span></p>\n"),
        Case("Then $$\\alp", "<p>Then</p>\n"),
        Case("$$\nx^2\n$", "<p><span class=\"math display\">\\[\nx^2\n\\]</span></p>\n"),
        Case("so \\[ x_1 *", "<p>so <span class=\"math display\">\\[ x_1 *\\]</span></p>\n"),
        Case("where \\(a_i", "<p>where <span class=\"math inline\">\\(a_i\\)</span></p>\n"),
        Case("Then $$", "<p>Then</p>\n"),
        Case("Then \\[  ", "<p>Then</p>\n"),
        Case("costs $5 and", "<p>costs $5 and</p>\n"),
        Case(
            "$x$ and $$y",
            "<p><span class=\"math inline\">\\(x\\)</span> and <span class=\"math display\">\\[y\\]</span></p>\n"),
        Case("*a $$b_c", "<p><em>a <span class=\"math display\">\\[b_c\\]</span></em></p>\n"),
        Case("`$$x", "<p><code>$$x</code></p>\n"),
        Case("$$\\braket{a|b}", "<p><span class=\"math display\">\\[\\braket{a|b}\\]</span></p>\n"),
        Case(
            "$a$ | c\n-|",
            "<table>\n<thead>\n<tr>\n<th><span class=\"math inline\">\\(a\\)</span></th>\n<th>c</th>\n</tr>\n</thead>\n</table>\n"
        ),
        Case("$$\\braket{a|b}\n-|", "<p><span class=\"math display\">\\[\\braket{a|b}\n-|\\]</span></p>\n"),
    ]

    @Test(arguments: mathCases) func math(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }

    @Test(arguments: alertMarkerCases) func alertMarkers(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test func alertMarkersShowAsTextWithAlertsOff() {
        var document = StreamingDocument(options: ParseOptions(extensions: .gfm))
        document.append("> [!WAR")
        #expect(HTMLRenderer().render(document.displayRoot()) == "<blockquote>\n<p>!WAR</p>\n</blockquote>\n")
    }

    @Test(arguments: emphasisCases) func emphasis(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: strikethroughCases) func strikethrough(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: codeCases) func code(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: linksCases) func links(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: blockMarkersCases) func blockMarkers(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: tablesCases) func tables(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: hiddenTailsCases) func hiddenTails(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: unchangedCases) func unchanged(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
    @Test(arguments: nestedCases) func nested(_ c: Case) { #expect(Self.display(c.prefix) == c.html) }
}
