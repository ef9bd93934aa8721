import StreamMark
import StreamMarkHighlight
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Highlighted code through the live writer into a virtual terminal that
/// keeps every cell's style: the end is the one-shot rendering, cell for
/// cell; a row above the live region is final when it gets there (no closed
/// line is redrawn, or colored otherwise later); only the writer's own
/// sequences reach the terminal; the open tail's lines of a long open block
/// take the state carried from above the screen; and the work is counted.
@Suite("Live terminal highlighting")
struct LiveTerminalHighlightTests {
    /// The Corpus answers with a code block in a known language.
    static let names: [String] = CorpusAnswers.names.filter { name in
        var found = false
        MarkdownParser().parse(bytes: CorpusAnswers.bytes(name)).forEach { block in
            if case .codeBlock(let code) = block.kind, let language = HighlightLanguage(infoString: code.info),
                language != .plainText
            {
                found = true
            }
        }
        return found
    }

    enum Chunking: CustomStringConvertible, Sendable {
        case fixed(Int)
        case random(seed: UInt64)

        var description: String {
            switch self {
            case .fixed(let size): "\(size) bytes"
            case .random(let seed): "random 1-64 bytes, seed \(seed)"
            }
        }

        func chunks(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            switch self {
            case .fixed(let size): return CorpusAnswers.chunks(bytes, size: size)
            case .random(let seed):
                var generator = SplitMix64(seed: seed)
                var chunks: [ArraySlice<UInt8>] = []
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + 1 + Int(generator.next() % 64))
                    chunks.append(bytes[start..<end])
                    start = end
                }
                return chunks
            }
        }
    }

    /// The rows of the one-shot rendering in a terminal of `columns`.
    static func oneShotTerminal(_ bytes: [UInt8], options: TerminalOptions, columns: Int) -> VirtualTerminal {
        let text = TerminalRenderer(options: options).render(document: MarkdownParser().parse(bytes: bytes))
        var terminal = VirtualTerminal(columns: columns, rows: 24)
        terminal.feed(text)
        return terminal
    }

    /// What a stream through the live writer left and counted.
    struct Run {
        var terminal: VirtualTerminal
        var written = ""
        /// Rows found above the live region that differ from the final
        /// rendering's row (a closed line drawn otherwise, or redrawn).
        var committedMismatches: [String] = []
        var checkedRows = 0
        var bytesLexed = 0
        var codeBytes = 0
    }

    /// Streams `bytes` through a live writer (provisional display on, as
    /// the CLI does) into a virtual terminal; after every update, the rows
    /// above the live region — the scrollback rows not checked yet and the
    /// screen rows, every time — must be the final rendering's rows.
    static func stream(
        _ bytes: [UInt8], chunking: Chunking, options: TerminalOptions, columns: Int = 70, rows: Int = 24
    ) -> Run {
        let expected = oneShotTerminal(bytes, options: options, columns: columns)
        let expectedRows = (0..<expected.absoluteCursorRow).map { expected.styledRow($0) }
        var run = Run(terminal: VirtualTerminal(columns: columns, rows: rows))
        var document = StreamingDocument()
        let writer = LiveTerminalWriter(renderer: TerminalRenderer(options: options), live: true, height: rows) {
            run.terminal.feed($0)
            run.written += $0
        }
        var scrollbackChecked = 0
        func checkCommittedRows() {
            let liveRows = writer.visibleLines.reduce(0) {
                $0 + LiveTerminalWriter.rows(DisplayWidth.ofVisibleText($1), columns: columns)
            }
            let committed = run.terminal.absoluteCursorRow - liveRows
            // Scrollback rows cannot change: each is checked once; the
            // screen's rows above the live region every time.
            let screenTop = run.terminal.scrollback.count
            let first = min(scrollbackChecked, screenTop)
            guard committed > first else { return }
            for index in first..<committed {
                let row = run.terminal.styledRow(index)
                run.checkedRows += 1
                if index >= expectedRows.count || row != expectedRows[index] {
                    run.committedMismatches.append("row \(index): \(TestSupport.strippingEscapes(row.text))")
                }
            }
            scrollbackChecked = max(scrollbackChecked, min(committed, screenTop))
        }
        for piece in chunking.chunks(bytes) {
            let patches = document.append(bytes: piece)
            writer.update(with: patches, display: document.provisionalDisplay()) { document.isClosed($0) }
            checkCommittedRows()
        }
        writer.finish(with: document.finish())
        checkCommittedRows()
        run.bytesLexed = writer.highlights.bytesLexed
        document.root.forEach { if case .codeBlock(let code) = $0.kind { run.codeBytes += code.literal.utf8.count } }
        return run
    }

    static let arguments: [(String, Chunking, TerminalTheme)] = names.enumerated().flatMap { index, name in
        [(name, .fixed(4), .dark), (name, .random(seed: UInt64(index) + 1), .light)]
    }

    /// Every answer with code, at 4-byte chunks (dark theme) and at seeded
    /// random chunks (light theme), hyperlinks on.
    @Test(arguments: arguments)
    func streamedAnswerEndsAsOneShotWithFinalRowsOnly(name: String, chunking: Chunking, theme: TerminalTheme) {
        let bytes = CorpusAnswers.bytes(name)
        let options = TerminalOptions(width: 70, color: true, hyperlinks: true, theme: theme)
        let run = Self.stream(bytes, chunking: chunking, options: options)
        // The end: scrollback and screen are the one-shot rendering, styles
        // included (highlighted lines colored as the one-shot colors them).
        let expected = Self.oneShotTerminal(bytes, options: options, columns: 70).styledLines
        #expect(run.terminal.styledLines == expected)
        if run.terminal.styledLines != expected {
            let first =
                zip(run.terminal.styledLines, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            Issue.record("first difference at line \(first)")
        }
        // No closed line drawn otherwise than it ends.
        #expect(run.committedMismatches.isEmpty, "\(run.committedMismatches.prefix(3))")
        #expect(run.checkedRows >= expected.count / 2)
        #expect(run.terminal.cursorClamps == 0)
        #expect(run.terminal.fullClears == 0)
        #expect(run.terminal.strayControls.isEmpty)
        // Only the writer's own sequences reach the terminal.
        #expect(Self.controls(in: Self.removingWriterSequences(run.written)).isEmpty)
        // Work: each code byte lexed about once (the open lines' resumed
        // tails on top), never the block again per chunk.
        #expect(run.bytesLexed >= run.codeBytes / 2)
        #expect(run.bytesLexed <= 2 * run.codeBytes + 64, "\(run.bytesLexed) for \(run.codeBytes) code bytes")
    }

    /// A long Python block whose docstring opened far above the screen:
    /// while the block streams, the screen's docstring lines are strings
    /// (the state carried from above), not code.
    @Test(arguments: TerminalTheme.allCases)
    func docstringOpenedAboveTheScreenIsAString(_ theme: TerminalTheme) throws {
        var text = "Intro.\n\n```python\ndef f():\n    \"\"\"Summary.\n\n"
        for i in 0..<60 { text += "    if x: return 'no' # \(i) is not code\n" }
        let options = TerminalOptions(width: 60, color: true, theme: theme)
        let string = try #require(TerminalRendererCodeTests.expectedStyles[theme]?[.string]?.0)
        var document = StreamingDocument()
        var terminal = VirtualTerminal(columns: 60, rows: 10)
        let writer = LiveTerminalWriter(renderer: TerminalRenderer(options: options), live: true, height: 10) {
            terminal.feed($0)
        }
        var checkedScreens = 0
        for piece in CorpusAnswers.chunks(Array(text.utf8), size: 5) {
            writer.update(with: document.append(bytes: piece), display: document.provisionalDisplay()) {
                document.isClosed($0)
            }
            guard case .codeBlock(let code)? = document.root.children.last?.kind,
                code.literal.utf8.filter({ $0 == 0x0A }).count > 20
            else { continue }
            let screen = terminal.cellLines.suffix(9)
            // The opening quotes are above the screen.
            #expect(!screen.contains { String($0.map(\.character)).contains("\"\"\"") })
            for row in screen where String(row.map(\.character)).contains("is not code") {
                let text = row.dropFirst(2).filter { $0.character != " " }
                // Complete lines, and the open line's provisional tokens.
                #expect(text.allSatisfy { $0.style.foreground == string }, "\(String(row.map(\.character)))")
            }
            checkedScreens += 1
        }
        #expect(checkedScreens > 100)
    }

    /// A long open code block (top level, in a list item, in a quote): the
    /// tail renders its last rows only, with the same screen, colors
    /// included, as the reference that renders the whole block on every
    /// redraw (both take tokens from their `CodeHighlights`); the block's
    /// state runs through strings, comments and a docstring.
    @Test(arguments: [("", ""), ("- ", "  "), ("> ", "> ")])
    func longOpenCodeBlockRendersOnlyItsTail(first: String, rest: String) {
        var generator = SplitMix64(seed: 7)
        let pieces = [
            "x = 'single' + \"double\"  # comment", "def name(a, b=2):", "    return [1, 2.5, None, True]",
            "\"\"\"A docstring", "over two lines\"\"\"", "class Thing(object):", "    @property",
            "s = f\"{x!r:>10} and {y}\"", "",
        ]
        var text = first + "```python\n"
        for _ in 0..<400 { text += rest + pieces[Int(generator.next() % UInt64(pieces.count))] + "\n" }
        text += rest + "```\n"
        let bytes = Array(text.utf8)
        for theme in TerminalTheme.allCases {
            let renderer = TerminalRenderer(options: TerminalOptions(width: 50, color: true, theme: theme))
            let run = TailNarrowingRun(bytes, chunk: 7, renderer: renderer)
            #expect(run.screens.narrowed.styledLines == run.screens.reference.styledLines)
            #expect(run.maxLines.narrowed <= 16, "\(run.maxLines)")
            #expect(run.maxLines.reference >= 380, "\(run.maxLines)")
            // Each code byte lexed once, plus the open lines' resumed tails.
            #expect(run.bytesLexed <= 2 * bytes.count)
        }
    }

    /// The open tail's complete code lines are colored as the one-shot
    /// rendering of the text so far colors them (the truth shown, not the
    /// provisional display): sampled updates of every answer with code.
    @Test(arguments: names)
    func liveCodeLinesAreColoredAsTheOneShotOfThePrefix(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        let options = TerminalOptions(width: 70, color: true)
        var document = StreamingDocument()
        let writer = LiveTerminalWriter(renderer: TerminalRenderer(options: options), live: true, height: 24) { _ in }
        // Chunks of about 16 bytes ending between UTF-8 characters (the
        // one-shot rendering of a cut character would show U+FFFD).
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + 16)
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            chunks.append(bytes[start..<end])
            start = end
        }
        let stride = max(1, chunks.count / 25)
        var end = 0
        var compared = 0
        for (index, piece) in chunks.enumerated() {
            end += piece.count
            writer.update(with: document.append(bytes: piece)) { document.isClosed($0) }
            guard index % stride == 0 else { continue }
            let prefix = TerminalRenderer(options: options).render(
                document: MarkdownParser().parse(bytes: Array(bytes[..<end])))
            var reference = prefix.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if reference.last == "" { reference.removeLast() }
            var visible = writer.visibleLines
            let expected = Array(reference.suffix(visible.count))
            var expectedLines = expected
            // The open code line shows provisional tokens: compare its text.
            if let open = Self.openCodeLineIndex(document, visible: visible) {
                #expect(TestSupport.strippingEscapes(visible[open]) == TestSupport.strippingEscapes(expected[open]))
                visible.remove(at: open)
                expectedLines.remove(at: open)
            }
            #expect(visible == expectedLines, "\(name) after \(end) bytes")
            if visible != expectedLines { return }
            compared += 1
        }
        #expect(compared >= 20)
    }

    /// The index in `visible` of the open line of an open code block at the
    /// end of the document (the line before its frame's bottom), if any.
    static func openCodeLineIndex(_ document: StreamingDocument, visible: [String]) -> Int? {
        var last = document.root
        while let child = last.children.last { last = child }
        guard case .codeBlock(let code) = last.kind, !document.isClosed(last.id), !code.literal.isEmpty,
            visible.count >= 2
        else { return nil }
        return visible.count - 2
    }

    /// Without color the live writer writes the same bytes as before
    /// highlighting: the same as a writer that renders the open block whole
    /// through its cache (code narrowing changes no row), and no SGR.
    @Test(arguments: names.prefix(8))
    func withoutColorTheWriterWritesWhatItDid(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        var outputs = ("", "")
        var document = StreamingDocument()
        let renderer = TerminalRenderer(options: TerminalOptions(width: 60, theme: .light))
        let narrowed = LiveTerminalWriter(renderer: renderer, live: true, height: 12) { outputs.0 += $0 }
        let reference = LiveTerminalWriter(
            renderer: TerminalRenderer(options: TerminalOptions(width: 60, highlightsCode: false)), live: true,
            height: 12
        ) { outputs.1 += $0 }
        reference.narrowsTail = false
        for piece in CorpusAnswers.chunks(bytes, size: 4) {
            let patches = document.append(bytes: piece)
            let display = document.provisionalDisplay()
            narrowed.update(with: patches, display: display) { document.isClosed($0) }
            reference.update(with: patches, display: display) { document.isClosed($0) }
        }
        let patches = document.finish()
        narrowed.finish(with: patches)
        reference.finish(with: patches)
        #expect(outputs.0 == outputs.1)
        #expect(Self.removingWriterSequences(outputs.0) == Self.removingWriterSequences(outputs.0, keepingSGR: true))
        #expect(narrowed.highlights.bytesLexed == 0)
    }

    /// The hostile texts of ``HostileTextTests`` inside code blocks in five
    /// languages, streamed byte by byte through the live writer on a short
    /// screen (the blocks narrowed): only the writer's own sequences reach
    /// the terminal, and the end is the one-shot rendering.
    @Test(arguments: ["python", "js", "sh", "html", "diff"])
    func hostileCodeThroughTheLiveWriter(language: String) {
        var text = ""
        for testCase in HostileTextTests.cases {
            text += "```" + language + "\n" + testCase.markdown + "\n\"" + testCase.markdown + "\n```\n\n"
        }
        let options = TerminalOptions(width: 40, color: true, hyperlinks: true)
        let run = Self.stream(Array(text.utf8), chunking: .fixed(1), options: options, columns: 40, rows: 6)
        #expect(Self.controls(in: Self.removingWriterSequences(run.written)).isEmpty)
        #expect(run.terminal.strayControls.isEmpty)
        #expect(run.committedMismatches.isEmpty, "\(run.committedMismatches.prefix(3))")
        #expect(
            run.terminal.styledLines
                == Self.oneShotTerminal(Array(text.utf8), options: options, columns: 40).styledLines)
    }

    /// `text` without the live writer's own sequences, and only those: the
    /// renderer's SGR (unless `keepingSGR`) and OSC 8 hyperlinks
    /// (``HostileTextTests/removingOwnSequences(_:)``), cursor up and down
    /// (`CSI n A`, `CSI n B`), erase line (`CSI 2K`) and synchronized
    /// output (`CSI ? 2026 h/l`), and carriage returns.
    static func removingWriterSequences(_ text: String, keepingSGR: Bool = false) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        let fixed: [[Unicode.Scalar]] = ["\u{1B}[2K", "\u{1B}[?2026h", "\u{1B}[?2026l", "\r"].map {
            Array($0.unicodeScalars)
        }
        while index < scalars.count {
            if let sequence = fixed.first(where: { scalars[index...].starts(with: $0) }) {
                index += sequence.count
                continue
            }
            // CSI digits A or B.
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 2, end < scalars.count, scalars[end] == "A" || scalars[end] == "B" {
                    index = end + 1
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return keepingSGR ? String(out) : HostileTextTests.removingOwnSequences(String(out))
    }

    /// The controls left in `text`, as ``HostileTextTests/controls(in:)``.
    static func controls(in text: String) -> [String] { HostileTextTests.controls(in: text) }

    @Test func writerSequenceCheckerFindsLeaks() {
        #expect(
            Self.controls(in: Self.removingWriterSequences("\u{1B}[3A\u{1B}[2K\r\u{1B}[1;38;5;170mx\u{1B}[0m\n"))
                .isEmpty)
        #expect(Self.controls(in: Self.removingWriterSequences("\u{1B}[2J")) == ["1b"])
        #expect(Self.controls(in: Self.removingWriterSequences("\u{1B}[3Ax\u{1B}]0;t\u{07}")) == ["1b", "7"])
        #expect(Self.controls(in: Self.removingWriterSequences("\u{1B}[Ax")) == ["1b"])
        #expect(Self.controls(in: Self.removingWriterSequences("\r\n\u{1B}[1B\u{7}")) == ["7"])
    }
}
