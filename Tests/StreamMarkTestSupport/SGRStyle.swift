/// The SGR attributes of a terminal cell, as the tests' terminal models
/// read them (the live writer's `VirtualTerminal`, the tmux capture's
/// `StyledCapture`): bold, dim, italic, underline, strikethrough and
/// 256-color foreground and background. Written independently of the
/// renderer's `TerminalStyle`, so that it checks it.
public struct SGRStyle: Hashable, Sendable, CustomStringConvertible {
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    /// A 256-color palette index.
    public var foreground: Int?
    /// A 256-color palette index.
    public var background: Int?

    /// A cell without attributes.
    public init() {}

    /// The canonical SGR sequence of the style (empty when plain).
    public var description: String {
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

    /// Applies an SGR sequence's parameters (`0`, `1`, `2`, `3`, `4`, `9`,
    /// their resets, `38;5;N`, `48;5;N`, `39`, `49`; others are ignored).
    public mutating func apply(_ parameters: String) {
        let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < codes.count {
            switch codes[index] {
            case 0: self = SGRStyle()
            case 1: bold = true
            case 2: dim = true
            case 3: italic = true
            case 4: underline = true
            case 9: strikethrough = true
            case 22: (bold, dim) = (false, false)
            case 23: italic = false
            case 24: underline = false
            case 29: strikethrough = false
            case 39: foreground = nil
            case 49: background = nil
            case 38,
                48 where index + 2 < codes.count && codes[index + 1] == 5:
                if codes[index] == 38 { foreground = codes[index + 2] } else { background = codes[index + 2] }
                index += 2
            default: break
            }
            index += 1
        }
    }
}
