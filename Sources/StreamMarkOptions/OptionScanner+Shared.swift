/// The values of the options that several commands share: one parser each,
/// so a limit means the same everywhere.
extension OptionScanner {
    /// `--width N`: the columns of terminal output.
    package static let widthRange = 1...10_000
    /// A byte count: `--replay BYTES`, the bench's `--chunk N`.
    package static let byteCountRange = 1...(1 << 30)

    /// `--width N`, N in ``widthRange``.
    package mutating func width() throws(OptionError) -> Int {
        try integer(in: Self.widthRange)
    }

    /// `--color never|always|auto`.
    package mutating func colorMode() throws(OptionError) -> ColorMode {
        try choice()
    }

    /// `--protocol 1|2`: the patch protocol version.
    package mutating func protocolVersion() throws(OptionError) -> Int {
        try value(expected: "1 or 2") { $0 == "1" ? 1 : $0 == "2" ? 2 : nil }
    }

    /// A count of bytes in ``byteCountRange``.
    package mutating func byteCount() throws(OptionError) -> Int {
        try value(expected: "a byte count from 1 to \(Self.byteCountRange.upperBound)") {
            Int($0).flatMap { Self.byteCountRange.contains($0) ? $0 : nil }
        }
    }
}
