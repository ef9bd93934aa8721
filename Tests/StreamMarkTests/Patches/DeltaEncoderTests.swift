import StreamMark
import Testing

/// The delta encoder's choice of ops for each kind of change, exactly, and
/// the wire lines they become.
@Suite struct DeltaEncoderTests {
    /// Streams `chunks` and returns the version-2 wire lines written after
    /// each chunk (header included in the first).
    static func lines(_ chunks: [String]) -> [[String]] {
        var document = StreamingDocument()
        var writer = PatchStreamWriter()
        var result: [[String]] = []
        for chunk in chunks {
            writer.write(document.append(chunk))
            result.append(Self.split(writer.takeBytes()))
        }
        writer.write(document.finish())
        result.append(Self.split(writer.takeBytes()))
        return result
    }

    static func split(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func paragraphGrowsByContinuationLines() {
        let lines = Self.lines(["Hello", " wor", "ld"])
        #expect(lines[0] == [#"{"v":2}"#, #"[0,"doc",[0,[0,["Hello"]]]]"#])
        #expect(lines[1] == [#"" wor""#])
        #expect(lines[2] == [#""ld""#])
        #expect(lines[3] == [#"[3,0]"#])
    }

    @Test func codeBlockKeepsItsFinalNewlineAtTheEnd() {
        let lines = Self.lines(["```\n", "a = 1", "\nb", " = 2", "\nc"])
        #expect(lines[0] == [#"{"v":2}"#, #"[0,"doc",[0,[11,""]]]"#])
        // The literal only grew: plain continuations of the insert.
        #expect(lines[1] == [#""a = 1\n""#])
        #expect(lines[2] == [#""b\n""#])
        // "a = 1\nb\n" to "a = 1\nb = 2\n": the final newline stays last.
        #expect(lines[3] == [#"[6,0," = 2",0,1]"#])
        #expect(lines[4] == [#""\nc""#])
    }

    @Test func closingCodeSpanIsASpliceKeepingTheInlinesBefore() {
        let lines = Self.lines(["A *b* `x", "` y"])
        #expect(lines[1] == [#"[7,2,[" ",["c","x"]," y"]]"#])
        // A short text inline split by the span is re-sent with it.
        let single = Self.lines(["Use `x", "` now"])
        #expect(single[1] == [#"[7,0,["Use ",["c","x"]," now"]]"#])
    }

    @Test func entityCompletionDropsASCII() {
        let lines = Self.lines(["a &am", "p; b"])
        // "a &am" to "a & b": keep "a &", drop "am".
        #expect(lines[1] == [#"[6,0," b",2]"#])
    }

    @Test func setextUnderlineIsARetypeWithoutInlines() {
        let lines = Self.lines(["Title\n", "-", " x"])
        #expect(lines[1] == [#"[5,2]"#])
        // "- x" is a list item: the paragraph is back, with the same inlines.
        #expect(lines[2].contains(#"[5,0]"#))
        #expect(lines[2].contains { $0.hasPrefix(#"[0,"doc",[13,9,"#) })
    }

    @Test func tableCellsGrowByCell() {
        let lines = Self.lines(["| a | b |\n|---|---|\n| 1 ", "| 2", "3 |"])
        #expect(lines[1] == [#"[6,0,"2",0,0,1]"#])
        #expect(lines[2] == [#""3""#])
    }

    @Test func rangeOnlyChangesAreDropped() {
        // "\n" after a paragraph only moves the document's end.
        let lines = Self.lines(["Hello", "\n"])
        #expect(lines[1].isEmpty)
    }

    @Test func closeInsideAClosedSubtreeIsDropped() {
        let lines = Self.lines(["- a\n- b\n\nNext"])
        let closes = lines.joined().filter { $0.hasPrefix("[3,") }
        // Ids relative to the one before: the last written is e9 ("Next"),
        // so e0.list is 2 × (0 − 9) + 1 = −17, and e9 after it 2 × 9 = 18.
        #expect(closes == ["[3,-17]", "[3,18]"])
    }

    @Test func insertAtTheEndOmitsTheIndex() {
        let lines = Self.lines(["a\n\nb"])
        // [0, parent, block] with no fourth field; e3 is 2 × (3 − 0) = 6.
        #expect(lines[0] == [#"{"v":2}"#, #"[0,"doc",[0,[0,["a"]]]]"#, #"[0,"doc",[6,[0,["b"]]]]"#])
        #expect(lines[0].count == 3)
    }
}
