/// Frozen text that may define or use link reference labels, indexed by label.
///
/// A link reference definition changes the links of every block that uses
/// its label, wherever it is. The engine keeps each stretch of frozen text
/// that may define or use a label (``ReferenceKeys``) as a ``Segment``, and
/// this tracker answers two questions without visiting unrelated segments:
///
/// - which frozen segments *define* labels that a piece of text uses (they
///   are parsed in front of the window as carriers), and
/// - which frozen segments *use* labels whose definitions just changed (they
///   are parsed again so their links update).
///
/// Segments are kept in document order in one append-only array. Segments of
/// the open top-level container are *pending*: they are dropped together if
/// the engine falls back to the top-level window, and committed when the
/// container closes.
///
/// - Complexity: ``add(_:pending:)`` is O(labels of the segment);
///   ``definers(of:)`` and ``users(of:)`` are O(labels asked + segments
///   returned), never O(segments).
struct ReferenceTracker: Sendable {
    /// A stretch of frozen text that may define or use reference labels.
    struct Segment: Sendable {
        /// Where the segment's blocks are in the tree.
        enum Place: Sendable {
            /// Top-level blocks `root.children[range]`.
            case top(Range<Int>)
            /// Children `root.children[top].children[range]` of a list, quote or table.
            case nested(top: Int, Range<Int>)
        }
        /// The segment's text in the document.
        var text: Range<Int>
        var place: Place
        /// Keys of the labels the text may use.
        var references: Set<String>
        /// Keys of the labels the text may define.
        var definitions: Set<String>
        /// Keys of the labels the text certainly defines (a subset of
        /// `definitions`; see ``ReferenceKeys/certainDefinitions(in:_:)``).
        var certainDefinitions: Set<String> = []
        /// Lines parsed in front of `text` to give it its context (a
        /// table's header and delimiter rows), if any.
        var stub: Range<Int>? = nil
    }

    /// Every segment, in document order.
    private(set) var segments: [Segment] = []
    /// `segments[committed...]` are pending.
    private var committed = 0
    /// Label key → indices of segments that may define it, ascending.
    private var definers: [String: [Int]] = [:]
    /// Label key → indices of segments that may use it, ascending.
    private var users: [String: [Int]] = [:]
    /// How many segments have a definition / a reference.
    private var definerCount = 0
    private var userCount = 0
    /// Label key → number of segments that certainly define it.
    private var certain: [String: Int] = [:]
    /// Segments returned by lookups since the start (a work counter).
    private(set) var visited = 0

    /// Whether any frozen segment may define a label.
    var hasDefinitions: Bool { definerCount > 0 }
    /// Whether any frozen segment may use a label.
    var hasReferences: Bool { userCount > 0 }

    /// Adds a segment after every segment added so far.
    mutating func add(_ segment: Segment, pending: Bool) {
        precondition(pending || committed == segments.count, "committed segment after pending ones")
        let index = segments.count
        segments.append(segment)
        if !pending { committed = segments.count }
        for key in segment.definitions { definers[key, default: []].append(index) }
        for key in segment.references { users[key, default: []].append(index) }
        if !segment.definitions.isEmpty { definerCount += 1 }
        for key in segment.certainDefinitions { certain[key, default: 0] += 1 }
        if !segment.references.isEmpty { userCount += 1 }
    }

    /// Makes the pending segments permanent (their container closed).
    mutating func commitPending() {
        committed = segments.count
    }

    /// Drops the pending segments (the engine re-parses their container).
    ///
    /// - Complexity: O(labels of the dropped segments).
    mutating func dropPending() {
        while segments.count > committed {
            let index = segments.count - 1
            let segment = segments.removeLast()
            for key in segment.definitions { Self.removeLast(index, key, from: &definers) }
            for key in segment.references { Self.removeLast(index, key, from: &users) }
            if !segment.definitions.isEmpty { definerCount -= 1 }
            for key in segment.certainDefinitions {
                certain[key, default: 1] -= 1
                if certain[key] == 0 { certain[key] = nil }
            }
            if !segment.references.isEmpty { userCount -= 1 }
        }
    }

    /// The keys of `keys` that no frozen segment certainly defines: a
    /// definition after the frozen text (in the window) changes links only
    /// for these, since the first definition of a label wins.
    func undecided(_ keys: Set<String>) -> Set<String> {
        keys.filter { certain[$0] == nil }
    }

    /// Indices of the segments that may define a label in `keys`, ascending;
    /// for each label, none after the first segment that certainly defines
    /// it (only the first definition of a label counts).
    mutating func definers(of keys: Set<String>) -> [Int] {
        lookup(keys, in: definers, stopAtCertain: true)
    }

    /// Indices of the segments that may use a label in `keys`, ascending.
    mutating func users(of keys: Set<String>) -> [Int] {
        lookup(keys, in: users, stopAtCertain: false)
    }

    private mutating func lookup(_ keys: Set<String>, in index: [String: [Int]], stopAtCertain: Bool) -> [Int] {
        var found: Set<Int> = []
        for key in keys {
            guard let list = index[key] else { continue }
            for segment in list {
                found.insert(segment)
                if stopAtCertain && segments[segment].certainDefinitions.contains(key) { break }
            }
        }
        visited += found.count
        return found.sorted()
    }

    private static func removeLast(_ index: Int, _ key: String, from lists: inout [String: [Int]]) {
        guard lists[key]?.last == index else { return }
        lists[key]!.removeLast()
        if lists[key]!.isEmpty { lists[key] = nil }
    }
}
