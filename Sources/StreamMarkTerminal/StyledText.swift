/// Text with a style per grapheme cluster, and the greedy word wrapping of it
/// into lines that fit a width (measured with ``DisplayWidth``).
struct StyledText {
    /// One grapheme cluster and its style.
    struct Cell {
        var character: Character
        var style: TerminalStyle
        var width: Int
    }

    /// A line: cells to print.
    typealias Line = [Cell]

    /// The text: cells, with hard line breaks as `\n` cells.
    private(set) var cells: [Cell] = []

    /// Appends text in a style; control characters are made visible as
    /// U+FFFD so input cannot inject escape sequences, tabs become spaces.
    mutating func append(_ text: String, style: TerminalStyle) {
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                cells.append(Cell(character: " ", style: style, width: 1))
                continue
            }
            let sanitized = StyledText.sanitized(character)
            if sanitized == "\t" {
                cells.append(Cell(character: " ", style: style, width: 1))
                continue
            }
            cells.append(Cell(character: sanitized, style: style, width: DisplayWidth.of(sanitized)))
        }
    }

    /// Appends a hard line break.
    mutating func appendLineBreak() {
        cells.append(Cell(character: "\n", style: .plain, width: 0))
    }

    /// The display width of the whole text on one line.
    var width: Int { cells.reduce(0) { $0 + $1.width } }

    /// Whether a line must not start with the character: CJK closing
    /// punctuation, which stays with the character before it.
    static func closesWord(_ character: Character) -> Bool {
        "、。，．：；！？）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ・".contains(character)
            || "!),.:;?]}".contains(character)
    }

    /// Replaces control characters (C0 except tab, DEL, C1) with U+FFFD.
    static func sanitized(_ character: Character) -> Character {
        for scalar in character.unicodeScalars {
            let v = scalar.value
            if v == 0x09 { continue }
            if v < 0x20 || (v >= 0x7F && v < 0xA0) { return "\u{FFFD}" }
        }
        return character
    }

    /// Wraps the text into lines of at most `width` columns, breaking at
    /// spaces and between wide (CJK) characters; a word longer than the width
    /// is broken between grapheme clusters.
    ///
    /// - Complexity: O(n) in the number of cells.
    func wrapped(width: Int) -> [Line] {
        let width = max(1, width)
        var lines: [Line] = []
        var line: Line = []
        var lineWidth = 0
        var pendingSpace: Cell?
        var index = 0
        func endLine() {
            lines.append(line)
            line = []
            lineWidth = 0
            pendingSpace = nil
        }
        while index < cells.count {
            let cell = cells[index]
            if cell.character == "\n" {
                endLine()
                index += 1
                continue
            }
            if cell.character == " " {
                if lineWidth > 0 && pendingSpace == nil { pendingSpace = cell }
                index += 1
                continue
            }
            // A word: up to the next space or break; a wide character is a
            // word of its own (text may break on either side of it).
            // Closing punctuation (、。）」 …) stays with the word before it.
            var end = index + 1
            if cell.width < 2 {
                while end < cells.count {
                    let c = cells[end]
                    if c.character == " " || c.character == "\n" { break }
                    if c.width >= 2 && !StyledText.closesWord(c.character) { break }
                    end += 1
                }
            } else {
                while end < cells.count && StyledText.closesWord(cells[end].character) { end += 1 }
            }
            var wordWidth = 0
            for i in index..<end { wordWidth += cells[i].width }
            let spaceWidth = pendingSpace == nil ? 0 : 1
            if lineWidth + spaceWidth + wordWidth <= width {
                if let space = pendingSpace { line.append(space) }
                line.append(contentsOf: cells[index..<end])
                lineWidth += spaceWidth + wordWidth
                pendingSpace = nil
            } else if wordWidth <= width {
                if lineWidth > 0 { endLine() }
                line.append(contentsOf: cells[index..<end])
                lineWidth = wordWidth
            } else {
                // Longer than a line: break it between clusters.
                if lineWidth > 0 { endLine() }
                for i in index..<end {
                    let c = cells[i]
                    if lineWidth + c.width > width && lineWidth > 0 { endLine() }
                    line.append(c)
                    lineWidth += c.width
                }
            }
            pendingSpace = nil
            index = end
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The display width of a line.
    static func width(of line: Line) -> Int { line.reduce(0) { $0 + $1.width } }

    /// Encodes a line as a string, with SGR and OSC 8 sequences when enabled;
    /// every line ends with its styles and hyperlink closed.
    static func encode(_ line: Line, options: TerminalOptions) -> String {
        var out = ""
        var current = TerminalStyle.plain
        var link: String?
        for cell in line {
            if options.hyperlinks && cell.style.link != link {
                if link != nil { out += "\u{1B}]8;;\u{1B}\\" }
                link = cell.style.link
                if let link { out += "\u{1B}]8;;\(link)\u{1B}\\" }
            }
            if options.color {
                var style = cell.style
                style.link = nil
                if style != current {
                    if current.hasAttributes { out += "\u{1B}[0m" }
                    out += style.sgr
                    current = style
                }
            }
            out.append(cell.character)
        }
        if link != nil { out += "\u{1B}]8;;\u{1B}\\" }
        if current.hasAttributes { out += "\u{1B}[0m" }
        return out
    }

    /// Encodes a plain string in one style.
    static func encode(_ text: String, style: TerminalStyle, options: TerminalOptions) -> String {
        var styled = StyledText()
        styled.append(text, style: style)
        return encode(styled.cells, options: options)
    }
}
