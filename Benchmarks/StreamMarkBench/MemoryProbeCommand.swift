import StreamMarkOptions

/// `streammark-bench memory-probe [--kilobytes N] [--chunk N|line] [--cap
/// SECONDS]`: internal, the child process of the memory scenario
/// (``MemoryProbe``).
enum MemoryProbeCommand {
    /// The one-line usage.
    static let usage = "usage: streammark-bench memory-probe [--kilobytes N] [--chunk N|line] [--cap SECONDS]"

    /// Parses the arguments and runs the child; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        UsageError.run(usage: usage) { () throws(OptionError) -> Int32 in
            var kilobytes = 10_240
            var chunking = Chunking.bytes(64)
            var cap = 30.0
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--kilobytes"): kilobytes = try scanner.integer(in: 1...(1 << 24))
                case .option("--chunk"): chunking = try scanner.chunking()
                case .option("--cap"): cap = try scanner.seconds()
                case .option("--help"), .option("-h"): throw .help
                case .operand(let operand): throw OptionError("unexpected argument \(OptionError.quoted(operand))")
                case .option: throw scanner.unknownOption()
                }
            }
            return MemoryProbe.runChild(kilobytes: kilobytes, chunking: chunking, cap: cap)
        }
    }
}
