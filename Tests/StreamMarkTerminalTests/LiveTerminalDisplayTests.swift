import StreamMark
import Testing

@testable import StreamMarkTerminal

/// The live tail shows the open block's provisional display; the final
/// screen is the truth.
@Suite("Live terminal display")
struct LiveTerminalDisplayTests {
    static func screen(after text: String, finish: Bool) -> [String] {
        var document = StreamingDocument()
        var terminal = VirtualTerminal(columns: 40, rows: 10)
        let writer = LiveTerminalWriter(
            renderer: TerminalRenderer(options: TerminalOptions(width: 40)), live: true, height: 10
        ) { terminal.feed($0) }
        for byte in text.utf8 {
            let patches = document.append(bytes: [byte])
            writer.update(with: patches, display: document.provisionalDisplay(), isClosed: { document.isClosed($0) })
        }
        if finish { writer.finish(with: document.finish()) }
        return terminal.lines
    }

    @Test func openBoldIsShownClosed() {
        #expect(Self.screen(after: "Here is **bold te", finish: false) == ["Here is **bold te**"])
    }

    @Test func loneListMarkerIsNotShownYet() {
        #expect(Self.screen(after: "Intro\n-", finish: false) == ["Intro"])
    }

    @Test func finishedStreamShowsTheTruth() {
        #expect(Self.screen(after: "Here is **bold te", finish: true) == ["Here is **bold te"])
    }

    @Test func closedBlocksStayAsTheyAre() {
        #expect(Self.screen(after: "A **b\n\nC `d", finish: false) == ["A **b", "", "C `d`"])
    }
}
