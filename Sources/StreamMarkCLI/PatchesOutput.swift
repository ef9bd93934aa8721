import StreamMark

/// `--format patches`: NDJSON patches (protocol version 2 by default, 1 with
/// `--protocol 1`), written after every chunk so a reader sees the patches
/// as the text streams; with `--highlight`, code lines' highlighting too.
final class PatchesOutput: StreamOutput {
    private var writer: PatchStreamWriter

    init(version: Int, highlighting: Bool = false) {
        writer = PatchStreamWriter(version: version, highlighting: highlighting)
    }

    func consume(_ patches: [Patch], document: StreamingDocument) {
        writer.write(patches)
        flush()
    }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        writer.write(patches)
        flush()
    }

    private func flush() {
        guard writer.pendingByteCount > 0 else { return }
        let bytes = writer.takeBytes()
        bytes.withUnsafeBufferPointer { OutputSink.standardOutput.write(bytes: $0) }
    }
}
