import StreamMark
import StreamMarkWire

/// `--input FORMAT`: turns the bytes read into Markdown text with a
/// ``WireDecoder`` and appends it to the document as it arrives. A decoding
/// error stops the input; what was decoded before it is kept and rendered.
struct WireInput {
    private var decoder: WireDecoder
    private var text: [UInt8] = []
    /// The one-line message of the error that stopped the input.
    private(set) var failure: String?

    /// Creates the input for a format.
    init(format: WireFormat) {
        decoder = WireDecoder(format: format)
    }

    /// Whether to stop reading: the final event arrived or decoding failed.
    var isDone: Bool { decoder.isComplete || failure != nil }

    /// Decodes `bytes` and appends the text to `document`.
    ///
    /// - Returns: the patches of the append (none if no text was completed).
    /// - Complexity: O(bytes) plus the append.
    mutating func feed(_ bytes: some Collection<UInt8>, into document: inout StreamingDocument) -> [Patch] {
        guard failure == nil else { return [] }
        do {
            try decoder.decode(bytes, into: &text)
        } catch {
            failure = error.message
        }
        return flush(into: &document)
    }

    /// Ends the input (a last line without terminator, the final event's
    /// check) and appends the last text.
    mutating func finish(into document: inout StreamingDocument) -> [Patch] {
        if failure == nil {
            do {
                try decoder.finish(into: &text)
            } catch {
                failure = error.message
            }
        }
        return flush(into: &document)
    }

    /// The message for the end of a stream: its error, or the first unknown
    /// event type that was skipped.
    var message: String? {
        if let failure { return failure }
        if let unknown = decoder.unknownEvent {
            return "\(decoder.format): skipped unknown event type '\(unknown.type)' at line \(unknown.line)"
        }
        return nil
    }

    private mutating func flush(into document: inout StreamingDocument) -> [Patch] {
        guard !text.isEmpty else { return [] }
        defer { text.removeAll(keepingCapacity: true) }
        return document.append(bytes: text)
    }
}
