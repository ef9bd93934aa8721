import Foundation

/// Decodes a model's streamed answer from its wire format into Markdown
/// text, incrementally: feed the bytes as they arrive, in pieces of any size
/// (split inside a line, an SSE event or a UTF-8 character), and append the
/// text it returns to a `StreamingDocument` right away.
///
/// ```swift
/// var decoder = WireDecoder(format: .anthropic)
/// var text: [UInt8] = []
/// for try await piece in response.bytes.chunks {
///     try decoder.decode(piece, into: &text)        // the deltas, in order
///     document.append(bytes: text); text.removeAll()
///     if decoder.isComplete { break }
/// }
/// try decoder.finish(into: &text)
/// ```
///
/// - Deltas are emitted as soon as their line is complete.
/// - Events that carry no answer text and are documented by the provider
///   (`ping`, `message_start`, usage chunks, role deltas, `response.created`,
///   thinking and tool-call deltas, …) are skipped.
/// - Unknown event types are skipped too (providers add event types), and
///   the first one is reported in ``unknownEvent`` so a caller can flag it;
///   the `streammark` command exits 1 after rendering the whole answer.
/// - Error events, malformed lines, a stream cut mid-line and a stream that
///   ends before its final event throw ``WireError``; the text decoded before
///   them has been appended already. After an error, decoding stops.
public struct WireDecoder: Sendable {
    /// The longest line accepted (a single SSE or NDJSON line), in bytes.
    public static let maxLineLength = 64 << 20

    /// The format decoded.
    public let format: WireFormat
    /// Whether the format's final event arrived (`data: [DONE]`,
    /// `response.completed`, `message_stop`, `"done": true`). Input after it
    /// is ignored.
    public internal(set) var isComplete = false
    /// The first event of an unknown type that was skipped, and its line.
    public internal(set) var unknownEvent: (type: String, line: Int)?
    /// The error that stopped decoding, if any.
    public private(set) var failure: WireError?

    var lines = LineSplitter()
    var event = SSEEvent()

    /// Creates a decoder.
    public init(format: WireFormat) {
        self.format = format
    }

    /// Decodes the next piece of input and appends the answer text it
    /// completes to `text`.
    ///
    /// - Throws: ``WireError``; the text before the error is in `text`.
    /// - Complexity: O(piece) plus the JSON decoding of completed lines.
    public mutating func decode(_ bytes: some Collection<UInt8>, into text: inout [UInt8]) throws(WireError) {
        if let failure { throw failure }
        guard !isComplete else { return }
        if format == .text {
            // Through contiguous storage: a generic append is not
            // specialized across modules and copies byte by byte.
            let copied: Void? = bytes.withContiguousStorageIfAvailable { text.append(contentsOf: $0) }
            if copied == nil { text.append(contentsOf: Array(bytes)) }
            return
        }
        do throws(WireError) {
            lines.append(bytes)
            while !isComplete, let (line, number) = lines.nextLine() {
                try decodeLine(line, number: number, into: &text)
            }
            if lines.pendingCount > Self.maxLineLength {
                throw WireError(
                    reason: .lineTooLong,
                    message: "\(format): line \(lines.lineNumber + 1) is longer than \(Self.maxLineLength) bytes")
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Ends the input: decodes a last line that has no terminator, and
    /// checks that the format's final event arrived.
    ///
    /// - Throws: ``WireError`` (`cutMidLine`, `unfinished`, or the error of
    ///   the last line).
    public mutating func finish(into text: inout [UInt8]) throws(WireError) {
        if let failure { throw failure }
        guard format != .text, !isComplete else { return }
        do throws(WireError) {
            let partial = lines.takePartialLine()
            do throws(WireError) {
                if let (line, number) = partial { try decodeLine(line, number: number, into: &text) }
                if !isComplete && format != .ollama { try dispatchEvent(line: lines.lineNumber, into: &text) }
            } catch  where error.reason == .malformed && partial != nil {
                throw WireError(
                    reason: .cutMidLine, message: "\(format): stream cut mid-line at line \(lines.lineNumber)")
            }
            guard isComplete else {
                throw WireError(reason: .unfinished, message: "\(format): stream ended before \(finalEventName)")
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Decodes a whole input at once (for tests and recorded streams).
    public static func decode(_ bytes: some Collection<UInt8>, format: WireFormat) throws(WireError) -> [UInt8] {
        var decoder = WireDecoder(format: format)
        var text: [UInt8] = []
        try decoder.decode(bytes, into: &text)
        try decoder.finish(into: &text)
        return text
    }

    /// The final event's name, for messages.
    var finalEventName: String {
        switch format {
        case .text: "the end"
        case .openai: "data: [DONE] or response.completed"
        case .anthropic: "message_stop"
        case .ollama: "\"done\": true"
        }
    }

    private mutating func decodeLine(_ line: ArraySlice<UInt8>, number: Int, into text: inout [UInt8]) throws(WireError)
    {
        switch format {
        case .text: text.append(contentsOf: line)
        case .ollama: try decodeOllamaLine(line, number: number, into: &text)
        case .openai, .anthropic: try decodeSSELine(line, number: number, into: &text)
        }
    }

    /// Records an unknown event type (the first one only).
    mutating func skipUnknown(_ type: String, line: Int) {
        if unknownEvent == nil { unknownEvent = (WireText.oneLine(type, limit: 60), line) }
    }

    /// A malformed-input error naming the format and line.
    func malformed(_ what: String, line: Int) -> WireError {
        WireError(reason: .malformed, message: "\(format): malformed event at line \(line): \(what)")
    }

    /// An error event's error.
    func errorEvent(_ message: String, line: Int) -> WireError {
        WireError(
            reason: .errorEvent,
            message: "\(format): error event at line \(line): \(WireText.oneLine(message, limit: 300))")
    }
}
