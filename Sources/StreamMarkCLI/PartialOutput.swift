import StreamMark
import StreamMarkHTML
import StreamMarkTerminal

/// `--partial`: the input rendered as a stream that has not finished — no
/// `finish()`, so the open block shows its provisional display form
/// (`docs/provisional.md`). Nothing is written while reading.
final class PartialOutput: StreamOutput {
    private let options: CommandLineOptions

    init(options: CommandLineOptions) { self.options = options }

    func consume(_ patches: [Patch], document: StreamingDocument) {}

    func finish(_ patches: [Patch], document: StreamingDocument) {}

    /// Writes the display form of `document` in the chosen format.
    ///
    /// - Complexity: O(document) (a whole-document render).
    func write(_ document: inout StreamingDocument) {
        let root = document.displayRoot()
        switch options.format ?? .terminal {
        case .html:
            OutputSink.standardOutput.write(HTMLRenderer(options: .init(unsafe: options.unsafe)).render(root))
        case .tree:
            var out = ""
            TreeOutput.dump(root, depth: 0, into: &out)
            OutputSink.standardOutput.write(out)
        case .terminal, .patches:
            let terminal = TerminalOptions(
                width: options.width ?? 80, color: options.color == .always, hyperlinks: false,
                showsHTML: options.unsafe,
                theme: options.theme.resolved(colorFGBG: StreamCommand.environment("COLORFGBG")))
            OutputSink.standardOutput.write(TerminalRenderer(options: terminal).render(document: root))
        }
    }
}
