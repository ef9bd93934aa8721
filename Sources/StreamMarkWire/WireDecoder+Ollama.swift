import Foundation

extension WireDecoder {
    /// One Ollama NDJSON line: `/api/chat` (`message.content`) or
    /// `/api/generate` (`response`), `done`, or `error`.
    mutating func decodeOllamaLine(_ line: ArraySlice<UInt8>, number: Int, into text: inout [UInt8]) throws(WireError) {
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
        guard let object = WireText.object(line) else {
            throw malformed("not a JSON object: '\(WireText.excerpt(line))'", line: number)
        }
        if let error = object["error"], !(error is NSNull) {
            throw errorEvent(WireText.errorMessage(error), line: number)
        }
        var known = false
        if let message = object["message"] {
            known = true
            guard let fields = message as? [String: Any] else {
                throw malformed("message is not an object", line: number)
            }
            if let content = fields["content"] {
                guard let piece = content as? String else {
                    throw malformed("message.content is not a string", line: number)
                }
                text.append(contentsOf: piece.utf8)
            }
        }
        if let response = object["response"] {
            known = true
            guard let piece = response as? String else { throw malformed("response is not a string", line: number) }
            text.append(contentsOf: piece.utf8)
        }
        if let done = object["done"] {
            known = true
            guard let flag = done as? Bool else { throw malformed("done is not a boolean", line: number) }
            if flag { isComplete = true }
        }
        if !known { skipUnknown("line without message, response or done", line: number) }
    }
}
