import StreamMark

extension TerminalRenderer {
    /// The style math is drawn in: the palette's math colour (with colour
    /// on).
    ///
    /// - Complexity: O(1).
    func mathStyle(_ base: TerminalStyle) -> TerminalStyle {
        var style = base
        if options.color { style.foreground = palette.math }
        return style
    }

    /// Appends math that stays within its line: the TeX as Unicode text
    /// (``TeXText``) in the math colour; without colour between `$` — or
    /// `$$` for display math that cannot have lines of its own (in a
    /// heading, a table cell, a link or emphasis) — so plain text still
    /// shows where math begins and ends.
    ///
    /// - Complexity: O(length of `tex`).
    func appendMath(_ tex: String, display: Bool, to text: inout StyledText, style: TerminalStyle) {
        let converted = TeXText(tex, display: false).singleLine
        let marker = options.color ? "" : display ? "$$" : "$"
        text.append(marker + converted + marker, style: mathStyle(style))
    }

    /// A paragraph: its inlines wrapped to the width, except display math
    /// at its top level (`$$…$$`, `\[…\]`), which gets lines of its own
    /// (``displayMath(_:width:)``) between the text before and after it.
    ///
    /// - Complexity: O(size of the inlines).
    func paragraph(_ inlines: [Inline], width: Int) -> [String] {
        guard inlines.contains(where: Self.isDisplayMath) else { return wrap(inlines, base: .plain, width: width) }
        var lines: [String] = []
        var start = 0
        for (index, inline) in inlines.enumerated() {
            guard case .math(let tex, display: true) = inline else { continue }
            lines += textLines(inlines[start..<index], width: width)
            lines += displayMath(tex, width: width)
            start = index + 1
        }
        return lines + textLines(inlines[start...], width: width)
    }

    /// Whether `inline` is display math.
    private static func isDisplayMath(_ inline: Inline) -> Bool {
        if case .math(_, display: true) = inline { true } else { false }
    }

    /// The wrapped lines of text between display math: none when it is
    /// only spaces and line breaks.
    private func textLines(_ inlines: ArraySlice<Inline>, width: Int) -> [String] {
        let isBreak: (Inline) -> Bool = { $0 == .softBreak || $0 == .lineBreak }
        guard let first = inlines.firstIndex(where: { !isBreak($0) }),
            let last = inlines.lastIndex(where: { !isBreak($0) })
        else { return [] }
        let lines = wrap(Array(inlines[first...last]), base: .plain, width: width)
        return lines == [""] ? [] : lines
    }

    /// Display math on lines of its own: each line of the converted TeX
    /// (`\\` and line ends break lines) wrapped to the width less an
    /// indent of 4 columns (less on narrow widths), in the math colour.
    /// The indent alone marks it as math: no `$$` without colour either.
    ///
    /// - Complexity: O(length of `tex`).
    func displayMath(_ tex: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: min(4, width / 5))
        let style = mathStyle(.plain)
        var out: [String] = []
        for line in TeXText(tex, display: true).lines {
            var text = StyledText()
            text.append(line, style: style)
            for wrapped in text.wrapped(width: width - indent.count) {
                out.append(indent + StyledText.encode(wrapped, options: options))
            }
        }
        return out
    }

    /// A math block (a ```` ```math ```` fence): display math.
    ///
    /// - Complexity: O(length of `tex`).
    func mathBlock(_ tex: String, width: Int) -> [String] {
        displayMath(tex, width: width)
    }
}
