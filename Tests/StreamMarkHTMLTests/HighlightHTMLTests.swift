import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// `RenderOptions.highlight`: tokens as highlight.js spans; the text is
/// escaped exactly as without, and without the option the HTML is cmark's.
@Suite struct HighlightHTMLTests {
    /// Removes `<span class="hljs-…">` and `</span>` from the code blocks.
    static func strippingSpans(_ html: String) -> String {
        var out = html
        while let open = out.range(of: "<span class=\"hljs-") {
            let close = out[open.upperBound...].range(of: "\">")!
            out.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return out.replacingOccurrences(of: "</span>", with: "")
    }

    @Test func highlightedHTMLIsThePlainHTMLWithSpans() {
        var spans = 0
        let files = CorpusTests.files.filter { $0.hasPrefix("Corpus/llm/") || $0.hasPrefix("Corpus/documents/") }
        for file in files {
            let tree = MarkdownParser().parse(bytes: (try? Repository.bytes(file)) ?? [])
            let plain = HTMLRenderer().render(tree)
            let highlighted = HTMLRenderer(options: .init(highlight: true)).render(tree)
            #expect(!plain.contains("hljs-") || plain.contains("hljs-") == highlighted.contains("hljs-"))
            // Both lose every `</span>`: math spans close with it too.
            #expect(Self.strippingSpans(highlighted) == Self.strippingSpans(plain), "\(file)")
            spans += highlighted.components(separatedBy: "<span class=\"hljs-").count - 1
        }
        #expect(spans > 2_000)
    }

    /// Hand-checked markup: a dotted scope is two classes, text is escaped
    /// inside and outside spans, an unknown language is plain.
    @Test func markup() {
        let tree = MarkdownParser().parse("```python\ndef f(a):\n    return a < \"&\"\n```\n\n```nosuch\nx < y\n```\n")
        let html = HTMLRenderer(options: .init(highlight: true)).render(tree)
        #expect(
            html == """
                <pre><code class="language-python"><span class="hljs-keyword">def</span> \
                <span class="hljs-title function_">f</span>(a):
                    <span class="hljs-keyword">return</span> a &lt; <span class="hljs-string">&quot;&amp;&quot;</span>
                </code></pre>
                <pre><code class="language-nosuch">x &lt; y
                </code></pre>

                """)
    }
}
