/// An open-addressing table from ``WordKey`` to a kind, with a cheap
/// multiplicative hash: the word lookup of every scanned word.
struct WordTable: Sendable {
    private var keys: [WordKey?]
    private var kinds: [HighlightKind]
    private let mask: Int

    /// A table of `entries` (later entries win).
    init(_ entries: [(WordKey, HighlightKind)]) {
        var capacity = 16
        while capacity < entries.count * 2 { capacity *= 2 }
        keys = Array(repeating: nil, count: capacity)
        kinds = Array(repeating: .keyword, count: capacity)
        mask = capacity - 1
        for (key, kind) in entries {
            var slot = key.slot & mask
            while let existing = keys[slot], existing != key { slot = (slot + 1) & mask }
            keys[slot] = key
            kinds[slot] = kind
        }
    }

    /// The kind of `key`, if listed.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    subscript(key: WordKey) -> HighlightKind? {
        var slot = key.slot & mask
        while let existing = keys[slot] {
            if existing == key { return kinds[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether `key` is listed.
    func contains(_ key: WordKey) -> Bool { self[key] != nil }
}
