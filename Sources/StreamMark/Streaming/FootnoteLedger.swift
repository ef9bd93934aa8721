/// Footnote numbering while a document streams: the engine parses notes and
/// references unresolved (``IncrementalEngine`` knows nothing of numbers);
/// the ledger keeps what the frozen blocks hold, folds the window on top of
/// it after each parse, and turns the engine's tree (`body`) into the public
/// tree: references resolved, notes numbered, the footnotes section last.
///
/// Per update it costs what the window holds: the numbering is kept in two
/// layers (``FootnoteNumbering``), the labels whose resolution changed are
/// found among those the window holds, and only the frozen blocks citing
/// one of them (or holding its note) are resolved again — a late note
/// updates exactly the blocks that refer to it (and, when it is numbered
/// before notes already listed, the blocks those shift); a new reference
/// updates its note.
struct FootnoteLedger {
    /// The numbering in force: the frozen blocks' layer and the window's.
    private var numbering = FootnoteNumbering()
    private var frozenCount = 0
    /// Occurrences of the references of each frozen top-level block that
    /// holds references or notes, by index.
    private var frozenHolders: [Int: [Int]] = [:]
    /// The frozen top-level blocks holding a reference to or a note of
    /// each label key, ascending.
    private var holdersByKey: [String: [Int]] = [:]
    /// The frozen top-level blocks holding a note of each label key
    /// (a count-only change updates only these).
    private var noteHoldersByKey: [String: [Int]] = [:]
    /// What each label showed after the last update (references and notes
    /// of labels not listed here show nothing).
    private var published: [String: FootnoteNumbering.Resolution] = [:]
    /// The labels the last window held.
    private var windowKeys: Set<String> = []
    /// The window's late notes at the last update.
    private var lastInserted: [(position: Int, key: String)] = []
    /// What the published section was made from.
    private var sectionShape: FootnoteNumbering.Shape?
    /// Top-level blocks resolved by the last update (window and frozen).
    private(set) var resolvedBlocks = 0

    /// Brings `root` (the public tree) up to date with `body` (the engine's
    /// tree) after an update whose window started at top-level index
    /// `from` and that froze the blocks before `frozenTop`; rewrites the
    /// engine's `patches` into patches of the public tree.
    ///
    /// - Complexity: O(window blocks + the labels they hold × log notes),
    ///   plus O(the frozen blocks citing a label whose number, note or
    ///   count changed); a note arriving before notes already listed
    ///   changes the numbers of those after it.
    mutating func update(
        root: inout Block, body: Block, from: Int, frozenTop: Int, sites: FootnoteSites, patches: inout [Patch]
    ) {
        let oldSection = root.children.last?.id == .footnotes ? root.children.removeLast() : nil
        var out: [Patch] = []
        let from = refreshFrozenUpdates(body: body, from: from, patches: patches)
        var frozenKeys: [String] = []
        while frozenCount < min(frozenTop, body.children.count) {
            freeze(body.children[frozenCount], sites: sites, keys: &frozenKeys)
        }
        let tailStart = max(from, frozenCount)
        let tailOccurrences = numbering.setWindow(body.children[tailStart...], sites: sites)
        // Blocks between `from` and `frozenCount` froze in this update:
        // their occurrences are in `frozenHolders`.
        let oldTail = IncrementalEngine.tailView(root, from: from, skip: 0)
        var resolvedTail: [Block] = []
        resolvedBlocks = body.children.count - from
        for top in from..<body.children.count {
            let occurrences = top < tailStart ? frozenHolders[top] ?? [] : tailOccurrences[top - tailStart]
            resolvedTail.append(
                Self.resolved(body.children[top], occurrences: occurrences, numbering: numbering, sites: sites))
        }
        root.children.replaceSubrange(from..., with: resolvedTail)
        root.range = body.range
        var diff: [Patch] = []
        TreeDiff.appendPatches(from: oldTail, to: IncrementalEngine.tailView(root, from: from, skip: 0), into: &diff)
        for patch in diff {
            switch patch {
            case .insert(.document, let index, let block):
                out.append(.insert(parent: .document, index: index + from, block: block))
            case .move(let id, .document, let index): out.append(.move(id: id, parent: .document, index: index + from))
            default: out.append(patch)
            }
        }
        let (changed, counted) = changedKeys(frozenKeys: frozenKeys)
        var tops = Set<Int>()
        for key in changed { tops.formUnion(holdersByKey[key, default: []].lazy.filter { $0 < from }) }
        for key in counted { tops.formUnion(noteHoldersByKey[key, default: []].lazy.filter { $0 < from }) }
        refreshFrozen(root: &root, body: body, tops: tops, sites: sites, into: &out)
        out.append(contentsOf: patches.filter { if case .close = $0 { true } else { false } })
        updateSection(root: &root, old: oldSection, into: &out)
        patches = out
    }

    /// Records an update that left every block holding footnote syntax as
    /// it was (an append shortcut answered): nothing was resolved.
    mutating func didSkipUpdate() { resolvedBlocks = 0 }

    /// Folds the next top-level block of `body` into the frozen layer.
    private mutating func freeze(_ block: Block, sites: FootnoteSites, keys: inout [String]) {
        var blockKeys: [String] = []
        let notesBefore = numbering.frozen.definitions.count
        let occurrences = numbering.freeze(block, sites: sites, keys: &blockKeys)
        if sites.holds(block.range) { frozenHolders[frozenCount] = occurrences }
        for key in Set(blockKeys) { holdersByKey[key, default: []].append(frozenCount) }
        for key in Set(numbering.frozen.definitions[notesBefore...].map(\.key)) {
            noteHoldersByKey[key, default: []].append(frozenCount)
        }
        keys += blockKeys
        frozenCount += 1
    }

    /// The labels whose resolution changed since the last update (and
    /// records the new ones as published), among those the last or this
    /// window held, those of blocks frozen in this update, those a note
    /// frozen in this update renumbered, and, when the
    /// window's late notes changed, the labels numbered after the first
    /// difference: `changed` where the note or number changed (every block
    /// citing the label shows it), `counted` where only the reference count
    /// did (only the note shows it: a label cited in every paragraph does
    /// not make each new citation resolve them all again).
    private mutating func changedKeys(frozenKeys: [String]) -> (changed: Set<String>, counted: Set<String>) {
        var candidates = windowKeys.union(frozenKeys)
        candidates.formUnion(numbering.takeShiftedLabels())
        windowKeys = numbering.windowKeys
        candidates.formUnion(windowKeys)
        let inserted = numbering.inserted
        if !inserted.elementsEqual(lastInserted, by: { $0 == $1 }) {
            var first = 0
            while first < min(inserted.count, lastInserted.count), inserted[first] == lastInserted[first] { first += 1 }
            let position = min(
                inserted.indices.contains(first) ? inserted[first].position : Int.max,
                lastInserted.indices.contains(first) ? lastInserted[first].position : Int.max)
            candidates.formUnion(numbering.numberedLabels(from: position))
            candidates.formUnion(inserted.map(\.key))
            candidates.formUnion(lastInserted.map(\.key))
            lastInserted = inserted
        }
        var changed: Set<String> = []
        var counted: Set<String> = []
        for key in candidates {
            let resolution = numbering.resolution(of: key)
            let old = published[key]
            guard old != resolution else { continue }
            published[key] = resolution
            if let old, let resolution, old.winner == resolution.winner, old.number == resolution.number {
                counted.insert(key)
            } else {
                changed.insert(key)
            }
        }
        return (changed, counted)
    }

    /// Applies the engine's updates of frozen blocks (late link reference
    /// definitions): returns the top-level index from which the public
    /// tree must be rebuilt (`from`, or earlier when such an update touched
    /// a frozen block: then the frozen layer is folded again from the
    /// start and every label counts as changed).
    private mutating func refreshFrozenUpdates(body: Block, from: Int, patches: [Patch]) -> Int {
        var earliest = from
        for patch in patches {
            guard case .update(let id, let value) = patch, id != .document,
                let top = Self.topIndex(of: value.range, in: body, below: from)
            else { continue }
            earliest = min(earliest, top)
        }
        if earliest < frozenCount {
            // Rare: fold the frozen blocks again from the start.
            numbering = FootnoteNumbering()
            frozenCount = 0
            frozenHolders = [:]
            windowKeys.formUnion(published.keys)
            holdersByKey = [:]
            noteHoldersByKey = [:]
            lastInserted = []
            sectionShape = nil
        }
        return earliest
    }

    /// The top-level index below `limit` whose block holds `range`, if any.
    private static func topIndex(of range: Range<Int>, in body: Block, below limit: Int) -> Int? {
        let children = body.children
        var low = 0
        var high = min(limit, children.count)
        while low < high {
            let mid = (low + high) / 2
            if children[mid].range.lowerBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        // Held by that block (an empty range may sit at its end), not by a
        // window block after it.
        let top = children[low - 1].range
        guard range.lowerBound < top.upperBound || (range.isEmpty && range.lowerBound == top.upperBound) else {
            return nil
        }
        return low - 1
    }

    /// Resolves again the frozen top-level blocks `tops` and appends
    /// updates of the blocks whose value changed.
    private mutating func refreshFrozen(
        root: inout Block, body: Block, tops: Set<Int>, sites: FootnoteSites, into out: inout [Patch]
    ) {
        resolvedBlocks += tops.count
        for top in tops.sorted() {
            let resolved = Self.resolved(
                body.children[top], occurrences: frozenHolders[top] ?? [], numbering: numbering, sites: sites)
            let old = root.children[top]
            guard resolved != old else { continue }
            var diff: [Patch] = []
            TreeDiff.appendPatches(
                from: Block(id: .document, kind: .document, range: 0..<0, children: [old]),
                to: Block(id: .document, kind: .document, range: 0..<0, children: [resolved]), into: &diff)
            out.append(contentsOf: diff)
            root.children[top] = resolved
        }
    }

    /// Appends, inserts, updates or removes the section after the body;
    /// the list is rebuilt only when what it is made from changed.
    private mutating func updateSection(root: inout Block, old: Block?, into out: inout [Patch]) {
        let shape = numbering.shape
        let section = shape == sectionShape ? old : numbering.section
        sectionShape = shape
        guard let section else {
            if old != nil { out.append(.remove(id: .footnotes)) }
            return
        }
        root.children.append(section)
        if let old {
            if old.value != section.value { out.append(.update(id: .footnotes, value: section.value)) }
        } else {
            out.append(.insert(parent: .document, index: root.children.count - 1, block: section))
        }
    }

    /// `block` with its references resolved (`occurrences` gives each its
    /// occurrence, in order) and its notes numbered.
    static func resolved(
        _ block: Block, occurrences: [Int], numbering: FootnoteNumbering, sites: FootnoteSites
    ) -> Block {
        guard sites.holds(block.range) else { return block }
        var block = block
        var index = 0
        block.updateSites(sites) { current in
            if case .footnoteDefinition(var note) = current.kind {
                let resolution = FootnoteResolver.key(note.label).flatMap(numbering.resolution(of:))
                if let resolution, resolution.winner.id == current.id {
                    (note.number, note.referenceCount) = (resolution.number, resolution.count)
                } else {
                    (note.number, note.referenceCount) = (0, 0)
                }
                current.kind = .footnoteDefinition(note)
            }
            current.mapReferences { reference in
                defer { index += 1 }
                let occurrence = index < occurrences.count ? occurrences[index] : 0
                guard let resolution = FootnoteResolver.key(reference.source).flatMap(numbering.resolution(of:))
                else { return FootnoteReference(source: reference.source, fallback: reference.fallback) }
                return FootnoteReference(
                    source: reference.source, label: resolution.winner.label, number: resolution.number,
                    occurrence: occurrence, fallback: reference.fallback)
            }
        }
        return block
    }
}

extension Block {
    /// Calls `change` on this block and, in document order, on every block
    /// under it whose range holds a `[^` (the others hold no footnote).
    ///
    /// - Complexity: O(blocks holding `[^` × their children), recursive
    ///   (footnote nesting in real text is shallow; the depth is the
    ///   tree's).
    mutating func updateSites(_ sites: FootnoteSites, _ change: (inout Block) -> Void) {
        change(&self)
        guard children.contains(where: { sites.holds($0.range) }) else { return }
        updateChildrenKeepingHeight { children in
            for index in children.indices where sites.holds(children[index].range) {
                children[index].updateSites(sites, change)
            }
        }
    }
}
