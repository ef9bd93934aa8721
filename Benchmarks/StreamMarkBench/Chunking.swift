/// How a document is cut into appends.
enum Chunking: Hashable, CustomStringConvertible {
    /// Fixed-size chunks of this many bytes (they may split a UTF-8 character).
    case bytes(Int)
    /// One chunk per line, each ending after its `\n`.
    case lines

    /// `4`, `64` or `line`.
    var description: String {
        switch self {
        case .bytes(let size): return String(size)
        case .lines: return "line"
        }
    }

    /// Parses `line` or a positive byte count.
    init?(argument: String) {
        if argument == "line" || argument == "lines" {
            self = .lines
        } else if let size = Int(argument), size > 0 {
            self = .bytes(size)
        } else {
            return nil
        }
    }

    /// The end offset of each chunk of `bytes`, in order; the last is
    /// `bytes.count`.
    ///
    /// - Complexity: O(n).
    func ends(of bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        switch self {
        case .bytes(let size):
            ends.reserveCapacity(bytes.count / size + 1)
            var end = 0
            while end < bytes.count {
                end = min(end + size, bytes.count)
                ends.append(end)
            }
        case .lines:
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { ends.append(index + 1) }
            if ends.last != bytes.count && !bytes.isEmpty { ends.append(bytes.count) }
        }
        return ends
    }
}
