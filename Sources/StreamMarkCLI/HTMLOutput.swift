import StreamMark
import StreamMarkHTML

/// `--format html`: the final document as HTML, identical to the one-shot
/// renderer's output for the same text.
final class HTMLOutput: StreamOutput {
    private let renderer: HTMLRenderer

    init(options: HTMLRenderer.RenderOptions) {
        renderer = HTMLRenderer(options: options)
    }

    func consume(_ patches: [Patch], document: StreamingDocument) {}

    func finish(_ patches: [Patch], document: StreamingDocument) {
        OutputSink.standardOutput.write(renderer.render(document.root))
    }
}
