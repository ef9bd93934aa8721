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
        #expect(lines[0] == [#"{"v":2}"#, #"{"op":"insert","parent":"doc","block":{"id":"e0","kind":{"type":"paragraph","inlines":["Hello"]}}}"#])
        #expect(lines[1] == [#"" wor""#])
        #expect(lines[2] == [#""ld""#])
        #expect(lines[3] == [#"{"op":"close","id":"e0"}"#])
    }

    @Test func codeBlockKeepsItsFinalNewlineAtTheEnd() {
        let lines = Self.lines(["```\n", "a = 1", "\nb", " = 2", "\nc"])
        #expect(lines[0] == [#"{"v":2}"#, #"{"op":"insert","parent":"doc","block":{"id":"e0","kind":{"type":"code_block","literal":""}}}"#])
        // The literal only grew: plain continuations of the insert.
        #expect(lines[1] == [#""a = 1\n""#])
        #expect(lines[2] == [#""b\n""#])
        // "a = 1\nb\n" to "a = 1\nb = 2\n": the final newline stays last.
        #expect(lines[3] == [#"{"op":"append","id":"e0","before":1,"text":" = 2"}"#])
        #expect(lines[4] == [#""\nc""#])
    }

    @Test func closingCodeSpanIsASpliceKeepingTheInlinesBefore() {
        let lines = Self.lines(["A *b* `x", "` y"])
        #expect(lines[1] == [#"{"op":"splice","id":"e0","keep":2,"inlines":[" ",{"type":"code","text":"x"}," y"]}"#])
        // A short text inline split by the span is re-sent with it.
        let single = Self.lines(["Use `x", "` now"])
        #expect(single[1] == [#"{"op":"splice","id":"e0","keep":0,"inlines":["Use ",{"type":"code","text":"x"}," now"]}"#])
    }

    @Test func entityCompletionDropsASCII() {
        let lines = Self.lines(["a &am", "p; b"])
        // "a &am" to "a & b": keep "a &", drop "am".
        #expect(lines[1] == [#"{"op":"append","id":"e0","drop":2,"text":" b"}"#])
    }

    @Test func setextUnderlineIsARetypeWithoutInlines() {
        let lines = Self.lines(["Title\n", "-", " x"])
        #expect(lines[1] == [#"{"op":"retype","id":"e0","kind":{"type":"heading","level":2}}"#])
        // "- x" is a list item: the paragraph is back, with the same inlines.
        #expect(lines[2].contains(#"{"op":"retype","id":"e0","kind":{"type":"paragraph"}}"#))
        #expect(lines[2].contains { $0.hasPrefix(#"{"op":"insert","parent":"doc","block":{"id":"e6.list""#) })
    }

    @Test func tableCellsGrowByCell() {
        let lines = Self.lines(["| a | b |\n|---|---|\n| 1 ", "| 2", "3 |"])
        #expect(lines[1] == [#"{"op":"append","id":"e20","cell":1,"text":"2"}"#])
        #expect(lines[2] == [#""3""#])
    }

    @Test func rangeOnlyChangesAreDropped() {
        // "\n" after a paragraph only moves the document's end.
        let lines = Self.lines(["Hello", "\n"])
        #expect(lines[1].isEmpty)
    }

    @Test func closeInsideAClosedSubtreeIsDropped() {
        let lines = Self.lines(["- a\n- b\n\nNext"])
        let closes = lines.joined().filter { $0.contains(#""op":"close""#) }
        #expect(closes == [#"{"op":"close","id":"e0.list"}"#, #"{"op":"close","id":"e9"}"#])
    }

    @Test func insertAtTheEndOmitsTheIndex() {
        let lines = Self.lines(["a\n\nb"])
        #expect(lines[0].filter { $0.contains("insert") }.allSatisfy { !$0.contains("index") })
        #expect(lines[0].count == 3)
    }
}
