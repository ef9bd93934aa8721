import Foundation
import StreamMark

/// `--format patches`: NDJSON, one ``Patch`` per line, written after every
/// chunk so a reader sees the patches as the text streams.
final class PatchesOutput: StreamOutput {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    func consume(_ patches: [Patch], document: StreamingDocument) {
        guard !patches.isEmpty else { return }
        var out = ""
        for patch in patches {
            guard let data = try? encoder.encode(patch) else { continue }
            out += String(decoding: data, as: UTF8.self)
            out += "\n"
        }
        OutputSink.standardOutput.write(out)
    }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        consume(patches, document: document)
    }
}
