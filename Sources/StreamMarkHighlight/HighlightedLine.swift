/// The highlighting of one line: its tokens and the state after it.
public struct HighlightedLine: Hashable, Sendable {
    /// The highlighted spans: byte offsets within the line, sorted,
    /// non-overlapping, adjacent spans of one kind merged. Bytes outside
    /// them are plain.
    public var tokens: [HighlightToken]
    /// The state after the line (before the next one).
    public var state: HighlightState

    /// Creates a highlighted line.
    public init(tokens: [HighlightToken], state: HighlightState) {
        self.tokens = tokens
        self.state = state
    }
}

extension HighlightLanguage {
    /// Highlights one complete line (without its line ending) that follows
    /// `state`: a pure function of the language, the state and the bytes.
    ///
    /// - Complexity: O(line length).
    public func highlight(line: some Collection<UInt8>, after state: HighlightState = .initial) -> HighlightedLine {
        let lex = { (buffer: UnsafeBufferPointer<UInt8>) -> HighlightedLine in
            var lexer = LineLexer(
                root: compiled, bytes: buffer, from: .lineStart(state), tokens: [], atLineEnd: true)
            _ = lexer.run(recordingCheckpoints: false)
            return HighlightedLine(tokens: lexer.tokens, state: lexer.state)
        }
        if let result = line.withContiguousStorageIfAvailable(lex) { return result }
        return Array(line).withUnsafeBufferPointer(lex)
    }

    /// Highlights whole code text: one ``HighlightedLine`` per line (a
    /// final line ending adds no empty line).
    ///
    /// - Complexity: O(text length).
    public func highlight(text: some Collection<UInt8>) -> [HighlightedLine] {
        var lines: [HighlightedLine] = []
        var state = HighlightState.initial
        let bytes = Array(text)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = highlight(line: bytes[start..<end], after: state)
            state = line.state
            lines.append(line)
            start = end + 1
        }
        return lines
    }
}
