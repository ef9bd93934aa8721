import StreamMarkHighlight

/// A token written as its text and kind scope, for readable expectations.
struct Span: Hashable, CustomStringConvertible {
    var text: String
    var kind: String

    init(_ text: String, _ kind: HighlightKind) {
        self.text = text
        self.kind = kind.rawValue
    }

    var description: String { "\(text.debugDescription):\(kind)" }
}

/// The spans of `code` in `language` (every line, one-shot), in order.
func spans(_ language: String, _ code: String) -> [Span] {
    guard let language = HighlightLanguage(name: language) else { return [] }
    let bytes = Array(code.utf8)
    var result: [Span] = []
    var lineStart = 0
    for line in language.highlight(text: bytes) {
        for token in line.tokens {
            let text = String(
                decoding: bytes[(lineStart + token.range.lowerBound)..<(lineStart + token.range.upperBound)],
                as: UTF8.self)
            result.append(Span(text, token.kind))
        }
        lineStart = (bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count) + 1
    }
    return result
}
