import StreamMark

/// Checks a template session through a sequence of data states.
///
/// After each state it checks that:
/// 1. the session's tree equals a fresh render of that state;
/// 2. block ids are unique;
/// 3. replaying the patches (``Patch/apply(_:to:)``) on the previous tree
///    reproduces the tree;
/// 4. every item present in two consecutive states keeps its id (its head
///    block's id is its path);
/// 5. items whose data did not change (and whose output did not change, so
///    that items reading outer data are not misjudged) receive no patch
///    other than a move: no update, insert or remove inside them.
public struct TemplateHarness: Sendable {
    /// Totals over all states checked so far.
    public struct Statistics: Hashable, Sendable {
        /// Data states rendered.
        public var states = 0
        /// Patches emitted, by operation.
        public var inserts = 0, removes = 0, moves = 0, updates = 0
        /// Items checked for a kept id (present in two consecutive states).
        public var keptItems = 0
        /// Items checked for receiving no update (data and output unchanged).
        public var unchangedItems = 0
        /// Blocks checked for unique ids.
        public var blocks = 0

        /// All patches.
        public var patches: Int { inserts + removes + moves + updates }

        /// Zero totals.
        public init() {}

        /// Adds `other`'s totals to these.
        public mutating func add(_ other: Statistics) {
            states += other.states
            inserts += other.inserts
            removes += other.removes
            moves += other.moves
            updates += other.updates
            keptItems += other.keptItems
            unchangedItems += other.unchangedItems
            blocks += other.blocks
        }
    }

    /// The session under test.
    public private(set) var session: TemplateSession
    /// Totals so far.
    public private(set) var statistics = Statistics()
    /// Failures found so far, one line each (`state N: …`).
    public private(set) var failures: [String] = []

    /// Creates a harness for a template.
    public init(template: Template, options: TemplateOptions = TemplateOptions()) {
        session = TemplateSession(template: template, options: options)
    }

    /// Renders the next state, checks it, and returns its patches.
    ///
    /// - Throws: ``TemplateError`` when the state does not render (the
    ///   harness is then unchanged).
    @discardableResult
    public mutating func check(_ data: JSONValue) throws(TemplateError) -> [Patch] {
        let previousRoot = session.root
        let previous = session.rendering
        let patches = try session.render(data: data)
        let state = statistics.states
        statistics.states += 1
        func fail(_ message: String) { failures.append("state \(state): \(message)") }
        let current = session.rendering!

        // 1. Fresh render.
        let fresh = try session.template.render(data, options: session.options)
        if fresh.document != session.root { fail("tree differs from a fresh render") }

        // 2. Unique ids.
        var seen: Set<BlockID> = []
        session.root.forEach { block in
            statistics.blocks += 1
            if !seen.insert(block.id).inserted { fail("duplicate id \(block.id)") }
        }

        // 3. Replay.
        var replayed = previousRoot
        do {
            try Patch.apply(patches, to: &replayed)
            if replayed != session.root { fail("replaying the patches does not reproduce the tree") }
        } catch {
            fail("replay failed: \(error.description)")
        }
        for patch in patches {
            switch patch {
            case .insert: statistics.inserts += 1
            case .remove: statistics.removes += 1
            case .move: statistics.moves += 1
            case .update: statistics.updates += 1
            case .close: break
            }
        }

        // 4 and 5. Items across the two states.
        guard let previous else { return patches }
        var previousItems: [String: TemplateItem] = [:]
        for item in previous.items { previousItems[item.path] = item }
        var touched: Set<BlockID> = []
        for patch in patches {
            switch patch {
            case .insert(let parent, _, let block):
                touched.insert(parent)
                block.forEach { touched.insert($0.id) }
            case .update(let id, _), .remove(let id): touched.insert(id)
            case .move, .close: break
            }
        }
        for item in current.items {
            guard let old = previousItems[item.path] else { continue }
            statistics.keptItems += 1
            if old.markdown == item.markdown, old.headID != item.headID {
                fail(
                    "item \(item.path) changed id from \(old.headID?.rawValue ?? "none") to \(item.headID?.rawValue ?? "none")"
                )
            }
            if let head = item.headID, head.rawValue != item.path, !head.rawValue.hasPrefix(item.path + ".") {
                fail("item \(item.path) has head id \(head)")
            }
            guard old.data == item.data, old.markdown == item.markdown else { continue }
            statistics.unchangedItems += 1
            if old.blockIDs != item.blockIDs {
                fail("unchanged item \(item.path) has different blocks")
            }
            for id in item.blockIDs where touched.contains(id) {
                fail("unchanged item \(item.path): block \(id) received a patch")
            }
        }
        return patches
    }
}
