/// Rule 1 of ``MarkupCompleter``: an unterminated last line that holds only
/// block markers is not shown yet.
///
/// `Intro\n-` is a setext heading for cmark, but the `-` is almost always the
/// start of a list item; `Intro\n*` shows a literal `*`; `--` shows as text
/// before it becomes a rule; `Intro\n1` shows `1` before `1.` starts a list.
/// Until the line's newline arrives, such a line is hidden. Once it is
/// terminated it is what cmark says it is (a heading underline, a rule).
enum TrailingLine {
    /// `source` without its last line when that line is unterminated and made
    /// only of markers and spaces, or only of spaces; otherwise `source`.
    ///
    /// - Complexity: O(length of the last line).
    static func drop(from source: [UInt8]) -> [UInt8] {
        guard let last = source.last, last != 0x0A else { return source }
        var start = source.count
        while start > 0, source[start - 1] != 0x0A { start -= 1 }
        // A line of only spaces shows nothing yet; the line before it is
        // complete (an item's continuation indentation arrives first).
        let blank = source[start...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        guard blank || isMarkerOnly(source[start...]) else { return source }
        // Drop the line; the newline before it stays (the line before is
        // complete).
        return Array(source[..<start])
    }

    /// Whether `line` is only spaces and one kind of block marker: a run of
    /// `-`, `=`, `*`, `_` or `+` (spaces between allowed), a run of backticks
    /// or tildes, a `#` run, a `|` run (a table row's first pipe), a `>`, or
    /// a list number with an optional `.`/`)`.
    static func isMarkerOnly(_ line: ArraySlice<UInt8>) -> Bool {
        let content = line.filter { $0 != 0x20 && $0 != 0x09 }
        guard let first = content.first else { return false }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "="), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "+"),
            UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "|"):
            return content.allSatisfy { $0 == first }
        case UInt8(ascii: ">"):
            return content.count == 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return isListNumber(content)
        default:
            return false
        }
    }

    /// `1`, `12.`, `3)`: up to nine digits, then an optional delimiter.
    private static func isListNumber(_ content: [UInt8]) -> Bool {
        var digits = 0
        for (index, byte) in content.enumerated() {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else {
                let isDelimiter = byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")
                return isDelimiter && index == content.count - 1 && digits <= 9
            }
        }
        return digits <= 9
    }
}
