import Testing

/// The normalizer against the examples documented in cmark's normalize.py.
@Suite struct HTMLNormalizerTests {
    @Test(arguments: [
        ("<p>a  \t b</p>", "<p>a b</p>"),
        ("<p>a  \t\nb</p>", "<p>a b</p>"),
        ("<p>a  b</p>", "<p>a b</p>"),
        (" <p>a  b</p>", "<p>a b</p>"),
        ("<p>a  b</p> ", "<p>a b</p>"),
        ("\n\t<p>\n\t\ta  b\t\t</p>\n\t", "<p>a b</p>"),
        ("<i>a  b</i> ", "<i>a b</i> "),
        ("<br />", "<br>"),
        ("<a title=\"bar\" HREF=\"foo\">x</a>", "<a href=\"foo\" title=\"bar\">x</a>"),
        ("&forall;&amp;&gt;&lt;&quot;", "\u{2200}&amp;&gt;&lt;&quot;"),
    ])
    func documentedExamples(input: String, expected: String) {
        #expect(HTMLNormalizer.normalize(input) == expected)
    }

    @Test func preservesWhitespaceInPre() {
        #expect(
            HTMLNormalizer.normalize("<pre><code>a  \n  b\n</code></pre>\n") == "<pre><code>a  \n  b\n</code></pre>")
    }

    @Test func commentsDeclarationsAndCharacterReferences() {
        #expect(HTMLNormalizer.normalize("<!-- a > b -->") == "<!-- a > b -->")
        #expect(HTMLNormalizer.normalize("<!DOCTYPE html>") == "<!DOCTYPE html>")
        #expect(HTMLNormalizer.normalize("<?php x ?>") == "<?php x ?>")
        #expect(HTMLNormalizer.normalize("&#65;&#x42;&#X43;") == "AB&X43;")
        #expect(HTMLNormalizer.normalize("<img alt=\"a &amp; 'b'\" />") == "<img alt=\"a &amp; &#x27;b&#x27;\">")
        #expect(HTMLNormalizer.normalize("<p>a</p>\n<p>b <br />\nc</p>") == "<p>a</p><p>b <br>c</p>")
    }

    @Test func differentMarkupStaysDifferent() {
        #expect(HTMLNormalizer.normalize("<p>a</p>") != HTMLNormalizer.normalize("<p>b</p>"))
        #expect(HTMLNormalizer.normalize("<em>a</em>") != HTMLNormalizer.normalize("<strong>a</strong>"))
        #expect(HTMLNormalizer.normalize("<a href=\"x\">a</a>") != HTMLNormalizer.normalize("<a href=\"y\">a</a>"))
    }
}
