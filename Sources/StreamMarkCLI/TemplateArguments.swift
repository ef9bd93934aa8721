import StreamMarkOptions
import StreamMarkTemplates

/// The options of `streammark template` and `streammark verify --template`,
/// read with the shared ``OptionScanner``.
struct TemplateArguments {
    /// What `template` writes.
    enum Format: String, CaseIterable {
        case patches, html, tree, markdown, terminal
    }

    var templatePath: String?
    var dataPath: String?
    var sequencePath: String?
    var format: Format?
    /// `--protocol 1|2` of `--format patches`; `nil` when not given (2).
    var protocolVersion: Int?
    var options = TemplateOptions()
    var unsafe = false
    var width: Int?
    var color = ColorMode.auto

    /// Parses the arguments after `template` (or `verify`): the template is
    /// `--template T` or the first operand.
    init(_ arguments: [String]) throws(OptionError) {
        var scanner = OptionScanner(arguments)
        while let argument = try scanner.next() {
            switch argument {
            case .option("--template"): templatePath = try scanner.value()
            case .option("--data"): dataPath = try scanner.value()
            case .option("--data-sequence"): sequencePath = try scanner.value()
            case .option("--format"): format = try scanner.choice()
            case .option("--protocol"): protocolVersion = try scanner.protocolVersion()
            case .option("--unique-keys"): options.uniqueKeys = true
            case .option("--no-gfm"): options.parseOptions.extensions = .none
            case .option("--smart"): options.parseOptions.smartPunctuation = true
            case .option("--unsafe"): unsafe = true
            case .option("--color"), .option("--colour"): color = try scanner.colorMode()
            case .option("--width"): width = try scanner.width()
            case .option("--help"), .option("-h"): throw .help
            case .operand(let path):
                guard templatePath == nil else {
                    throw OptionError("unexpected argument \(OptionError.quoted(path))")
                }
                templatePath = path
            case .option: throw scanner.unknownOption()
            }
        }
    }
}
