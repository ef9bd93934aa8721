/// How the terminal renderer draws a document.
public struct TerminalOptions: Hashable, Sendable {
    /// The number of columns to wrap text at (at least 10 is sensible; any
    /// value of 1 or more is accepted).
    public var width: Int
    /// Whether to use SGR escape sequences (bold, colors, dim). Without color
    /// the output holds no escape sequences other than hyperlinks, and code
    /// is not highlighted.
    public var color: Bool
    /// Whether links become OSC 8 hyperlinks. When off, the URL is shown in
    /// parentheses after the link text.
    public var hyperlinks: Bool
    /// Whether raw HTML is shown (dimmed). When off (the safe default) HTML
    /// blocks and inline HTML are omitted.
    public var showsHTML: Bool
    /// The background the colors are chosen for (with ``color`` only).
    public var theme: TerminalTheme
    /// Whether code blocks in a known language are syntax highlighted (with
    /// ``color`` only): the language is the first word of the info string
    /// (`HighlightLanguage(infoString:)`); other code is drawn in one color.
    public var highlightsCode: Bool

    /// Creates options. The default is 80 columns, no escape sequences at
    /// all; with color, the dark theme and highlighted code.
    public init(
        width: Int = 80, color: Bool = false, hyperlinks: Bool = false, showsHTML: Bool = false,
        theme: TerminalTheme = .dark, highlightsCode: Bool = true
    ) {
        self.width = max(1, width)
        self.color = color
        self.hyperlinks = hyperlinks
        self.showsHTML = showsHTML
        self.theme = theme
        self.highlightsCode = highlightsCode
    }
}
