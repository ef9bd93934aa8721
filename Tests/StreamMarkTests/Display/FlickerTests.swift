import StreamMark
import Testing

/// The provisional display withdraws far fewer characters than the literal
/// parse: over every byte prefix of the 40 model answers in `Corpus/llm`,
/// at most a quarter (`docs/provisional.md`, "Flicker").
@Suite struct FlickerTests {
    @Test func withdrawnCountsAreExact() {
        #expect(FlickerMeter.withdrawn(from: Array("ab**c".utf8), to: Array("abc".utf8)) == 3)
        #expect(FlickerMeter.withdrawn(from: Array("abc".utf8), to: Array("abcd".utf8)) == 0)
        #expect(FlickerMeter.withdrawn(from: Array("aé".utf8), to: Array("aè".utf8)) == 1)
        #expect(FlickerMeter.withdrawn(from: Array("a".utf8), to: []) == 1)
    }

    @Test func literalEmphasisFlickersAndDisplayDoesNot() {
        let result = FlickerMeter().measure(Array("Say **hi**\n".utf8))
        // Truth: "Say **hi" → "Say **hi*" shows "Say *hi" (cmark: `*` then
        // <em>hi</em>), withdrawing "*hi"; "Say **hi**" shows "Say hi",
        // withdrawing "*hi" again: 6. The display shows "Say hi" growing.
        #expect(result.truthWithdrawn == 6)
        #expect(result.displayWithdrawn == 0)
    }

    /// Files are measured concurrently (each measurement is independent).
    @Test func corpusAnswersWithdrawAtMostAQuarter() async {
        let results = await withTaskGroup(of: (String, FlickerMeter.Result).self) { group in
            for path in CorpusFiles.markdownFiles(under: "llm") {
                group.addTask { (path, FlickerMeter().measure(CorpusFiles.bytes(path))) }
            }
            var results: [(String, FlickerMeter.Result)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        #expect(results.count == 40)
        var total = FlickerMeter.Result()
        for (path, result) in results {
            total.bytes += result.bytes
            total.truthWithdrawn += result.truthWithdrawn
            total.displayWithdrawn += result.displayWithdrawn
            print(
                "flicker \(path): \(result.bytes) bytes, withdrawn \(result.truthWithdrawn) → \(result.displayWithdrawn)"
            )
        }
        print("flicker total: \(total.bytes) bytes, withdrawn \(total.truthWithdrawn) → \(total.displayWithdrawn)")
        #expect(total.truthWithdrawn > 0)
        #expect(total.displayWithdrawn * 4 <= total.truthWithdrawn)
    }
}
