import StreamMark
import Testing

/// The display's work is counted exactly in `StreamingDocument.Statistics`:
/// only the open block's completed text is parsed, and nothing when there
/// is nothing to complete.
@Suite struct DisplayStatisticsTests {
    @Test func countsTheCompletedOpenBlockOnly() {
        var document = StreamingDocument()
        document.append("# Title\n\nHere is **bold te")
        _ = document.provisionalDisplay()
        // "Here is **bold te**": 19 bytes; the closed heading is not parsed.
        #expect(document.statistics.displays == 1)
        #expect(document.statistics.lastDisplayParsedBytes == 19)
        #expect(document.statistics.totalDisplayParsedBytes == 19)

        document.append("xt** done")
        _ = document.provisionalDisplay()
        // Complete markup: nothing to parse.
        #expect(document.statistics.displays == 2)
        #expect(document.statistics.lastDisplayParsedBytes == 0)
        #expect(document.statistics.totalDisplayParsedBytes == 19)
    }

    @Test func hiddenMarkerParsesNothing() {
        var document = StreamingDocument()
        document.append("Intro\n\n-")
        let display = document.provisionalDisplay()
        #expect(display.openID == "e7.list")
        #expect(display.blocks.isEmpty)
        #expect(document.statistics.lastDisplayParsedBytes == 0)
    }

    @Test func tableRowParsesHeaderDelimiterAndRow() {
        var document = StreamingDocument()
        document.append("| a | b |\n|---|---|\n| 0 | x |\n| 1 | **bo")
        _ = document.provisionalDisplay()
        // "| a | b |\n" (10) + "|---|---|\n" (10) + "| 1 | **bo**" (12); the row "| 0 | x |" is not parsed.
        #expect(document.statistics.lastDisplayParsedBytes == 32)
    }

    @Test func finishedDocumentHasNoDisplay() {
        var document = StreamingDocument()
        document.append("Here is **bold te")
        document.finish()
        #expect(document.provisionalDisplay() == .truth)
        #expect(document.statistics.displays == 0)
        #expect(document.displayRoot() == document.root)
    }
}
