import StreamMarkTestSupport

/// Terminal text with SGR sequences (a `tmux capture-pane -e` capture or the
/// renderer's output) as canonical styled lines: the attributes carried
/// from line to line as a terminal does (tmux does not repeat them at the
/// start of a line), one canonical SGR sequence before each run of a style
/// and a reset after it, trailing spaces that show nothing removed. Two captures
/// whose cells look the same give equal lines, whatever sequences drew
/// them. Other escape sequences (cursor movement, OSC) are dropped.
enum StyledCapture {
    private typealias Style = SGRStyle

    /// The canonical styled lines of `text`.
    static func lines(_ text: String) -> [String] {
        var lines: [[(Character, Style)]] = [[]]
        var style = Style()
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\u{1B}":
                guard let kind = iterator.next() else { break }
                if kind == "[" {
                    var parameters = ""
                    while let c = iterator.next() {
                        if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) {
                            if c == "m" { style.apply(parameters) }
                            break
                        }
                        parameters.append(c)
                    }
                } else if kind == "]" {
                    while let c = iterator.next() {
                        if c == "\u{07}" { break }
                        if c == "\u{1B}" {
                            _ = iterator.next()
                            break
                        }
                    }
                }
            case "\n", "\r\n":
                lines.append([])
            case "\r":
                break
            default:
                lines[lines.count - 1].append((character, style))
            }
        }
        var result = lines.map { cells -> String in
            var cells = cells
            // A trailing space shows nothing unless it has a background or a
            // line through it (tmux drops trailing spaces in any color).
            while let last = cells.last, last.0 == " ", last.1.background == nil, !last.1.underline,
                !last.1.strikethrough
            {
                cells.removeLast()
            }
            var out = ""
            var current = Style()
            for (character, style) in cells {
                if style != current {
                    if current != Style() { out += "\u{1B}[0m" }
                    out += style.description
                    current = style
                }
                out.append(character)
            }
            if current != Style() { out += "\u{1B}[0m" }
            return out
        }
        while result.last == "" { result.removeLast() }
        return result
    }
}
