/// The background the terminal output is drawn for: it picks the palette
/// of headings, links, list markers and highlighted code
/// (``TerminalOptions/theme``). Both palettes use the 256-colour set, so
/// they look the same in every terminal that has it.
public enum TerminalTheme: String, CaseIterable, Hashable, Sendable, Codable {
    /// Light text colours for a dark background (the default).
    case dark
    /// Dark text colours for a light background.
    case light

    /// The theme a `COLORFGBG` value (`"15;0"`, `"0;default;15"`, set by
    /// rxvt, Konsole and others) asks for: its last field is the
    /// background's colour number, and 0–6 or 8 are dark backgrounds, 7
    /// and 9–15 light ones (the rule Vim uses). `nil` when the value says
    /// nothing (`default`, not a number, out of range).
    ///
    /// - Complexity: O(length of the value).
    public init?(colorFGBG value: String) {
        guard let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
            let background = Int(last), (0...15).contains(background)
        else { return nil }
        self = background <= 6 || background == 8 ? .dark : .light
    }

    /// The colours of this theme.
    var palette: TerminalPalette {
        switch self {
        case .dark: .dark
        case .light: .light
        }
    }
}
