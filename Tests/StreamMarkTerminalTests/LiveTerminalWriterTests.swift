import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// The live writer driven by the engine, its output fed to a virtual
/// terminal: the final scrollback plus screen must read exactly as the
/// one-shot rendering, whatever the terminal height, and the writer must
/// never move the cursor above the top row or clear the whole screen.
@Suite("Live terminal writer")
struct LiveTerminalWriterTests {
    /// Every fourth answer (the writer's logic does not depend on the
    /// text; the render-count tests stream all of them).
    static let names = CorpusAnswers.names.enumerated().filter { $0.offset % 4 == 1 }.map(\.element)

    static func stream(_ name: String, width: Int, rows: Int, chunk: Int) -> VirtualTerminal {
        let bytes = CorpusAnswers.bytes(name)
        var document = StreamingDocument()
        var terminal = VirtualTerminal(columns: width, rows: rows)
        let writer = LiveTerminalWriter(
            renderer: TerminalRenderer(options: TerminalOptions(width: width)), live: true, height: rows
        ) { terminal.feed($0) }
        for piece in CorpusAnswers.chunks(bytes, size: chunk) {
            writer.update(with: document.append(bytes: piece), isClosed: { document.isClosed($0) })
        }
        writer.finish(with: document.finish())
        return terminal
    }

    static func expected(_ name: String, width: Int) -> [String] {
        let text = TerminalRenderer(options: TerminalOptions(width: width))
            .render(document: MarkdownParser().parse(bytes: CorpusAnswers.bytes(name)))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            while line.last == " " { line.removeLast() }
            return line
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tall terminal: nothing is ever frozen, the result is exact.
    @Test(arguments: names)
    func tallTerminalEndsAsOneShot(name: String) {
        let terminal = Self.stream(name, width: 70, rows: 400, chunk: 16)
        #expect(terminal.lines == Self.expected(name, width: 70))
        #expect(terminal.cursorClamps == 0)
        #expect(terminal.fullClears == 0)
    }

    /// A short terminal: the open tail is bounded to the screen, lines that
    /// scroll off are written once.
    @Test(arguments: names)
    func shortTerminalKeepsScrollbackIntact(name: String) {
        let terminal = Self.stream(name, width: 50, rows: 12, chunk: 16)
        let expected = Self.expected(name, width: 50)
        #expect(terminal.cursorClamps == 0)
        #expect(terminal.fullClears == 0)
        // Every heading line of the one-shot output appears exactly once.
        for heading in expected where heading.hasPrefix("#") {
            #expect(
                terminal.lines.filter { $0 == heading }.count == expected.filter { $0 == heading }.count, "\(heading)")
        }
        #expect(terminal.lines == expected)
    }

    /// A long open list or quote: the live tail renders only the children
    /// that can reach the screen, and the screen is the same as when the
    /// whole open block is rendered on every redraw (the reference).
    @Test(arguments: [("- ", ""), ("1. ", ""), ("> - ", ""), ("> ", ">\n")])
    func longOpenContainerRendersOnlyItsTail(marker: String, separator: String) {
        var generator = SplitMix64(seed: 21)
        var text = ""
        for i in 0..<600 {
            let words = (0..<(3 + Int(generator.next() % 12))).map { _ in
                ["alpha", "**bold**", "`code`", "beta", "gamma"][Int(generator.next() % 5)]
            }
            text += marker + "item \(i) " + words.joined(separator: " ") + "\n" + separator
        }
        let bytes = Array(text.utf8)
        let run = TailNarrowingRun(bytes, chunk: 32, renderer: TerminalRenderer(options: TerminalOptions(width: 50)))
        #expect(run.screens.narrowed.lines == run.screens.reference.lines)
        // 12 rows: at most 12 children of one or two lines (plus the
        // quote's lines), against all 600 of them without narrowing.
        #expect(run.maxLines.narrowed <= 60, "\(run.maxLines)")
        #expect(run.maxLines.reference >= 600, "\(run.maxLines)")
    }
}
