import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Deep documents parsed and rendered one-shot on threads with a 512 KiB
/// stack (a secondary thread's default on Darwin), compared with cmark's
/// own HTML (its C renderer).
///
/// Nothing that walks a block tree recurses per level: the converter from
/// cmark's tree (`CmarkNodeReader`), the extension walk (`ExtensionWalker`),
/// the renderer, equality and hashing use explicit stacks, and a `Block`
/// takes its subtree apart when it is destroyed (`BlockChildren`). Inline
/// nesting is kept at most `InlineNesting.maximumDepth` (100) deep; deeper
/// containers are dissolved into the one at the limit, their text kept
/// (docs/concurrency.md).
@Suite struct SmallStackParsingTests {
    static let halfMiB = 512 << 10

    /// Parses (GitHub-flavoured and plain CommonMark) and renders on the
    /// thread; the tree is also destroyed there.
    static func check(_ markdown: String, stackSize: Int = halfMiB) {
        let expected = CmarkReference.html(markdown)
        for options in [ParseOptions(), .commonMark] {
            let html = LargeStack.run(stackSize: stackSize) {
                HTMLRenderer().render(MarkdownParser(options: options).parse(markdown))
            }
            #expect(html == expected, "\(options.extensions): \(Oracle.firstDifference(html, expected))")
        }
    }

    @Test func twentyThousandQuotes() {
        Self.check(String(repeating: "> ", count: 20_000) + "x\n")
    }

    @Test func tenThousandBulletLevels() {
        Self.check(String(repeating: "- ", count: 10_000) + "x\n")
    }

    @Test func tenThousandOrderedLevelsWithTabs() {
        Self.check(String(repeating: "1.\t", count: 10_000) + "x\n")
    }

    @Test func quotesAndItemsMixed() {
        Self.check(String(repeating: "> - ", count: 5_000) + "x\n")
    }

    /// `*a **a ` × n: 2n nested inline containers.
    static func nestedEmphasis(_ count: Int) -> String {
        String(repeating: "*a **a ", count: count) + "b" + String(repeating: " a** a*", count: count) + "\n"
    }

    /// 100 nested emphasis and strong (the limit) parse as cmark does.
    @Test func emphasisAtTheInlineLimitOnHalfMiB() {
        let markdown = Self.nestedEmphasis(InlineNesting.maximumDepth / 2)
        #expect(CmarkReference.html(markdown).components(separatedBy: "<em>").count == 51)
        Self.check(markdown)
    }

    /// 20,000 levels (10,000 × `*a **a `): the containers past the limit
    /// are dissolved, so the HTML has 100 levels of markup, and every word
    /// of cmark's (the text between the tags) is there, in order.
    @Test func tenThousandNestedEmphasisKeepsItsText() {
        let markdown = Self.nestedEmphasis(10_000)
        let expected = CmarkReference.html(markdown)
        for options in [ParseOptions(), .commonMark] {
            let html = LargeStack.run(stackSize: Self.halfMiB) {
                HTMLRenderer().render(MarkdownParser(options: options).parse(markdown))
            }
            #expect(Oracle.text(of: html) == Oracle.text(of: expected))
            #expect(html.components(separatedBy: "<em>").count - 1 == 50)
            #expect(html.components(separatedBy: "<strong>").count - 1 == 50)
        }
        #expect(expected.components(separatedBy: "<strong>").count - 1 == 10_000)
    }

    /// Nested `~~` pairs (the strikethrough extension nests them) are kept
    /// within the limit too, with cmark-gfm's text.
    @Test func deepStrikethroughKeepsItsText() throws {
        let markdown = String(repeating: "~~a ", count: 3_000) + "x" + String(repeating: " a~~", count: 3_000) + "\n"
        let expected = try CmarkGFM.html(markdown)
        let html = LargeStack.run(stackSize: Self.halfMiB) { HTMLRenderer().render(MarkdownParser().parse(markdown)) }
        #expect(Oracle.text(of: html) == Oracle.text(of: expected))
        #expect(html.components(separatedBy: "<del>").count - 1 == InlineNesting.maximumDepth)
        #expect(expected.components(separatedBy: "<del>").count - 1 == 3_000)
    }
}
