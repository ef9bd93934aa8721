/// A server-sent event being assembled from its lines (`event:`, `data:`),
/// dispatched at the blank line that ends it.
struct SSEEvent: Sendable {
    /// The `event:` field, if any.
    var name: String?
    /// The `data:` lines joined with `\n`.
    var data: [UInt8] = []
    /// Whether a `data:` line arrived.
    var hasData = false
    /// The line of the first `data:` line.
    var line = 0
}

extension WireDecoder {
    /// One line of a server-sent event stream (`openai`, `anthropic`).
    mutating func decodeSSELine(_ line: ArraySlice<UInt8>, number: Int, into text: inout [UInt8]) throws(WireError) {
        if line.isEmpty {
            try dispatchEvent(line: number, into: &text)
            return
        }
        if line.first == UInt8(ascii: ":") { return }  // a comment (keep-alive)
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = line[line.startIndex..<colon]
        var value = colon < line.endIndex ? line[(colon + 1)...] : []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: field, as: UTF8.self) {
        case "data":
            if event.hasData {
                event.data.append(UInt8(ascii: "\n"))
            } else {
                event.line = number
            }
            event.data.append(contentsOf: value)
            event.hasData = true
        case "event":
            event.name = String(decoding: value, as: UTF8.self)
        case "id", "retry":
            break
        default:
            throw malformed("not a server-sent event line: '\(WireText.excerpt(line))'", line: number)
        }
    }

    /// Dispatches the assembled event (at a blank line or the end).
    mutating func dispatchEvent(line: Int, into text: inout [UInt8]) throws(WireError) {
        let current = event
        event = SSEEvent()
        guard current.hasData else { return }
        switch format {
        case .openai: try openAIEvent(current, into: &text)
        case .anthropic: try anthropicEvent(current, into: &text)
        case .text, .ollama: break
        }
    }
}
