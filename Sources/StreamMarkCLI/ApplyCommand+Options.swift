import StreamMarkOptions

extension ApplyCommand {
    /// The options of `apply`, read with the shared ``OptionScanner``.
    struct Options {
        var format = Format.html
        var version = 2
        var unsafe = false
        var file: String?

        /// Parses the arguments after `apply`.
        init(_ arguments: [String]) throws(OptionError) {
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--format"): format = try scanner.choice()
                case .option("--protocol"): version = try scanner.protocolVersion()
                case .option("--unsafe"): unsafe = true
                case .option("--help"), .option("-h"): throw .help
                case .operand(let path):
                    guard file == nil else { throw OptionError("more than one input file") }
                    file = path
                case .option: throw scanner.unknownOption()
                }
            }
        }
    }
}
