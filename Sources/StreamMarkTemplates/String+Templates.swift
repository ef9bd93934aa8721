extension String {
    /// The string with NUL replaced by U+FFFD.
    func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII whitespace.
    func trimmingSpaces() -> Substring {
        let s = Substring(self)
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }) else { return s[s.endIndex...] }
        let last = s.lastIndex(where: { !isSpace($0) })!
        return Substring(s[first...last])
    }
}
