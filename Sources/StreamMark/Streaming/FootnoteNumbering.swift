/// Footnote numbers as cmark-gfm's `process_footnotes` gives them (the
/// first note of a label to close wins; defined labels are numbered in the
/// order of their first reference), kept in two layers so that a streaming
/// update costs what its window holds, not what the document holds:
///
/// - the **frozen layer** grows as top-level blocks freeze
///   (``freeze(_:sites:keys:)``) and is never copied or rebuilt;
/// - the **window layer** is the fold of the blocks still parsed again,
///   replaced by each update (``setWindow(_:sites:)``), on top of it.
///
/// A lookup (``resolution(of:)``) combines both in O(log notes). The
/// one-shot parse freezes every block and has no window.
struct FootnoteNumbering {
    /// The note a label resolves to.
    struct Winner: Equatable {
        var id: BlockID
        /// The label as the note wrote it.
        var label: String
        /// Where the note starts (the section's empty range is there).
        var start: Int
    }

    /// What every reference to a label and its note show.
    struct Resolution: Equatable {
        var winner: Winner
        /// The note's number (1-based, in order of first reference).
        var number: Int
        /// How many references the label has.
        var count: Int
    }

    /// Everything the section's list depends on, to rebuild it only when
    /// this changes.
    struct Shape: Equatable {
        var frozenVersion: Int
        var inserted: [String]
        var appended: [String]
        var windowWinners: [String: BlockID]
    }

    // The frozen layer.
    private(set) var frozen = FootnoteFold()
    /// Each frozen label's index in `frozen.firstOrder`.
    private var position: [String: Int] = [:]
    private var winners: [String: Winner] = [:]
    /// Frozen labels with a frozen winner, in order of first reference.
    private var numbered: [String] = []
    /// Each label of `numbered`'s 1-based index there.
    private var frozenNumber: [String: Int] = [:]
    /// The first index of `numbered` a frozen note's arrival renumbered
    /// since the last ``takeShiftedLabels()``.
    private var shiftedFrom: Int?
    private var absorbedFirsts = 0
    private var absorbedDefinitions = 0
    /// Changes whenever `numbered` or `winners` does.
    private var frozenVersion = 0

    // The window layer.
    private var window = FootnoteFold()
    /// Winners among the window's notes (labels without a frozen winner).
    private var windowWinners: [String: Winner] = [:]
    /// Frozen-first labels numbered by a window winner, by position.
    private(set) var inserted: [(position: Int, key: String)] = []
    /// Labels first referenced in the window that have a winner.
    private var appended: [String] = []
    private var appendedIndex: [String: Int] = [:]

    /// Folds `block` into the frozen layer; returns its references'
    /// occurrences and adds the keys it holds to `keys`.
    ///
    /// - Complexity: O(the block's footnote content), plus O(notes) when a
    ///   note arrives numbered before notes already listed (their numbers
    ///   shift).
    mutating func freeze(_ block: Block, sites: FootnoteSites, keys: inout [String]) -> [Int] {
        let occurrences = frozen.fold(block, sites: sites, keys: &keys)
        while absorbedFirsts < frozen.firstOrder.count {
            let key = frozen.firstOrder[absorbedFirsts]
            position[key] = absorbedFirsts
            absorbedFirsts += 1
            if winners[key] != nil { insertNumbered(key) }
        }
        while absorbedDefinitions < frozen.definitions.count {
            let definition = frozen.definitions[absorbedDefinitions]
            absorbedDefinitions += 1
            guard winners[definition.key] == nil else { continue }
            winners[definition.key] = Winner(id: definition.id, label: definition.label, start: definition.start)
            frozenVersion += 1
            if position[definition.key] != nil { insertNumbered(definition.key) }
        }
        return occurrences
    }

    /// Adds a frozen label to `numbered` at its place by first reference
    /// and renumbers the labels after it.
    private mutating func insertNumbered(_ key: String) {
        let index = numberedCount(below: position[key] ?? 0)
        numbered.insert(key, at: index)
        for later in index..<numbered.count { frozenNumber[numbered[later]] = later + 1 }
        if index + 1 < numbered.count { shiftedFrom = min(shiftedFrom ?? index, index + 1) }
        frozenVersion += 1
    }

    /// The frozen labels whose numbers a frozen note shifted since the last
    /// call (a late note frozen in the same update it arrived in, never
    /// seen in the window), and forgets them.
    ///
    /// - Complexity: O(the labels returned).
    mutating func takeShiftedLabels() -> ArraySlice<String> {
        defer { shiftedFrom = nil }
        guard let shiftedFrom, shiftedFrom < numbered.count else { return [] }
        return numbered[shiftedFrom...]
    }

    /// How many labels of `numbered` have their first reference before
    /// `position` (binary search).
    private func numberedCount(below target: Int) -> Int {
        var low = 0
        var high = numbered.count
        while low < high {
            let mid = (low + high) / 2
            if (position[numbered[mid]] ?? 0) < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Replaces the window layer with the fold of `blocks`; returns the
    /// occurrences of each block's references.
    ///
    /// - Complexity: O(the blocks' footnote content × log notes).
    mutating func setWindow(_ blocks: ArraySlice<Block>, sites: FootnoteSites) -> [[Int]] {
        window = FootnoteFold()
        var keys: [String] = []
        let occurrences = blocks.map { window.fold($0, sites: sites, below: frozen.counts, keys: &keys) }
        windowWinners = [:]
        inserted = []
        for definition in window.definitions
        where winners[definition.key] == nil && windowWinners[definition.key] == nil {
            windowWinners[definition.key] = Winner(id: definition.id, label: definition.label, start: definition.start)
            if let position = position[definition.key] { inserted.append((position, definition.key)) }
        }
        inserted.sort { $0.position < $1.position }
        appended = []
        appendedIndex = [:]
        for key in window.firstOrder where winners[key] != nil || windowWinners[key] != nil {
            appendedIndex[key] = appended.count
            appended.append(key)
        }
        return occurrences
    }

    /// The labels the window layer holds (references or notes).
    var windowKeys: Set<String> {
        Set(window.counts.keys).union(window.definitions.map(\.key))
    }

    /// The frozen numbered labels whose first reference is at or after
    /// `position` (their numbers move when a note before them comes or
    /// goes).
    func numberedLabels(from position: Int) -> ArraySlice<String> {
        numbered[numberedCount(below: position)...]
    }

    /// What the references to `key` and its note show, or nil when the
    /// label has no note or no reference.
    ///
    /// - Complexity: O(log notes + window notes).
    func resolution(of key: String) -> Resolution? {
        guard let winner = winners[key] ?? windowWinners[key], let number = number(of: key) else { return nil }
        return Resolution(winner: winner, number: number, count: window.counts[key] ?? frozen.counts[key] ?? 0)
    }

    private func number(of key: String) -> Int? {
        if let position = position[key] {
            let before = insertedCount(below: position)
            if let number = frozenNumber[key] { return number + before }
            guard inserted.indices.contains(before), inserted[before].key == key else { return nil }
            return numberedCount(below: position) + before + 1
        }
        guard let index = appendedIndex[key] else { return nil }
        return numbered.count + inserted.count + index + 1
    }

    private func insertedCount(below target: Int) -> Int {
        var low = 0
        var high = inserted.count
        while low < high {
            let mid = (low + high) / 2
            if inserted[mid].position < target { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// What the section depends on.
    var shape: Shape {
        Shape(
            frozenVersion: frozenVersion, inserted: inserted.map(\.key), appended: appended,
            windowWinners: windowWinners.mapValues(\.id))
    }

    /// The section listing the numbered notes in number order, or nil when
    /// none is. Its range is empty, where the first listed note starts (a
    /// fixed place while the document streams on).
    ///
    /// - Complexity: O(notes).
    var section: Block? {
        var keys: [String] = []
        keys.reserveCapacity(numbered.count + inserted.count + appended.count)
        var next = 0
        for key in numbered {
            while next < inserted.count, inserted[next].position < (position[key] ?? 0) {
                keys.append(inserted[next].key)
                next += 1
            }
            keys.append(key)
        }
        keys += inserted[next...].map(\.key)
        keys += appended
        let notes = keys.compactMap { winners[$0] ?? windowWinners[$0] }
        guard let first = notes.first else { return nil }
        return Block(id: .footnotes, kind: .footnotes(notes: notes.map(\.id)), range: first.start..<first.start)
    }
}
