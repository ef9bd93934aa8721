import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// ``URLMarkup``'s cheap test and scan on their own; the HTML against
/// cmark-gfm is `URLMarkupTests` (StreamMarkHTMLTests).
@Suite struct URLMarkupScanTests {
    /// `mayOccur` has no false negatives: whenever the scan replaces
    /// anything, the cheap test said it might.
    @Test(arguments: 0..<2_000)
    func cheapTestMissesNothing(_ seed: Int) {
        let bytes = Array(URLMarkupGenerator.document(seed: UInt64(seed)).utf8)
        let substituted = URLMarkup.substituted(bytes, isLinkLabel: { $0 == Array("r".utf8) })
        let may = bytes.withUnsafeBufferPointer { URLMarkup.mayOccur(in: $0, 0..<$0.count) }
        #expect(substituted == bytes || may, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    /// The markup bytes inside a link get stand-ins, and nothing outside it.
    @Test func markupInsideLinksOnly() {
        let bytes = Array("*a* http://x.com/_y_ `c` [r] www.z.com/[q]\n".utf8)
        let substituted = String(decoding: URLMarkup.substituted(bytes, isLinkLabel: { _ in false }), as: UTF8.self)
        let underscore = URLMarkup.standIn(UInt8(ascii: "_"))!
        let open = URLMarkup.standIn(UInt8(ascii: "["))!
        let close = URLMarkup.standIn(UInt8(ascii: "]"))!
        #expect(substituted == "*a* http://x.com/\(underscore)y_ `c` [r] www.z.com/\(open)q\(close)\n")
    }

    /// No link starts inside a code span, raw HTML, a link's destination
    /// or an open bracket: nothing there is replaced.
    @Test(arguments: [
        "`http://a.com/_b_`", "<a href=\"http://a.com/_b_\">", "[t](http://a.com/_b_)", "[http://a.com/_b_",
        "![x http://a.com/_b_](u)", "[t](<http://a.com/_b_>)", "<http://a.com/_b_>",
    ])
    func noLinkNoReplacement(_ markdown: String) {
        let bytes = Array(markdown.utf8)
        #expect(URLMarkup.substituted(bytes, isLinkLabel: { _ in false }) == bytes)
    }

    /// Hostile runs before a link over markup — unmatched backtick runs of
    /// growing length, unclosed titles — leave the link found (the scan's
    /// cost on such input is the benchmark's `pathological` shapes').
    @Test func hostileRunsBeforeALink() {
        var text = ""
        for length in 1...300 { text += String(repeating: "`", count: length) + " x " }
        for _ in 0..<3_000 { text += "[a](b \"" }
        text += " http://a.com/_b_ "
        let bytes = Array(text.utf8)
        let substituted = URLMarkup.substituted(bytes, isLinkLabel: { _ in false })
        #expect(substituted.count == bytes.count + 2)
    }
}
