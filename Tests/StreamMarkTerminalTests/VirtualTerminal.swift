import StreamMarkTestSupport

@testable import StreamMarkTerminal

/// A minimal terminal emulator for the sequences the live writer emits:
/// printable text with auto-wrap (pending-wrap at the last column), `\r`,
/// `\n` (as CR LF, like a tty with ONLCR), CSI `A` `B` `K` `J` and SGR
/// (kept per cell: bold, dim, italic, underline, strikethrough, 256-color
/// foreground and background), DEC private modes (ignored) and OSC
/// (ignored). Lines scrolled off the top go to the scrollback. Wide
/// characters take two cells.
struct VirtualTerminal {
    /// The SGR attributes of a cell.
    typealias CellStyle = SGRStyle

    let columns: Int
    let rows: Int
    private(set) var scrollback: [[Character]] = []
    private(set) var screen: [[Character]]
    /// The style of every cell of ``scrollback`` and ``screen``.
    private var scrollbackStyles: [[CellStyle]] = []
    private var screenStyles: [[CellStyle]]
    /// The SGR attributes text is written with now.
    private var style = CellStyle()
    /// Control characters that reached the terminal outside the sequences
    /// it interprets (anything but CR and LF), in hex.
    private(set) var strayControls: [String] = []
    /// Whether each screen row continues the row above (auto-wrapped).
    private var continued: [Bool]
    private var scrollbackContinued: [Bool] = []
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    /// How often the cursor was asked to move above the top row (a bug in
    /// the writer: it would redraw over lines it cannot reach).
    private(set) var cursorClamps = 0
    /// How often the whole screen was cleared from the top-left corner.
    private(set) var fullClears = 0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        screen = Array(repeating: [], count: rows)
        screenStyles = Array(repeating: [], count: rows)
        continued = Array(repeating: false, count: rows)
    }

    /// Feeds output to the terminal.
    mutating func feed(_ text: String) {
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\u{1B}":
                guard let kind = iterator.next() else { return }
                if kind == "[" {
                    var parameters = ""
                    while let c = iterator.next() {
                        if let ascii = c.asciiValue, (0x40...0x7E).contains(ascii) {
                            control(parameters, final: c)
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
                } else {
                    strayControls.append("1b")
                }
            case "\r":
                column = 0
                pendingWrap = false
            case "\n", "\r\n":
                column = 0
                pendingWrap = false
                lineFeed()
            default:
                if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
                    strayControls.append(contentsOf: character.unicodeScalars.map { String($0.value, radix: 16) })
                }
                put(character)
            }
        }
    }

    private mutating func lineFeed(wrapping: Bool = false) {
        if row == rows - 1 {
            scrollback.append(screen.removeFirst())
            scrollbackStyles.append(screenStyles.removeFirst())
            scrollbackContinued.append(continued.removeFirst())
            screen.append([])
            screenStyles.append([])
            continued.append(false)
        } else {
            row += 1
        }
        continued[row] = wrapping
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        if width == 0 { return }
        if pendingWrap || column + width > columns {
            column = 0
            pendingWrap = false
            lineFeed(wrapping: true)
        }
        while screen[row].count < column + width {
            screen[row].append(" ")
            screenStyles[row].append(CellStyle())
        }
        screen[row][column] = character
        screenStyles[row][column] = style
        if width == 2 {
            screen[row][column + 1] = "\u{0}"
            screenStyles[row][column + 1] = style
        }
        column += width
        if column >= columns {
            column = columns - 1
            pendingWrap = true
        }
    }

    private mutating func control(_ parameters: String, final: Character) {
        if parameters.hasPrefix("?") { return }
        let count = Int(parameters) ?? 1
        switch final {
        case "m":
            style.apply(parameters)
        case "A":
            if row - count < 0 { cursorClamps += 1 }
            row = max(0, row - count)
            pendingWrap = false
        case "B":
            row = min(rows - 1, row + count)
            pendingWrap = false
        case "K":
            if parameters == "2" {
                screen[row] = []
                screenStyles[row] = []
                continued[row] = false
            } else if column < screen[row].count {
                screen[row].removeSubrange(column...)
                screenStyles[row].removeSubrange(column...)
            }
        case "J":
            if row == 0 && column == 0 { fullClears += 1 }
            if column < screen[row].count {
                screen[row].removeSubrange(column...)
                screenStyles[row].removeSubrange(column...)
            }
            for r in (row + 1)..<rows {
                screen[r] = []
                screenStyles[r] = []
                continued[r] = false
            }
        default:
            break
        }
    }

    /// Scrollback and screen as lines of styled cells (auto-wrapped rows
    /// joined), trailing plain spaces and trailing empty lines removed.
    var cellLines: [[(character: Character, style: CellStyle)]] {
        var result: [[(character: Character, style: CellStyle)]] = []
        let all = zip(zip(scrollback + screen, scrollbackStyles + screenStyles), scrollbackContinued + continued)
        for ((line, styles), isContinued) in all {
            let cells = zip(line, styles).filter { $0.0 != "\u{0}" }.map { (character: $0.0, style: $0.1) }
            if isContinued, !result.isEmpty {
                result[result.count - 1] += cells
            } else {
                result.append(cells)
            }
        }
        for index in result.indices {
            while let last = result[index].last, last.character == " ", last.style == CellStyle() {
                result[index].removeLast()
            }
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// ``cellLines`` as text with one canonical SGR sequence before each run
    /// of a style and a reset after it: two terminals whose cells look the
    /// same have equal styled lines, whatever sequences drew them.
    var styledLines: [String] { cellLines.map(Self.styled) }

    /// The cursor's row, counted from the first row of the scrollback.
    var absoluteCursorRow: Int { scrollback.count + row }

    /// The row `index` (counted from the first row of the scrollback) as
    /// styled text (as ``styledLines``, trailing plain spaces removed), and
    /// whether it continues the row above.
    func styledRow(_ index: Int) -> (text: String, continued: Bool) {
        let inScrollback = index < scrollback.count
        let line = inScrollback ? scrollback[index] : screen[index - scrollback.count]
        let styles = inScrollback ? scrollbackStyles[index] : screenStyles[index - scrollback.count]
        var cells = zip(line, styles).filter { $0.0 != "\u{0}" }.map { (character: $0.0, style: $0.1) }
        while let last = cells.last, last.character == " ", last.style == CellStyle() { cells.removeLast() }
        let continued = inScrollback ? scrollbackContinued[index] : self.continued[index - scrollback.count]
        return (Self.styled(cells), continued)
    }

    /// Cells as text with a canonical SGR sequence before each styled run.
    static func styled(_ cells: [(character: Character, style: CellStyle)]) -> String {
        var out = ""
        var current = CellStyle()
        for cell in cells {
            if cell.style != current {
                if current != CellStyle() { out += "\u{1B}[0m" }
                out += cell.style.description
                current = cell.style
            }
            out.append(cell.character)
        }
        if current != CellStyle() { out += "\u{1B}[0m" }
        return out
    }

    /// Scrollback and screen as text lines (auto-wrapped rows joined),
    /// trailing spaces and trailing empty lines removed.
    var lines: [String] {
        var result: [String] = []
        for (line, isContinued) in zip(scrollback + screen, scrollbackContinued + continued) {
            let text = String(line.filter { $0 != "\u{0}" })
            if isContinued, !result.isEmpty {
                result[result.count - 1] += text
            } else {
                result.append(text)
            }
        }
        result = result.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while result.last == "" { result.removeLast() }
        return result
    }
}
