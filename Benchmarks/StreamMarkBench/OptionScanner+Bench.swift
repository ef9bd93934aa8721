import StreamMarkOptions

/// The values of the options several `streammark-bench` commands share.
extension OptionScanner {
    /// `--chunk N|line`: N bytes (1 to 2^30) or one line per chunk.
    mutating func chunking() throws(OptionError) -> Chunking {
        try value(expected: "a byte count from 1 to \(Self.byteCountRange.upperBound) or line") { text in
            switch Chunking(argument: text) {
            case .bytes(let size) where !Self.byteCountRange.contains(size): nil
            case let chunking: chunking
            }
        }
    }

    /// `--cap SECONDS`: a positive number of seconds.
    mutating func seconds() throws(OptionError) -> Double {
        try value(expected: "a positive number of seconds") { text in
            Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
    }
}
