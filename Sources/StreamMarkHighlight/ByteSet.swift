/// A set of byte values, 256 bits.
struct ByteSet: Sendable, Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    init() {}

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
    static let blank = ByteSet(" \t")
    /// `0-9`.
    static let digits: ByteSet = {
        var set = ByteSet()
        set.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
        return set
    }()
    /// `A-Z a-z _` and every non-ASCII byte.
    static let wordStart: ByteSet = {
        var set = ByteSet("_")
        set.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
        set.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        set.insert(0x80...0xFF)
        return set
    }()
    /// ``wordStart`` and digits.
    static let word: ByteSet = {
        var set = wordStart
        set.formUnion(digits)
        return set
    }()
}
