/// Where the TeX of dollar math ends, for every place it can start, found
/// in one pass so that a run of openers without closers (`${${${…`) costs
/// O(n) instead of O(n²).
///
/// From its start, dollar math reads the bytes with a backslash taking the
/// byte after it and `{…}` nesting; it ends at the first `$` outside
/// braces and fails at the first `}` that closes nothing. Both are the
/// first `$` or `}` at the start's own brace depth (a deeper one is inside
/// a group; reaching a shallower one needs a `}` at that depth first). A
/// backslash pairs with the byte after it the same way from every start
/// (a start follows a `$`, never the middle of a backslash run), so one
/// depth count over the whole buffer serves every start.
struct DollarCloser {
    /// For each offset: the first `$` or `}` at or after it at its depth
    /// (-1: none).
    private var next: [Int32]

    /// Builds the table for `bytes`.
    ///
    /// - Complexity: O(n) time and memory.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var depth = [Int32](repeating: 0, count: n + 1)
        var isEvent = [Bool](repeating: false, count: n + 1)
        var current: Int32 = 0
        var i = 0
        while i < n {
            depth[i] = current
            switch bytes[i] {
            case UInt8(ascii: "\\"):
                if i + 1 < n { depth[i + 1] = current }
                i += 2
                continue
            case UInt8(ascii: "{"): current += 1
            case UInt8(ascii: "}"):
                isEvent[i] = true
                current -= 1
            case UInt8(ascii: "$"): isEvent[i] = true
            default: break
            }
            i += 1
        }
        depth[n] = current
        // Depths lie in -n…n; nearest[d + n] is the nearest event at depth d.
        var nearest = [Int32](repeating: -1, count: 2 * n + 1)
        next = [Int32](repeating: -1, count: n + 1)
        for j in stride(from: n - 1, through: 0, by: -1) {
            let level = Int(depth[j]) + n
            if isEvent[j] { nearest[level] = Int32(j) }
            next[j] = nearest[level]
        }
    }

    /// The `$` that ends dollar math whose TeX starts at `start`, or `nil`
    /// when a `}` closes nothing first or no `$` follows.
    ///
    /// - Complexity: O(1).
    func closer(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard start < next.count, next[start] >= 0 else { return nil }
        let q = Int(next[start])
        return bytes[q] == UInt8(ascii: "$") ? q : nil
    }
}
