import StreamMark
import StreamMarkHTML
import StreamMarkTemplates
import Testing

/// Untrusted data in templates: an escaped `{{x}}` can never add Markdown or
/// HTML structure, wherever it lands (paragraph, heading, table cell, link
/// text, link destination). The expected Markdown and HTML are written by
/// hand from the escaping rules of docs/templates.md: a backslash before
/// every ASCII punctuation character, `&#N;` for line feeds and other C0
/// controls, `&#32;` for leading and trailing spaces, U+FFFD for NUL.
///
/// URL-shaped data is checked with the autolink extension on (the default
/// options) and off: escaped `www\.x\.com` or `http\:\/\/x` never
/// becomes a link, as in cmark-gfm, in a paragraph or a table cell.
@Suite struct HostileDataTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var template = "Before {{x}} after\n"
        var data: String
        var options = TemplateOptions()
        var markdown: String
        var html: String
        var description: String { name }
    }

    static let tableHTML = """
        <table>
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1 | 2
        | 3 |</td>
        </tr>
        </tbody>
        </table>

        """

    static let cases: [Case] = [
        Case(
            name: "script tag", data: "<script>alert(1)</script>",
            markdown: "Before \\<script\\>alert&#40;1&#41;\\<\\/script\\> after\n",
            html: "<p>Before &lt;script&gt;alert(1)&lt;/script&gt; after</p>\n"),
        Case(
            name: "HTML comment", data: "<!-- c -->",
            markdown: "Before \\<\\!\\-\\- c \\-\\-\\> after\n",
            html: "<p>Before &lt;!-- c --&gt; after</p>\n"),
        Case(
            name: "javascript: link", data: "[click](javascript:alert(1))",
            markdown: "Before &#91;click&#93;&#40;javascript\\:alert&#40;1&#41;&#41; after\n",
            html: "<p>Before [click](javascript:alert(1)) after</p>\n"),
        Case(
            name: "image", data: "![img](/track.png)",
            markdown: "Before \\!&#91;img&#93;&#40;\\/track\\.png&#41; after\n",
            html: "<p>Before ![img](/track.png) after</p>\n"),
        Case(
            name: "emphasis and code", data: "*bold* _em_ `code`",
            markdown: "Before \\*bold\\* \\_em\\_ \\`code\\` after\n",
            html: "<p>Before *bold* _em_ `code` after</p>\n"),
        Case(
            name: "new blocks after line feeds", data: "line\n# heading\n- item",
            markdown: "Before line&#10;\\# heading&#10;\\- item after\n",
            html: "<p>Before line\n# heading\n- item after</p>\n"),
        Case(
            name: "entities stay text", data: "&lt;b&gt; &amp;",
            markdown: "Before \\&lt\\;b\\&gt\\; \\&amp\\; after\n",
            html: "<p>Before &amp;lt;b&amp;gt; &amp;amp; after</p>\n"),
        Case(
            name: "leading and trailing spaces", data: "  indented  ",
            markdown: "Before &#32;&#32;indented&#32;&#32; after\n",
            html: "<p>Before   indented   after</p>\n"),
        Case(
            name: "URLs, autolink extension on", data: "www.evil.example http://evil.example",
            markdown: "Before www\\.evil\\.example http\\:\\/\\/evil\\.example after\n",
            html: "<p>Before www.evil.example http://evil.example after</p>\n"),
        Case(
            name: "URLs with paths stay text; an e-mail address links as in cmark-gfm (docs/templates.md)",
            data: "https://evil.example/a_b?c=d&e www.x.y/(z) me@evil.example",
            markdown:
                "Before https\\:\\/\\/evil\\.example\\/a\\_b\\?c\\=d\\&e www\\.x\\.y\\/&#40;z&#41; me\\@evil\\.example after\n",
            html:
                "<p>Before https://evil.example/a_b?c=d&amp;e www.x.y/(z) <a href=\"mailto:me@evil.example\">me@evil.example</a> after</p>\n"
        ),
        Case(
            name: "URL in a table cell, autolink on", template: "| a |\n| - |\n| {{x}} |\n",
            data: "www.evil.example",
            markdown: "| a |\n| - |\n| www\\.evil\\.example |\n",
            html:
                "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>www.evil.example</td>\n</tr>\n</tbody>\n</table>\n"
        ),
        Case(
            name: "URLs, autolink extension off", data: "www.evil.example http://evil.example",
            options: TemplateOptions(parseOptions: ParseOptions(extensions: [.table, .taskList, .strikethrough])),
            markdown: "Before www\\.evil\\.example http\\:\\/\\/evil\\.example after\n",
            html: "<p>Before www.evil.example http://evil.example after</p>\n"),
        Case(
            name: "strikethrough", data: "~~x~~ ~y~",
            markdown: "Before \\~\\~x\\~\\~ \\~y\\~ after\n",
            html: "<p>Before ~~x~~ ~y~ after</p>\n"),
        Case(
            name: "terminal controls become references", data: "\u{1B}]52;c;eA==\u{07}",
            markdown: "Before &#27;&#93;52\\;c\\;eA\\=\\=&#7; after\n",
            html: "<p>Before \u{1B}]52;c;eA==\u{07} after</p>\n"),
        Case(
            name: "NUL", data: "a\u{0}b",
            markdown: "Before a\u{FFFD}b after\n",
            html: "<p>Before a\u{FFFD}b after</p>\n"),
        Case(
            name: "heading cannot be ended", template: "# {{x}}\n", data: "x\n\n<script>",
            markdown: "# x&#10;&#10;\\<script\\>\n",
            html: "<h1>x\n\n&lt;script&gt;</h1>\n"),
        Case(
            name: "table cell cannot be split", template: "| a |\n| - |\n| {{x}} |\n", data: "1 | 2\n| 3 |",
            markdown: "| a |\n| - |\n| 1 \\| 2&#10;\\| 3 \\| |\n",
            html: tableHTML),
        Case(
            name: "link text cannot be closed", template: "[{{x}}](https://ok.example)\n",
            data: "](javascript:alert(1)) [x",
            markdown: "[&#93;&#40;javascript\\:alert&#40;1&#41;&#41; &#91;x](https://ok.example)\n",
            html: "<p><a href=\"https://ok.example\">](javascript:alert(1)) [x</a></p>\n"),
        Case(
            name: "a link destination stays one URL, and safe HTML drops javascript:", template: "[a]({{x}})\n",
            data: "javascript:alert(1)",
            markdown: "[a](javascript\\:alert&#40;1&#41;)\n",
            html: "<p><a href=\"\">a</a></p>\n"),
    ]

    @Test(arguments: cases)
    func dataStaysText(_ testCase: Case) throws {
        let rendering = try Template(testCase.template).render(
            .object(["x": .string(testCase.data)]), options: testCase.options)
        #expect(rendering.markdown == testCase.markdown)
        #expect(HTMLRenderer().render(rendering.document) == testCase.html)
    }
}
