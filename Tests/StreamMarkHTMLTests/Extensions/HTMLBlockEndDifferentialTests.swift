import StreamMark
import StreamMarkTestSupport
import Testing

/// ``HTMLBlockEndGenerator``'s documents (HTML blocks closed by their end
/// condition, then definitions) against `cmark-gfm` with footnotes on,
/// 100 per batch; their streams are checked by `HTMLBlockEndStreamingTests`.
@Suite struct HTMLBlockEndDifferentialTests {
    @Test(arguments: 0..<2)
    func documentsMatchCmarkGFM(batch: Int) throws {
        let first = 0x417B_0000 + UInt64(batch * 100)
        try GFMOracle.expectMatchWithFootnotes(
            seeds: first..<first + 100, HTMLBlockEndGenerator.document)
    }
}
