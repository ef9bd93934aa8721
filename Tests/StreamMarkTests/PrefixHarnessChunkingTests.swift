import Testing

@testable import StreamMark

/// The harness's chunkings (the `mixed` one above all) and its full-check
/// limit, checked on their own.
@Suite struct PrefixHarnessChunkingTests {
    static let bytes = [UInt8](repeating: 0x61, count: 100_000)

    /// Every chunking covers the input in order, without gaps or overlaps.
    @Test(arguments: [
        PrefixHarness.Chunking.everyByte, .lines, .random(seed: 3), .mixed(seed: 3), .mixed(seed: 4), .fixed(7),
    ])
    func chunksCoverTheInput(chunking: PrefixHarness.Chunking) {
        let text = Array("line one\nline two\r\nno end".utf8) + Self.bytes.prefix(5_000)
        let chunks = chunking.chunks(of: text)
        #expect(chunks.first?.lowerBound == 0)
        #expect(chunks.last?.upperBound == text.count)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(chunks.allSatisfy { !$0.isEmpty })
    }

    /// `mixed` draws every size from 1 to 512 bytes: over 100 KB there are
    /// small (1–16), mid-size (17–128) and large (129–512) chunks, and none
    /// outside; and a seed always gives the same chunks.
    @Test(arguments: [UInt64(0), 1, 2, 0xFFFF_FFFF_FFFF_FFFF])
    func mixedSizesSpanOneTo512(seed: UInt64) {
        let sizes = PrefixHarness.Chunking.mixed(seed: seed).chunks(of: Self.bytes).dropLast().map(\.count)
        #expect(sizes.allSatisfy { (1...512).contains($0) })
        let small = sizes.filter { $0 <= 16 }.count
        let middle = sizes.filter { (17...128).contains($0) }.count
        let large = sizes.filter { $0 > 128 }.count
        // 11, 6 and 3 in 20 of the draws; the bounds leave room for chance.
        #expect(small > sizes.count / 2 - sizes.count / 10 && small < sizes.count / 2 + sizes.count / 5)
        #expect(middle > sizes.count / 5 && middle < sizes.count * 2 / 5)
        #expect(large > sizes.count / 10 && large < sizes.count / 5)
        #expect(Set(sizes).count > 200)
        let chunks = PrefixHarness.Chunking.mixed(seed: seed).chunks(of: Self.bytes)
        #expect(PrefixHarness.Chunking.mixed(seed: seed).chunks(of: Self.bytes) == chunks)
        #expect(PrefixHarness.Chunking.mixed(seed: seed &+ 1).chunks(of: Self.bytes) != chunks)
    }

    /// The command-line forms read back to the same chunking.
    @Test func commandLineForms() {
        let forms = ["every-byte", "lines", "random:7", "mixed:7", "mixed:18446744073709551615", "512"]
        for form in forms {
            #expect(PrefixHarness.Chunking(argument: form)?.description == form)
        }
        #expect(PrefixHarness.Chunking(argument: "mixed:7") == .mixed(seed: 7))
        for bad in ["mixed", "mixed:", "mixed:-1", "mixed:x", "0", "-3", "sideways"] {
            #expect(PrefixHarness.Chunking(argument: bad) == nil, "\(bad)")
        }
    }

    /// Full checks: at every boundary and after `finish()` with no limit;
    /// only after `finish()` with a limit of 0; the patch checks at every
    /// boundary either way.
    @Test func fullCheckLimit() {
        let text = Array("# Hi\n\nSome *text* and a [link](/u).\n\n- a\n- b\n".utf8)
        let every = PrefixHarness().verify(name: "t", bytes: text, chunking: .fixed(4))
        let none = PrefixHarness(fullCheckLimit: 0).verify(name: "t", bytes: text, chunking: .fixed(4))
        let four = PrefixHarness(fullCheckLimit: 4).verify(name: "t", bytes: text, chunking: .fixed(4))
        #expect(every.chunks == 12 && none.chunks == 12)
        #expect(every.prefixesChecked == 13)
        #expect(none.prefixesChecked == 1)
        // Every third boundary (12 / 4) and the last, then the finish.
        #expect(four.prefixesChecked == 6)
        #expect(every.updates == none.updates && every.closedBlocks == none.closedBlocks)
        #expect(every.passed && none.passed && four.passed)
    }

    /// A streaming difference is reported by every step that sees it: the
    /// tree checks at the boundaries and after `finish()`. The engine has no
    /// known difference, so the one-shot side parses without strikethrough:
    /// the trees differ from the prefix where `~~a~~` is complete (10
    /// bytes, chunk index 9 at 1-byte chunks) to the end.
    @Test func reportsAStreamingDifference() {
        let text = Array("Some ~~a~~ b\n".utf8)
        var harness = PrefixHarness()
        harness.oracleOptions = ParseOptions(extensions: [.table, .taskList, .autolink])
        let report = harness.verify(name: "difference", bytes: text, chunking: .fixed(1))
        #expect(report.violations.allSatisfy { $0.message.hasPrefix("streamed tree differs from one-shot parse") })
        #expect(report.violations.map(\.chunkIndex) == Array(9..<text.count) + [-1])
        harness.fullCheckLimit = 0
        let finalOnly = harness.verify(name: "difference", bytes: text, chunking: .fixed(1))
        #expect(finalOnly.violations.map(\.chunkIndex) == [-1])
    }

    /// The input of the former streaming gap (a definition-like row after
    /// a `=` row, then another row) streams like the one-shot parse at
    /// every byte and at one byte per chunk, checked at every boundary.
    @Test func formerStreamingGapStreamsLikeOneShot() {
        let text = Array("[x]\n\na|b\n-|-\nc\n=\n[x]: /u\nt\n".utf8)
        for chunking in [PrefixHarness.Chunking.everyByte, .fixed(1), .fixed(4)] {
            let report = PrefixHarness().verify(name: "gap", bytes: text, chunking: chunking)
            #expect(report.violations.isEmpty, "\(chunking): \(report.violations.prefix(1))")
            #expect(report.prefixesChecked >= 8)
        }
    }
}
