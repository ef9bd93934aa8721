/// The visual attributes of a run of text: SGR attributes and a hyperlink.
struct TerminalStyle: Hashable, Sendable {
    var bold = false
    var italic = false
    var underline = false
    var strikethrough = false
    var dim = false
    /// A 256-color palette index for the foreground.
    var foreground: UInt8?
    /// A 256-color palette index for the background.
    var background: UInt8?
    /// The hyperlink target (OSC 8).
    var link: String?

    static let plain = TerminalStyle()

    /// The SGR sequence that turns this style on from the reset state, or
    /// the empty string when the style has no SGR attributes.
    var sgr: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if strikethrough { codes.append("9") }
        if let foreground { codes.append("38;5;\(foreground)") }
        if let background { codes.append("48;5;\(background)") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// Whether the style sets any SGR attribute.
    var hasAttributes: Bool {
        bold || dim || italic || underline || strikethrough || foreground != nil || background != nil
    }
}
