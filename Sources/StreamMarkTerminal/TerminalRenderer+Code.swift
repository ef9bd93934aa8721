import StreamMark
import StreamMarkHighlight

extension TerminalRenderer {
    /// The tokens of a code block's lines: line index (in the literal drawn)
    /// → the line's tokens, UTF-8 offsets within the line.
    typealias LineTokens = (_ line: Int) -> [HighlightToken]

    /// The language a code block is highlighted in, or `nil` when it is
    /// drawn in one color: without color, with ``TerminalOptions/highlightsCode``
    /// off, or for an unknown, missing or plain-text language.
    ///
    /// - Complexity: O(length of the info string's first word).
    func highlightLanguage(of attributes: CodeBlockAttributes) -> HighlightLanguage? {
        guard options.color, options.highlightsCode, let language = HighlightLanguage(infoString: attributes.info),
            language != .plainText
        else { return nil }
        return language
    }

    /// A code block: never wrapped. With color, a frame on the left with
    /// the language on top, the code highlighted one-shot when its language
    /// is known; without color, fences as in the source.
    ///
    /// - Complexity: O(literal).
    func codeBlock(_ attributes: CodeBlockAttributes) -> [String] {
        guard let language = highlightLanguage(of: attributes) else { return plainCodeBlock(attributes) }
        let lines = language.highlight(text: attributes.literal.utf8)
        return codeBlock(attributes) { lines.indices.contains($0) ? lines[$0].tokens : [] }
    }

    /// A code block drawn in one color (or none).
    private func plainCodeBlock(_ attributes: CodeBlockAttributes) -> [String] {
        let lines = codeLines(attributes.literal)
        let language = attributes.language ?? ""
        guard options.color else {
            return [StyledText.encode("```" + language, style: .plain, options: options)]
                + lines.map { StyledText.encode($0, style: .plain, options: options) }
                + ["```"]
        }
        let bar = codeBar
        return [codeTop(language)] + lines.map { bar + StyledText.encode($0, style: codeStyle, options: options) }
            + [codeBottom]
    }

    /// A code block with color whose lines are drawn with the given tokens
    /// (the live writer passes the tokens its `CodeHighlights` keeps).
    /// Token ranges past a line's end are cut; text outside tokens, and
    /// tokens of kinds the palette does not color, are plain code text.
    /// The text is sanitised as all text is (control characters become
    /// U+FFFD), so tokens never carry the model's escape sequences.
    ///
    /// - Complexity: O(literal + tokens).
    func codeBlock(_ attributes: CodeBlockAttributes, tokens: LineTokens) -> [String] {
        var out = [codeTop(attributes.language ?? "")]
        let bar = codeBar
        var literal = attributes.literal
        literal.withUTF8 { bytes in
            var start = 0
            var index = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                out.append(bar + highlightedLine(line, tokens: tokens(index)))
                index += 1
                start = end + 1
            }
        }
        out.append(codeBottom)
        return out
    }

    /// One code line with its tokens' styles, tabs expanded.
    private func highlightedLine(_ line: UnsafeBufferPointer<UInt8>, tokens: [HighlightToken]) -> String {
        var text = StyledText()
        var column = 0
        var position = 0
        func add(_ end: Int, _ style: TerminalStyle) {
            guard end > position else { return }
            let piece = String(decoding: UnsafeBufferPointer(rebasing: line[position..<end]), as: UTF8.self)
            var expanded = ""
            Self.appendExpandingTabs(piece, to: &expanded, column: &column)
            text.append(expanded, style: style)
            position = end
        }
        let base = codeStyle
        let palette = self.palette
        for token in tokens {
            let lower = min(max(token.range.lowerBound, position), line.count)
            let upper = min(token.range.upperBound, line.count)
            guard upper > lower else { continue }
            add(lower, base)
            add(upper, palette.style(for: token.kind) ?? base)
        }
        add(line.count, base)
        return StyledText.encode(StyledText.Line(runs: text.runs), options: options)
    }

    /// Code text outside tokens.
    private var codeStyle: TerminalStyle {
        var style = TerminalStyle()
        style.foreground = palette.code.text
        return style
    }

    private var frameStyle: TerminalStyle {
        var style = TerminalStyle()
        style.foreground = palette.frame
        return style
    }

    /// The frame's top line, with the language.
    private func codeTop(_ language: String) -> String {
        var label = TerminalStyle()
        label.foreground = palette.codeLabel
        label.italic = true
        var top = StyledText()
        top.append("╭─", style: frameStyle)
        if !language.isEmpty { top.append(" " + language, style: label) }
        return StyledText.encode(StyledText.Line(runs: top.runs), options: options)
    }

    /// The frame's left edge, before each line.
    private var codeBar: String { StyledText.encode("│ ", style: frameStyle, options: options) }

    /// The frame's bottom line.
    private var codeBottom: String { StyledText.encode("╰─", style: frameStyle, options: options) }
}
