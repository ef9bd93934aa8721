import Foundation
import StreamMarkWire

/// Encodes text deltas the way a provider streams them: the inverse of
/// `WireDecoder`, for the wire and CLI tests (test-only, so not in the
/// `StreamMarkWire` product).
///
/// ```swift
/// let bytes = WireEncoder(format: .anthropic).encode(["# Hel", "lo\n"])
/// // event: message_start … event: content_block_delta … event: message_stop
/// ```
public struct WireEncoder: Sendable {
    /// Which variant of a format to produce.
    public enum Variant: Sendable, Hashable {
        /// OpenAI Chat Completions chunks / Ollama `/api/chat` (the default).
        case chat
        /// OpenAI Responses API events / Ollama `/api/generate`.
        case responses
    }

    /// The format produced.
    public var format: WireFormat
    /// The variant (OpenAI and Ollama).
    public var variant: Variant
    /// Whether non-ASCII characters are written as `\uXXXX` escapes (as
    /// Python's `json.dumps` does), with surrogate pairs above U+FFFF.
    public var escapesNonASCII: Bool

    /// Creates an encoder.
    public init(format: WireFormat, variant: Variant = .chat, escapesNonASCII: Bool = false) {
        self.format = format
        self.variant = variant
        self.escapesNonASCII = escapesNonASCII
    }

    /// The whole stream for these deltas, with the provider's framing events
    /// before and after them.
    ///
    /// - Complexity: O(total length of the deltas).
    public func encode(_ deltas: [String]) -> [UInt8] {
        var out = ""
        switch (format, variant) {
        case (.text, _):
            out = deltas.joined()
        case (.openai, .chat):
            out += sse(
                nil,
                #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}"#
            )
            for delta in deltas {
                out += sse(
                    nil,
                    #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":DELTA},"finish_reason":null}]}"#
                        .replacingFirst("DELTA", with: quoted(delta)))
            }
            out += sse(
                nil,
                #"{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
            )
            out += sse(
                nil,
                #"{"id":"c1","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":12}}"#
            )
            out += "data: [DONE]\n\n"
        case (.openai, .responses):
            out += sse(
                "response.created",
                #"{"type":"response.created","sequence_number":0,"response":{"id":"r1","status":"in_progress"}}"#)
            out += sse(
                "response.output_item.added",
                #"{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"m1","type":"message","role":"assistant","content":[]}}"#
            )
            out += sse(
                "response.content_part.added",
                #"{"type":"response.content_part.added","sequence_number":2,"item_id":"m1","output_index":0,"content_index":0,"part":{"type":"output_text","text":""}}"#
            )
            for (index, delta) in deltas.enumerated() {
                out += sse(
                    "response.output_text.delta",
                    #"{"type":"response.output_text.delta","sequence_number":SEQ,"item_id":"m1","output_index":0,"content_index":0,"delta":DELTA}"#
                        .replacingFirst("SEQ", with: "\(index + 3)").replacingFirst("DELTA", with: quoted(delta)))
            }
            out += sse(
                "response.output_text.done",
                #"{"type":"response.output_text.done","item_id":"m1","output_index":0,"content_index":0,"text":"..."}"#)
            out += sse(
                "response.completed", #"{"type":"response.completed","response":{"id":"r1","status":"completed"}}"#)
        case (.anthropic, _):
            out += sse(
                "message_start",
                #"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude","stop_reason":null,"usage":{"input_tokens":9,"output_tokens":1}}}"#
            )
            out += sse(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#)
            out += sse("ping", #"{"type": "ping"}"#)
            for delta in deltas {
                out += sse(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":DELTA}}"#
                        .replacingFirst("DELTA", with: quoted(delta)))
            }
            out += sse("content_block_stop", #"{"type":"content_block_stop","index":0}"#)
            out += sse(
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":12}}"#
            )
            out += sse("message_stop", #"{"type":"message_stop"}"#)
        case (.ollama, .chat):
            for delta in deltas {
                out +=
                    #"{"model":"llama3.2","created_at":"2026-12-01T04:00:00Z","message":{"role":"assistant","content":DELTA},"done":false}"#
                    .replacingFirst("DELTA", with: quoted(delta)) + "\n"
            }
            out +=
                #"{"model":"llama3.2","created_at":"2026-12-01T04:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","eval_count":12}"#
                + "\n"
        case (.ollama, .responses):
            for delta in deltas {
                out +=
                    #"{"model":"llama3.2","created_at":"2026-12-01T04:00:00Z","response":DELTA,"done":false}"#
                    .replacingFirst("DELTA", with: quoted(delta)) + "\n"
            }
            out +=
                #"{"model":"llama3.2","created_at":"2026-12-01T04:00:01Z","response":"","done":true,"done_reason":"stop"}"#
                + "\n"
        }
        return Array(out.utf8)
    }

    /// One server-sent event.
    private func sse(_ name: String?, _ data: String) -> String {
        (name.map { "event: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }

    /// `text` as a JSON string literal.
    ///
    /// - Complexity: O(text).
    public func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (escapesNonASCII && scalar.value > 0x7E) {
                    for unit in String(scalar).utf16 { out += "\\u" + Self.hex4(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
