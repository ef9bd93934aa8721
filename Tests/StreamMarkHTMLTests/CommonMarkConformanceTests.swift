import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Every example of the CommonMark spec files: our tree + renderer equals
/// the expected HTML as cmark's spec runner compares it (normalized), and
/// equals cmark's own output byte for byte, in unsafe mode (as the spec
/// runner renders) and in safe mode.
@Suite struct CommonMarkConformanceTests {
    static let spec = SpecExample.load("spec.txt")
    static let regression = SpecExample.load("regression.txt")
    static let smartPunctuation = SpecExample.load("smart_punct.txt")

    /// The counts of ```` example ```` fences in the files, so the
    /// parameterized tests below cannot pass by running on nothing.
    @Test func allExamplesAreRead() {
        #expect(Self.spec.count == 652)
        #expect(Self.regression.count == 16)
        #expect(Self.smartPunctuation.count == 16)
        #expect(Self.spec.first?.markdown == "\tfoo\tbaz\t\tbim\n")
        #expect(Self.spec.first?.html == "<pre><code>foo\tbaz\t\tbim\n</code></pre>\n")
    }

    @Test(arguments: spec)
    func specExample(_ example: SpecExample) {
        check(example, smart: false)
    }

    @Test(arguments: regression)
    func regressionExample(_ example: SpecExample) {
        check(example, smart: false)
    }

    @Test(arguments: smartPunctuation)
    func smartPunctuationExample(_ example: SpecExample) {
        check(example, smart: true)
    }

    private func check(_ example: SpecExample, smart: Bool) {
        let unsafe = Oracle.ours(example.markdown, smart: smart, options: .init(unsafe: true))
        #expect(HTMLNormalizer.normalize(unsafe) == HTMLNormalizer.normalize(example.html))
        let cmarkUnsafe = CmarkReference.html(example.markdown, options: smart ? [.unsafe, .smart] : [.unsafe])
        #expect(unsafe == cmarkUnsafe, "\(Oracle.firstDifference(unsafe, cmarkUnsafe))")
        let safe = Oracle.ours(example.markdown, smart: smart, options: .init())
        let cmarkSafe = CmarkReference.html(example.markdown, options: smart ? [.smart] : [])
        #expect(safe == cmarkSafe, "\(Oracle.firstDifference(safe, cmarkSafe))")
    }
}
