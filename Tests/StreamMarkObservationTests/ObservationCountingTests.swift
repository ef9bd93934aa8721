import Observation
import StreamMark
import StreamMarkObservation
import StreamMarkTestSupport
import Testing

/// The views-without-SwiftUI proof: over every Corpus answer streamed in
/// 8-byte chunks (4-byte chunks cost CI twice the time and check the same
/// rules), a view is notified exactly on the appends that changed what
/// it reads, never after its block closed, never by an append that changed
/// nothing; the top-level list only on insert/remove/move; nodes are the same
/// objects from insert to end.
@Suite("Observation counts")
@MainActor
struct ObservationCountingTests {
    @Test(arguments: CorpusAnswers.names)
    func viewsAreNotifiedExactlyWhenTheirInputChanged(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        #expect(!bytes.isEmpty)
        let stream = ObservedStream(name: name)
        for chunk in CorpusAnswers.chunks(bytes, size: 8) { stream.append(chunk) }
        stream.finish()
        #expect(stream.model.tree == MarkdownParser().parse(bytes: bytes))
        #expect(stream.model.isFinished)
        stream.model.root.forEach { #expect($0.isClosed, "\($0.id) open after finish") }
        // The counts are the per-append expectations summed: far fewer than
        // the naive model's, and the list saw only structural changes.
        #expect(stream.totalNotifications > 0)
        #expect(stream.evaluations < stream.naiveEvaluations)
        #expect(stream.listNotifications < stream.appends)
        #expect(stream.quietAppends > 0, "some appends change nothing a view reads")
    }

    /// A view of one node counts exactly the appends that changed that node,
    /// on a hand-checked stream: a heading, a paragraph growing, a list.
    @Test func countsOfAHandCheckedStream() {
        let stream = ObservedStream(name: "hand")
        for chunk in ["# Ti", "tle\n", "\nSome", " text", "\n\n- a\n", "- b\n"] {
            stream.append(ArraySlice(chunk.utf8))
        }
        let beforeFinish = stream.notificationsByID
        // e0: inserted as "Ti" (no notification), updated to "Title" (1), then closed.
        #expect(beforeFinish["e0"] == 1)
        // e9: inserted as "Some", updated to "Some text" (1).
        #expect(beforeFinish["e9"] == 1)
        // e20.list: inserted with item a (0), range and children change when b arrives (1).
        #expect(beforeFinish["e20.list"] == 1)
        // e20 (item a) and its paragraph e22 arrived whole: never notified.
        #expect(beforeFinish["e20"] == 0 && beforeFinish["e22"] == 0)
        #expect(stream.listNotifications == 3)
        // An empty chunk and the first byte of "é" change nothing: no patch,
        // no notification (checked by the stream), then the rest of it does.
        stream.append([])
        stream.append([0xC3])
        #expect(stream.emptyAppends == 2)
        stream.append([0xA9])
        // "é" continues item b's paragraph (e26) lazily.
        #expect(stream.notificationsByID["e26"] == 1)
        stream.finish()
        #expect(stream.model.blocks.map(\.id) == ["e0", "e9", "e20.list"])
    }
}
