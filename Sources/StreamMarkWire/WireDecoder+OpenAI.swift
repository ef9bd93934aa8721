import Foundation

extension WireDecoder {
    /// An OpenAI event: `[DONE]`, a Chat Completions chunk, a Responses API
    /// event, or an error.
    mutating func openAIEvent(_ event: SSEEvent, into text: inout [UInt8]) throws(WireError) {
        if event.data.elementsEqual("[DONE]".utf8) {
            isComplete = true
            return
        }
        guard let object = WireText.object(event.data[...]) else {
            throw malformed("data is not a JSON object: '\(WireText.excerpt(event.data[...]))'", line: event.line)
        }
        if event.name == "error" || (object["error"] != nil && !(object["error"] is NSNull)) {
            throw errorEvent(WireText.errorMessage(object["error"] ?? object), line: event.line)
        }
        if let type = object["type"] as? String {
            try responsesEvent(type, object, line: event.line, into: &text)
        } else if let choices = object["choices"] as? [Any] {
            try chatChunk(choices, line: event.line, into: &text)
        } else {
            skipUnknown(event.name ?? "event without type or choices", line: event.line)
        }
    }

    /// A Chat Completions chunk: the content delta of choice 0. Chunks
    /// without content (the role, `finish_reason`, tool calls, usage with no
    /// choices) carry no text.
    private func chatChunk(_ choices: [Any], line: Int, into text: inout [UInt8]) throws(WireError) {
        let first = choices.lazy.compactMap { $0 as? [String: Any] }.first { ($0["index"] as? Int ?? 0) == 0 }
        guard let choice = first else {
            if choices.isEmpty { return }
            throw malformed("no choice with index 0", line: line)
        }
        guard let delta = choice["delta"] else { return }
        guard let fields = delta as? [String: Any] else { throw malformed("delta is not an object", line: line) }
        switch fields["content"] {
        case let content as String: text.append(contentsOf: content.utf8)
        case nil: break
        case let other where other is NSNull: break
        default: throw malformed("delta.content is not a string", line: line)
        }
    }

    /// A Responses API event.
    private mutating func responsesEvent(
        _ type: String, _ object: [String: Any], line: Int, into text: inout [UInt8]
    ) throws(WireError) {
        switch type {
        case "response.output_text.delta":
            guard let delta = object["delta"] as? String else {
                throw malformed("\(type) without a string delta", line: line)
            }
            text.append(contentsOf: delta.utf8)
        case "response.completed", "response.incomplete":
            isComplete = true
        case "response.failed":
            let response = object["response"] as? [String: Any]
            throw errorEvent(WireText.errorMessage(response?["error"] ?? "response failed"), line: line)
        case "error":
            throw errorEvent(WireText.errorMessage(object), line: line)
        default:
            // Every other `response.*` event (created, in_progress,
            // output_item.added, content_part.*, output_text.done,
            // reasoning and tool-call deltas, …) carries no answer text.
            if !type.hasPrefix("response.") { skipUnknown(type, line: line) }
        }
    }
}
