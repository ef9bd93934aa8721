import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Deep documents parsed and rendered one-shot on threads with ordinary
/// stacks, compared with cmark's own HTML (its C renderer).
///
/// The converter from cmark's tree (`CmarkNodeReader`), the extension
/// walk (`ExtensionWalker`) and the renderer use explicit stacks. What
/// still recurses is Swift's destruction of a nested `Block` value (about
/// 144 bytes of stack per nested block), which sets the limits measured in
/// docs/concurrency.md: on a 512 KiB stack about 3,600 nested quotes or
/// 1,800 nested list levels, on 8 MiB about 58,000 and 29,000. These
/// tests stay well inside them (a recursive converter or walker overflowed
/// 512 KiB below 2,000 quotes and 8 MiB below 20,000).
@Suite struct SmallStackParsingTests {
    /// Parses (GitHub-flavoured and plain CommonMark) and renders on the
    /// thread; the tree is also destroyed there.
    static func check(_ markdown: String, stackSize: Int) {
        let expected = CmarkReference.html(markdown)
        for options in [ParseOptions(), .commonMark] {
            let html = LargeStack.run(stackSize: stackSize) {
                HTMLRenderer().render(MarkdownParser(options: options).parse(markdown))
            }
            #expect(html == expected, "\(options.extensions): \(Oracle.firstDifference(html, expected))")
        }
    }

    static let eightMiB = 8 << 20
    static let halfMiB = 512 << 10

    @Test func twentyThousandQuotesOnEightMiB() {
        Self.check(String(repeating: "> ", count: 20_000) + "x\n", stackSize: Self.eightMiB)
    }

    @Test func tenThousandBulletLevelsOnEightMiB() {
        Self.check(String(repeating: "- ", count: 10_000) + "x\n", stackSize: Self.eightMiB)
    }

    @Test func tenThousandOrderedLevelsWithTabsOnEightMiB() {
        Self.check(String(repeating: "1.\t", count: 10_000) + "x\n", stackSize: Self.eightMiB)
    }

    @Test func tenThousandNestedEmphasisOnEightMiB() {
        let depth = 10_000
        let markdown =
            String(repeating: "*a **a ", count: depth) + "b" + String(repeating: " a** a*", count: depth) + "\n"
        let html = CmarkReference.html(markdown)
        #expect(html.components(separatedBy: "<strong>").count > depth)
        Self.check(markdown, stackSize: Self.eightMiB)
    }

    @Test func twoThousandQuotesOnHalfMiB() {
        Self.check(String(repeating: "> ", count: 2_000) + "x\n", stackSize: Self.halfMiB)
    }

    @Test func quotesAndItemsMixedOnHalfMiB() {
        Self.check(String(repeating: "> - ", count: 500) + "x\n", stackSize: Self.halfMiB)
    }
}
