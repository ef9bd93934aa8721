import StreamMark
import StreamMarkHTML
import Testing

/// Untrusted Markdown in safe HTML (the default): `javascript:`,
/// `vbscript:`, `file:` and non-image `data:` URLs are dropped however they
/// are spelled, raw HTML is omitted, and no attribute can be broken out of.
///
/// Every expected output is written by hand. Spellings that survive are
/// harmless because the href is written percent-encoded (cmark's
/// `houdini_escape_href`): a browser finds no scheme in `java%09script:` or
/// `%20javascript:` (it strips only literal tabs, newlines and leading
/// spaces, never `%09`/`%20`; cmark trims literal spaces before the check), so those links are relative paths. Each
/// case is also checked against libcmark itself (plain CommonMark) and
/// streamed byte by byte.
@Suite struct HostileURLTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var markdown: String
        var expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        // javascript: in every spelling.
        Case(name: "javascript:", markdown: "[a](javascript:alert(1))", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(name: "mixed case", markdown: "[a](JaVaScRiPt:alert(1))", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "decimal entity", markdown: "[a](&#106;avascript:alert(1))", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "hex and named entities, colon as &colon;", markdown: "[a](&#x4A;AVASCRIPT&colon;alert(1))",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(name: "colon as &#58;", markdown: "[a](javascript&#58;alert(1))", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "backslash-escaped colon", markdown: "[a](javascript\\:alert(1))",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(name: "angle brackets", markdown: "[a](<javascript:alert(1)>)", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "spaces and a newline around the destination", markdown: "[a](  \n  javascript:alert(1)  )",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "tab inside the scheme (entity)", markdown: "[a](java&#9;script:alert(1))",
            expected: "<p><a href=\"java%09script:alert(1)\">a</a></p>\n"),
        Case(
            name: "leading space inside angle brackets (trimmed)", markdown: "[a](< javascript:alert(1)>)",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "leading space as an entity", markdown: "[a](&#32;javascript:alert(1))",
            expected: "<p><a href=\"%20javascript:alert(1)\">a</a></p>\n"),
        Case(
            name: "leading control character (entity)", markdown: "[a](&#1;javascript:alert(1))",
            expected: "<p><a href=\"%01javascript:alert(1)\">a</a></p>\n"),
        Case(
            name: "percent-encoded colon", markdown: "[a](javascript%3Aalert(1))",
            expected: "<p><a href=\"javascript%3Aalert(1)\">a</a></p>\n"),
        Case(
            name: "percent-encoded letters", markdown: "[a](%6Aavascript:alert(1))",
            expected: "<p><a href=\"%6Aavascript:alert(1)\">a</a></p>\n"),
        Case(
            name: "autolink", markdown: "<javascript:alert(1)>",
            expected: "<p><a href=\"\">javascript:alert(1)</a></p>\n"),
        Case(
            name: "reference definition", markdown: "[a]\n\n[a]: JAVASCRIPT:alert(1)",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "image source", markdown: "![a](javascript:alert(1))", expected: "<p><img src=\"\" alt=\"a\" /></p>\n"
        ),
        // vbscript:, file:, data:.
        Case(name: "vbscript:", markdown: "[a](VBScript:msgbox(1))", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(name: "file:", markdown: "[a](FILE:///etc/passwd)", expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "file: autolink", markdown: "<file:///etc/passwd>",
            expected: "<p><a href=\"\">file:///etc/passwd</a></p>\n"),
        Case(
            name: "data: HTML", markdown: "[a](data:text/html;base64,PHNjcmlwdD4=)",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "data: SVG image (can run script)", markdown: "![a](data:image/svg+xml;base64,PHN2Zz4=)",
            expected: "<p><img src=\"\" alt=\"a\" /></p>\n"),
        Case(
            name: "data: HTML via entities", markdown: "[a](&#100;ata:text/html,x)",
            expected: "<p><a href=\"\">a</a></p>\n"),
        Case(
            name: "data: PNG image kept", markdown: "![a](data:image/png;base64,iVBORw0KGgo=)",
            expected: "<p><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"a\" /></p>\n"),
        Case(
            name: "data: GIF image kept, upper case", markdown: "![a](DATA:IMAGE/GIF;base64,R0lG)",
            expected: "<p><img src=\"DATA:IMAGE/GIF;base64,R0lG\" alt=\"a\" /></p>\n"),
        // Raw HTML.
        Case(name: "script block", markdown: "<script>alert(1)</script>", expected: "<!-- raw HTML omitted -->\n"),
        Case(
            name: "inline event handler", markdown: "a <img src=x onerror=alert(1)> b",
            expected: "<p>a <!-- raw HTML omitted --> b</p>\n"),
        Case(
            name: "inline anchor with javascript:", markdown: "<a href=\"javascript:alert(1)\">x</a>",
            expected: "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n"),
        Case(
            name: "HTML comment block", markdown: "<!-- x --><script>y</script>",
            expected: "<!-- raw HTML omitted -->\n"),
        Case(name: "entities stay text", markdown: "&lt;script&gt;", expected: "<p>&lt;script&gt;</p>\n"),
        // Attributes cannot be broken out of.
        Case(
            name: "quote in a title", markdown: "[a](http://x \"\\\" onmouseover=\\\"alert(1)\")",
            expected: "<p><a href=\"http://x\" title=\"&quot; onmouseover=&quot;alert(1)\">a</a></p>\n"),
        Case(
            name: "quote and space in a URL", markdown: "[a](<http://x\" onclick=\"y>)",
            expected: "<p><a href=\"http://x%22%20onclick=%22y\">a</a></p>\n"),
        Case(
            name: "code info string", markdown: "```\"><script>\nx\n```",
            expected: "<pre><code class=\"language-&quot;&gt;&lt;script&gt;\">x\n</code></pre>\n"),
        Case(
            name: "quote in image alt text", markdown: "![\" onerror=\"alert(1)](x.png)",
            expected: "<p><img src=\"x.png\" alt=\"&quot; onerror=&quot;alert(1)\" /></p>\n"),
    ]

    @Test(arguments: cases)
    func safeHTML(_ testCase: Case) throws {
        let gfm = HTMLRenderer().render(MarkdownParser().parse(testCase.markdown))
        #expect(gfm == testCase.expected)
        let commonMark = HTMLRenderer().render(MarkdownParser(options: .commonMark).parse(testCase.markdown))
        #expect(commonMark == CmarkReference.html(Array(testCase.markdown.utf8)))
        #expect(commonMark == testCase.expected)

        var document = StreamingDocument()
        for byte in testCase.markdown.utf8 { document.append(bytes: [byte]) }
        document.finish()
        #expect(HTMLRenderer().render(document.root) == testCase.expected)
    }
}
