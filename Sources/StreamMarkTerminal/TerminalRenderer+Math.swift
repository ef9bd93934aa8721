import StreamMark

extension TerminalRenderer {
    /// The style math is drawn in: its own colour (with colour on).
    func mathStyle(_ base: TerminalStyle) -> TerminalStyle {
        var style = base
        if options.color { style.foreground = 152 }
        return style
    }

    /// Appends inline or display math: the TeX in the math colour, inside
    /// `$…$` / `$$…$$` without colour.
    func appendMath(_ tex: String, display: Bool, to text: inout StyledText, style: TerminalStyle) {
        let marker = options.color ? "" : display ? "$$" : "$"
        text.append(marker + tex + marker, style: mathStyle(style))
    }

    /// A display-math block: its TeX lines in the math colour.
    func mathBlock(_ tex: String, width: Int) -> [String] {
        codeLines(tex).map { StyledText.encode($0, style: mathStyle(.plain), options: options) }
    }
}
