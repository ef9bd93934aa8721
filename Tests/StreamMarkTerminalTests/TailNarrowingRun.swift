import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Streams a document through two live writers on 50 × 12 virtual
/// terminals: one narrows the open block to its last rows, the other (the
/// reference) renders the whole open block on every redraw. After every
/// chunk both must show the same lines (recorded as an expectation).
struct TailNarrowingRun {
    /// The narrowed writer's terminal and the reference's.
    var screens: (narrowed: VirtualTerminal, reference: VirtualTerminal)
    /// The most lines each writer composed for one chunk.
    var maxLines: (narrowed: Int, reference: Int)
    /// Code bytes the narrowed writer's highlighting lexed.
    var bytesLexed: Int

    init(_ bytes: [UInt8], chunk: Int, renderer: TerminalRenderer) {
        var document = StreamingDocument()
        var screens = (VirtualTerminal(columns: 50, rows: 12), VirtualTerminal(columns: 50, rows: 12))
        let narrowed = LiveTerminalWriter(renderer: renderer, live: true, height: 12) { screens.0.feed($0) }
        let reference = LiveTerminalWriter(renderer: renderer, live: true, height: 12) { screens.1.feed($0) }
        reference.narrowsTail = false
        var maxLines = (0, 0)
        for piece in CorpusAnswers.chunks(bytes, size: chunk) {
            let patches = document.append(bytes: piece)
            let display = document.provisionalDisplay()
            let before = (narrowed.tailLinesComposed, reference.tailLinesComposed)
            narrowed.update(with: patches, display: display) { document.isClosed($0) }
            reference.update(with: patches, display: display) { document.isClosed($0) }
            maxLines.0 = max(maxLines.0, narrowed.tailLinesComposed - before.0)
            maxLines.1 = max(maxLines.1, reference.tailLinesComposed - before.1)
            #expect(narrowed.visibleLines == reference.visibleLines)
            if narrowed.visibleLines != reference.visibleLines { break }
        }
        let patches = document.finish()
        narrowed.finish(with: patches)
        reference.finish(with: patches)
        self.screens = screens
        self.maxLines = maxLines
        self.bytesLexed = narrowed.highlights.bytesLexed
    }
}
