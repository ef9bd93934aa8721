import StreamMark
import StreamMarkWire

/// The options of the main `streammark` command, parsed from the arguments
/// by hand (no argument-parsing package).
struct CommandLineOptions {
    /// The output formats.
    enum Format: String {
        case terminal, patches, html, tree
    }

    /// When to use color.
    enum ColorMode: String {
        case never, always, auto
    }

    /// An argument error: the message is printed with the usage line, exit 64.
    struct UsageError: Error {
        var message: String
    }

    var format: Format?
    var input = WireFormat.text
    var fragments = false
    /// `--partial`: render the input as a stream that has not finished.
    var partial = false
    /// `--display`: patches also carry the open block's provisional display.
    var display = false
    var replayChunk: Int?
    var replayDelayMilliseconds = 0
    var width: Int?
    var color = ColorMode.auto
    var hyperlinks = true
    var unsafe = false
    var smart = false
    var extensions = ParseOptions.Extensions.gfm
    var file: String?
    var statistics = false
    /// The patch protocol version of `--format patches` (1 is deprecated).
    var protocolVersion = 2
    var showHelp = false
    var showVersion = false

    /// The parse options the flags select.
    var parseOptions: ParseOptions { ParseOptions(smartPunctuation: smart, extensions: extensions) }

    /// The one-line usage summary.
    static let usage =
        "usage: streammark [--input text|openai|anthropic|ollama] [--format terminal|patches|html|tree] [--fragments] [--partial] [--display] [--replay BYTES[:MS]] "
        + "[--width N] [--color never|always|auto] [--no-hyperlinks] [--unsafe] [--smart] [--no-gfm] "
        + "[--extensions LIST] [--stats] [--protocol 1|2] [FILE] | streammark verify … | streammark apply … | streammark template … (--help for more)"

    /// Parses the arguments (without the program name).
    ///
    /// Accepts `--flag value` and `--flag=value`; `-` or no file means stdin.
    init(arguments: [String]) throws(UsageError) {
        var index = 0
        var extensionsGiven = false
        var noGFM = false
        func value(_ flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--format":
                let text = try value(flag, inline: inline)
                guard let format = Format(rawValue: text) else {
                    throw UsageError(message: "unknown format '\(text)'")
                }
                self.format = format
            case "--input":
                let text = try value(flag, inline: inline)
                guard let format = WireFormat(rawValue: text) else {
                    throw UsageError(message: "unknown input format '\(text)'")
                }
                input = format
            case "--fragments": fragments = true
            case "--partial": partial = true
            case "--display": display = true
            case "--replay":
                let text = try value(flag, inline: inline)
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count <= 2, let bytes = Int(parts[0]), bytes > 0, bytes <= 1 << 30 else {
                    throw UsageError(message: "bad --replay value '\(text)' (expected BYTES[:MS])")
                }
                replayChunk = bytes
                if parts.count == 2 {
                    guard let delay = Int(parts[1]), delay >= 0, delay <= 60_000 else {
                        throw UsageError(message: "bad --replay delay '\(parts[1])'")
                    }
                    replayDelayMilliseconds = delay
                }
            case "--width":
                let text = try value(flag, inline: inline)
                guard let width = Int(text), width > 0, width <= 10_000 else {
                    throw UsageError(message: "bad --width value '\(text)'")
                }
                self.width = width
            case "--color", "--colour":
                let text = try value(flag, inline: inline)
                guard let mode = ColorMode(rawValue: text) else {
                    throw UsageError(message: "bad --color value '\(text)'")
                }
                color = mode
            case "--no-hyperlinks": hyperlinks = false
            case "--unsafe": unsafe = true
            case "--smart": smart = true
            case "--no-gfm": noGFM = true
            case "--extensions":
                let text = try value(flag, inline: inline)
                guard let parsed = ParseOptions.Extensions(names: text) else {
                    throw UsageError(message: "unknown extension in '\(text)'")
                }
                extensions = parsed
                extensionsGiven = true
            case "--stats": statistics = true
            case "--protocol":
                let text = try value(flag, inline: inline)
                guard text == "1" || text == "2" else {
                    throw UsageError(message: "bad --protocol value '\(text)' (expected 1 or 2)")
                }
                protocolVersion = Int(text)!
            case "--help", "-h": showHelp = true
            case "--version": showVersion = true
            default:
                if argument == "-" || !argument.hasPrefix("-") {
                    guard file == nil else { throw UsageError(message: "more than one input file") }
                    file = argument
                } else {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
            }
            if inline != nil
                && [
                    "--fragments", "--partial", "--display", "--no-hyperlinks", "--unsafe", "--smart", "--no-gfm",
                    "--stats",
                ].contains(flag)
            {
                throw UsageError(message: "\(flag) takes no value")
            }
            index += 1
        }
        if noGFM && !extensionsGiven { extensions = .none }
        if fragments && format != .html { throw UsageError(message: "--fragments needs --format html") }
        try validateDisplayOptions()
    }
}
