/// A word of at most 32 bytes packed into four integers: a dictionary key
/// that needs no allocation to build from a line's bytes.
struct WordKey: Hashable, Sendable {
    /// The longest word a key holds.
    static let capacity = 32

    private var a: UInt64 = 0
    private var b: UInt64 = 0
    private var c: UInt64 = 0
    private var d: UInt64 = 0
    private var count: UInt8 = 0

    /// The key of `bytes[range]`, ASCII letters lower-cased if `folding`;
    /// nil when longer than ``capacity``.
    ///
    /// - Complexity: O(range.count).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, folding: Bool) {
        guard range.count <= Self.capacity else { return nil }
        for (offset, index) in range.enumerated() {
            var byte = bytes[index]
            if folding, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            let value = UInt64(byte) << UInt64((offset & 7) * 8)
            switch offset >> 3 {
            case 0: a |= value
            case 1: b |= value
            case 2: c |= value
            default: d |= value
            }
        }
        count = UInt8(range.count)
    }

    /// A cheap hash for ``WordTable``.
    @inline(__always)
    var slot: Int {
        let mixed =
            (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9)
            ^ (d &* 0x27D4_EB2F_1656_67C5) ^ UInt64(count)
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9 >> 32)
    }

    /// The key of an ASCII word.
    init?(_ word: String, folding: Bool) {
        let bytes = Array(word.utf8)
        guard
            let key = bytes.withUnsafeBufferPointer({ WordKey($0, 0..<bytes.count, folding: folding) })
        else { return nil }
        self = key
    }
}
