@testable import StreamMarkTerminal

/// A minimal terminal emulator for the sequences the live writer emits:
/// printable text with auto-wrap (pending-wrap at the last column), `\r`,
/// `\n` (as CR LF, like a tty with ONLCR), CSI `A` `B` `K` `J` and SGR
/// (ignored), DEC private modes (ignored) and OSC (ignored). Lines scrolled
/// off the top go to the scrollback. Wide characters take two cells.
struct VirtualTerminal {
    let columns: Int
    let rows: Int
    private(set) var scrollback: [[Character]] = []
    private(set) var screen: [[Character]]
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
                }
            case "\r":
                column = 0
                pendingWrap = false
            case "\n", "\r\n":
                column = 0
                pendingWrap = false
                lineFeed()
            default:
                put(character)
            }
        }
    }

    private mutating func lineFeed(wrapping: Bool = false) {
        if row == rows - 1 {
            scrollback.append(screen.removeFirst())
            scrollbackContinued.append(continued.removeFirst())
            screen.append([])
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
        while screen[row].count < column + width { screen[row].append(" ") }
        screen[row][column] = character
        if width == 2 { screen[row][column + 1] = "\u{0}" }
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
                continued[row] = false
            } else if column < screen[row].count {
                screen[row].removeSubrange(column...)
            }
        case "J":
            if row == 0 && column == 0 { fullClears += 1 }
            if column < screen[row].count { screen[row].removeSubrange(column...) }
            for r in (row + 1)..<rows {
                screen[r] = []
                continued[r] = false
            }
        default:
            break
        }
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
