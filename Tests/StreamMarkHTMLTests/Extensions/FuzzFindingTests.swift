import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Differences from cmark-gfm found by the differential fuzzer
/// (`scripts/fuzz-diff.sh`, docs/fuzzing.md), minimized, with their
/// neighbours; each now renders byte for byte as cmark-gfm renders it.
/// (The blocks after a table are in ``TableFollowerTests``, escaped
/// autolinks in ``EscapedAutolinkTests``.)
@Suite struct FuzzFindingTests {
    /// Line endings: cmark-gfm hands each line to its parser without its
    /// ending and appends `\n`, so a row ended by a bare `\r` is a row.
    static let lineEndings = [
        "a|b\n-|-\r", "a|b\r-|-\r", "a|b\r-|-\rc|d", "a|b\n-|-\nc|d\r", "a|b\n-|-\r\r", "- a|b\n  -|-\r",
        "> a|b\r> -|-\r> c\r", "a|b\r-|-\r    x\r\r    y\r",
    ]

    @Test(arguments: lineEndings)
    func lineEndingsMatchCmarkGFM(_ markdown: String) throws {
        try expectCmarkGFM(markdown)
    }

    private func expectCmarkGFM(_ markdown: String) throws {
        let (ours, theirs) = try GFMOracle.both(markdown)
        #expect(ours == theirs, "\(markdown.debugDescription): \(GFMDifferentialTests.firstDifference(ours, theirs))")
    }
}
