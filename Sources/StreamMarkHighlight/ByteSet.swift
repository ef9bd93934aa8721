/// A set of byte values, 256 bits.
struct ByteSet: Sendable, Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    init() {}

    /// The set with these 4 × 64 bits (a constant, no lazy initialisation).
    @inline(__always)
    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// The bytes of an ASCII string.
    init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    /// Whether `byte` is in the set.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether any byte of `bytes` is in the set.
    ///
    /// - Complexity: O(bytes).
    @inline(__always)
    func containsAny(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where contains(byte) { return true }
        return false
    }

    /// The bytes not in the set.
    func inverted() -> ByteSet {
        ByteSet(words: (~words.0, ~words.1, ~words.2, ~words.3))
    }

    /// Adds every byte of `other`.
    mutating func formUnion(_ other: ByteSet) {
        words = (
            words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3
        )
    }

    /// Adds the bytes `range`.
    mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
        lhs.words == rhs.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

extension ByteSet {
    /// Space and tab.
    static var blank: ByteSet {
        ByteSet(words: (0x0000_0001_0000_0200, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
    /// `0-9`.
    static var digits: ByteSet {
        ByteSet(words: (0x03FF_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
    /// `A-Z a-z _` and every non-ASCII byte.
    static var wordStart: ByteSet {
        ByteSet(words: (0x0000_0000_0000_0000, 0x07FF_FFFE_87FF_FFFE, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF))
    }
    /// ``wordStart`` and digits.
    static var word: ByteSet {
        ByteSet(words: (0x03FF_0000_0000_0000, 0x07FF_FFFE_87FF_FFFE, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF))
    }
}
