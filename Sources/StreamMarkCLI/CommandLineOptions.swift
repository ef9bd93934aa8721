import StreamMark
import StreamMarkOptions
import StreamMarkTerminal
import StreamMarkWire

/// The options of the main `streammark` command, read with the shared
/// ``OptionScanner`` (no argument-parsing package).
struct CommandLineOptions {
    /// The output formats.
    enum Format: String, CaseIterable {
        case terminal, patches, html, tree
    }

    /// `--theme`: the background the terminal colors are for.
    enum Theme: String, CaseIterable {
        case dark, light
        /// `COLORFGBG`'s background color when it is set and says one,
        /// else dark.
        case auto

        /// The theme, `auto` resolved from the value of `COLORFGBG`.
        func resolved(colorFGBG: String?) -> TerminalTheme {
            switch self {
            case .dark: .dark
            case .light: .light
            case .auto: colorFGBG.flatMap(TerminalTheme.init(colorFGBG:)) ?? .dark
            }
        }
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
    /// `--theme dark|light|auto` (terminal colors).
    var theme = Theme.dark
    var hyperlinks = true
    var unsafe = false
    var smart = false
    var extensions = ParseOptions.Extensions.standard
    var file: String?
    var statistics = false
    /// The patch protocol version of `--format patches` (1 is deprecated).
    var protocolVersion = 2
    /// `--highlight`: code blocks' syntax highlighting in HTML and patches
    /// (the terminal highlights whenever it shows color).
    var highlight = false
    var showHelp = false
    var showVersion = false

    /// The parse options the flags select.
    var parseOptions: ParseOptions { ParseOptions(smartPunctuation: smart, extensions: extensions) }

    /// The one-line usage summary.
    static let usage =
        "usage: streammark [--input text|openai|anthropic|ollama] [--format terminal|patches|html|tree] [--fragments] [--partial] [--display] [--replay BYTES[:MS]] "
        + "[--width N] [--color never|always|auto] [--theme dark|light|auto] [--no-hyperlinks] [--unsafe] [--smart] [--no-gfm] "
        + "[--extensions LIST] [--stats] [--protocol 1|2] [--highlight] [FILE] | streammark verify … | streammark apply … | streammark template … (--help for more)"

    /// Parses the arguments (without the program name).
    ///
    /// Accepts `--flag value` and `--flag=value`; `-` or no file means stdin.
    init(arguments: [String]) throws(OptionError) {
        var scanner = OptionScanner(arguments)
        var extensionsGiven = false
        var noGFM = false
        while let argument = try scanner.next() {
            switch argument {
            case .option("--format"): format = try scanner.choice()
            case .option("--input"): input = try scanner.choice()
            case .option("--fragments"): fragments = true
            case .option("--partial"): partial = true
            case .option("--display"): display = true
            case .option("--replay"):
                let replay = try scanner.value(expected: "BYTES[:MS]", Self.replay)
                (replayChunk, replayDelayMilliseconds) = (replay.bytes, replay.milliseconds)
            case .option("--width"): width = try scanner.width()
            case .option("--color"), .option("--colour"): color = try scanner.colorMode()
            case .option("--theme"): theme = try scanner.choice()
            case .option("--no-hyperlinks"): hyperlinks = false
            case .option("--unsafe"): unsafe = true
            case .option("--smart"): smart = true
            case .option("--no-gfm"): noGFM = true
            case .option("--extensions"):
                extensions = try scanner.value(expected: Self.extensionList) { ParseOptions.Extensions(names: $0) }
                extensionsGiven = true
            case .option("--stats"): statistics = true
            case .option("--protocol"): protocolVersion = try scanner.protocolVersion()
            case .option("--highlight"): highlight = true
            case .option("--help"), .option("-h"): showHelp = true
            case .option("--version"): showVersion = true
            case .operand(let path):
                guard file == nil else { throw OptionError("more than one input file") }
                file = path
            case .option: throw scanner.unknownOption()
            }
        }
        if noGFM && !extensionsGiven { extensions = .none }
        if fragments && format != .html { throw OptionError("--fragments needs --format html") }
        try validateDisplayOptions()
    }

    /// What `--extensions` takes.
    static let extensionList =
        "a comma-separated list of table, tasklist, strikethrough, autolink, alerts, math, footnotes"

    /// `--replay BYTES[:MS]`: BYTES a byte count, MS at most a minute.
    static func replay(_ text: String) -> (bytes: Int, milliseconds: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let bytes = Int(parts[0]), OptionScanner.byteCountRange.contains(bytes) else {
            return nil
        }
        guard parts.count == 2 else { return (bytes, 0) }
        guard let delay = Int(parts[1]), (0...60_000).contains(delay) else { return nil }
        return (bytes, delay)
    }
}
