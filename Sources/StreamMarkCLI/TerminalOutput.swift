import StreamMark
import StreamMarkTerminal

/// `--format terminal`: the live terminal writer, or plain closed blocks in
/// order when stdout is not a terminal.
final class TerminalOutput: StreamOutput {
    private let writer: LiveTerminalWriter
    private let fixedWidth: Int?

    /// Creates the output.
    ///
    /// - Parameters:
    ///   - options: renderer options (width already resolved).
    ///   - live: redraw the open tail in place.
    ///   - columns: terminal columns.
    ///   - height: terminal rows.
    ///   - fixedWidth: the `--width` value, which resizes do not override.
    init(options: TerminalOptions, live: Bool, columns: Int, height: Int, fixedWidth: Int?) {
        self.fixedWidth = fixedWidth
        writer = LiveTerminalWriter(
            renderer: TerminalRenderer(options: options), live: live, columns: columns, height: height
        ) {
            OutputSink.standardOutput.write($0)
        }
    }

    func consume(_ patches: [Patch], document: StreamingDocument) {
        // The live tail shows the open block's provisional display.
        var document = document
        let display = writer.live ? document.provisionalDisplay() : .truth
        writer.update(with: patches, display: display, isClosed: { document.isClosed($0) })
    }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        writer.finish(with: patches)
    }

    var renderCounts: (renders: Int, blocks: Int)? {
        (writer.cache.renderCount, writer.cache.renderCounts.count)
    }

    func resized(document: StreamingDocument) {
        guard writer.live, let size = TerminalDevice.size(of: 1) else { return }
        writer.resize(
            width: fixedWidth ?? size.columns, columns: size.columns, height: size.rows,
            isClosed: { document.isClosed($0) })
    }
}
