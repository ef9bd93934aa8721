import Foundation

extension WireDecoder {
    /// An Anthropic Messages streaming event.
    mutating func anthropicEvent(_ event: SSEEvent, into text: inout [UInt8]) throws(WireError) {
        guard let object = WireText.object(event.data[...]) else {
            throw malformed("data is not a JSON object: '\(WireText.excerpt(event.data[...]))'", line: event.line)
        }
        guard let type = object["type"] as? String ?? event.name else {
            throw malformed("event without a type", line: event.line)
        }
        if event.name == "error" || type == "error" {
            throw errorEvent(WireText.errorMessage(object["error"] ?? object), line: event.line)
        }
        switch type {
        case "content_block_delta":
            guard let delta = object["delta"] as? [String: Any], let deltaType = delta["type"] as? String else {
                throw malformed("content_block_delta without a delta type", line: event.line)
            }
            guard deltaType == "text_delta" else { return }  // thinking, tool input, signature, citations
            guard let piece = delta["text"] as? String else {
                throw malformed("text_delta without a string text", line: event.line)
            }
            text.append(contentsOf: piece.utf8)
        case "content_block_start":
            // A text block may start with text (usually empty).
            if let block = object["content_block"] as? [String: Any], block["type"] as? String == "text",
                let piece = block["text"] as? String
            {
                text.append(contentsOf: piece.utf8)
            }
        case "message_stop":
            isComplete = true
        case "message_start", "content_block_stop", "message_delta", "ping":
            break
        default:
            skipUnknown(type, line: event.line)
        }
    }
}
