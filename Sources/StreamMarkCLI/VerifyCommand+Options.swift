import StreamMark
import StreamMarkOptions

extension VerifyCommand {
    /// The options of `verify` (without `--template`), read with the shared
    /// ``OptionScanner``.
    struct Options {
        var chunking = PrefixHarness.Chunking.everyByte
        /// `--full-checks N`: whole-tree checks while streaming (nil: at every boundary).
        var fullCheckLimit: Int?
        var smart = false
        var extensions = ParseOptions.Extensions.standard
        var files: [String] = []

        /// The parse options the flags select.
        var parseOptions: ParseOptions { ParseOptions(smartPunctuation: smart, extensions: extensions) }

        /// Parses the arguments after `verify`.
        init(_ arguments: [String]) throws(OptionError) {
            var scanner = OptionScanner(arguments)
            var extensionsGiven = false
            var noGFM = false
            while let argument = try scanner.next() {
                switch argument {
                case .option("--chunking"):
                    chunking = try scanner.value(expected: "every-byte, lines, random:SEED, mixed:SEED or N") {
                        PrefixHarness.Chunking(argument: $0)
                    }
                case .option("--full-checks"): fullCheckLimit = try scanner.integer(in: 0...Int(Int32.max))
                case .option("--smart"): smart = true
                case .option("--no-gfm"): noGFM = true
                case .option("--extensions"):
                    extensions = try scanner.value(expected: CommandLineOptions.extensionList) {
                        ParseOptions.Extensions(names: $0)
                    }
                    extensionsGiven = true
                case .option("--help"), .option("-h"): throw .help
                case .operand(let path): files.append(path)
                case .option: throw scanner.unknownOption()
                }
            }
            if noGFM && !extensionsGiven { extensions = .none }
            if files.isEmpty { throw OptionError("no files to verify") }
        }
    }
}
