/// A usage error of a command: a bad option, a missing or bad value, a
/// missing operand. The command writes ``line(program:usage:)`` (one line)
/// on standard error and exits with ``ExitStatus/usage`` (64).
///
/// ``help`` is not an error: a subcommand's parser throws it for `--help`
/// (or `-h`), and the command prints its usage on standard output and
/// exits with status 0.
package struct OptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, without the program name: `bad --width value '0' (expected …)`.
    package var message: String
    /// Whether this is ``help``.
    package private(set) var isHelp = false

    /// An error with this message.
    package init(_ message: String) {
        self.message = message
    }

    /// `--help` was given: print the usage and stop (status 0).
    package static let help: OptionError = {
        var help = OptionError("help asked for")
        help.isHelp = true
        return help
    }()

    /// The message.
    package var description: String { message }

    /// `PROGRAM: MESSAGE — USAGE` and a newline: the line written on
    /// standard error.
    package func line(program: String, usage: String) -> String {
        "\(program): \(message) — \(usage)\n"
    }

    /// An option the command does not have.
    package static func unknownOption(_ option: String) -> OptionError {
        OptionError("unknown option \(quoted(option))")
    }

    /// An option without its value.
    package static func missingValue(_ option: String) -> OptionError {
        OptionError("\(option) needs a value")
    }

    /// An option whose value is not one it takes.
    package static func badValue(_ option: String, _ value: String, expected: String) -> OptionError {
        OptionError("bad \(option) value \(quoted(value)) (expected \(expected))")
    }

    /// A flag given a value (`--smart=yes`).
    package static func takesNoValue(_ option: String) -> OptionError {
        OptionError("\(option) takes no value")
    }

    /// `'text'`, with control characters escaped (`\n`, `\u{1B}`) so the
    /// message stays on one line, and cut after 200 characters.
    package static func quoted(_ text: String, quotes: Bool = true) -> String {
        var out = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 200 {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                    || scalar == "\u{2029}"
                {
                    out += scalar.escaped(asASCII: true)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return quotes ? "'\(out)'" : out
    }

    /// `a, b or c`.
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }
}
