import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// ``CodeSpanScanner`` against libcmark: scanned left to right, the code
/// spans it finds in random backtick text are cmark's, memo and all.
@Suite struct CodeSpanScannerTests {
    /// The code spans of `source`, as the scanner finds them.
    static func ourSpans(_ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { pointer in spans(in: pointer) }
    }

    private static func spans(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var scanner = CodeSpanScanner(bytes)
        var spans: [String] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "`") else {
                i += 1
                continue
            }
            var runEnd = i
            while runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
            let end = scanner.end(at: i)
            if end > runEnd {
                spans.append(String(decoding: bytes[runEnd..<end - (runEnd - i)], as: UTF8.self))
            }
            i = end
        }
        return spans
    }

    /// The code spans cmark makes of `source` as a paragraph.
    static func cmarkSpans(_ source: String) -> [String] {
        let inlines = MarkdownParser(options: .commonMark).parse(source).children.first?.kind.inlines ?? []
        return inlines.compactMap { inline in
            if case .code(let code) = inline { return code }
            return nil
        }
    }

    /// Texts of letters and backtick runs (no spaces, so cmark's code
    /// content is the source between the runs).
    static func text(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 3)
        let pieces = ["`", "`", "``", "``", "```", "a", "b", "c"]
        return "x"
            + (0..<Int.random(in: 2...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test(arguments: [
        "x`a`", "x``a`", "x``a`b`c", "x``~`a`b`", "x```a``b```c`d`", "x`a``b`", "x``a``b`c`d``",
        "x``~`a`b`c`",  // cmark's memo: after the span `a`, neither `b` nor `c` is code
        "x" + String(repeating: "`", count: 81) + "a" + String(repeating: "`", count: 81),
        "x" + String(repeating: "`", count: 1_001) + "a" + String(repeating: "`", count: 1_001),
    ])
    func handCase(_ source: String) {
        #expect(Self.ourSpans(source) == Self.cmarkSpans(source), "\(source.debugDescription)")
    }

    @Test func randomTextsMatchCmark() {
        let failures = (UInt64(0)..<3_000).map(Self.text).filter { Self.ourSpans($0) != Self.cmarkSpans($0) }
        #expect(failures.isEmpty, "\(failures.count) differ; first: \(failures.first?.debugDescription ?? "")")
    }
}
