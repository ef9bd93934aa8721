/// Line geometry as cmark sees it: a line ends at `\n`, at `\r\n`, or at a
/// `\r` not followed by `\n`.
enum LineTable {
    /// Offsets at which each line starts (the first is always 0).
    ///
    /// - Complexity: O(n).
    static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            if byte == 0x0A {
                starts.append(i + 1)
            } else if byte == 0x0D {
                if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    /// Whether the buffer begins with the UTF-8 byte order mark (EF BB BF).
    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }
}
