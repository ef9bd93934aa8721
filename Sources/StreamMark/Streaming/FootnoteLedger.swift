/// Footnote numbering while a document streams: the engine parses notes and
/// references unresolved (``IncrementalEngine`` knows nothing of numbers);
/// the ledger keeps what the frozen blocks hold, folds the window on top of
/// it after each parse, and turns the engine's tree (`body`) into the public
/// tree: references resolved, notes numbered, the footnotes section last.
///
/// Per update it costs O(window blocks + distinct labels) when the
/// definitions in force did not change; when they did (a note arrived, or
/// the window's notes changed), every frozen block holding a reference or
/// a note is resolved again and updated where its value changed — a late
/// note updates exactly the blocks that refer to it (and, when it is
/// numbered before notes already listed, the blocks those shift).
struct FootnoteLedger {
    /// What a run of blocks holds, in the order cmark-gfm counts it.
    struct Fold {
        /// References per label key so far.
        var counts: [String: Int] = [:]
        /// Label keys in the order of their first reference.
        var firstOrder: [String] = []
        /// Definitions in closing order (children before parents).
        var definitions: [(key: String, id: BlockID, label: String, start: Int)] = []

        /// Folds the references and notes of `block` (top-level index
        /// `top`); returns the occurrence of each of its references.
        mutating func fold(_ block: Block, top: Int, sites: FootnoteSites) -> [Int] {
            var occurrences: [Int] = []
            guard sites.holds(block.range) else { return occurrences }
            var stack: [(Block, Bool)] = [(block, false)]
            while let (current, exiting) = stack.popLast() {
                if exiting {
                    if case .footnoteDefinition(let note) = current.kind, let key = FootnoteResolver.key(note.label) {
                        definitions.append((key, current.id, note.label, current.range.lowerBound))
                    }
                    continue
                }
                current.forEachReference { reference in
                    guard let key = FootnoteResolver.key(reference.source) else { return occurrences.append(0) }
                    let count = (counts[key] ?? 0) + 1
                    if count == 1 { firstOrder.append(key) }
                    counts[key] = count
                    occurrences.append(count)
                }
                stack.append((current, true))
                for child in current.children.reversed() where sites.holds(child.range) {
                    stack.append((child, false))
                }
            }
            return occurrences
        }
    }

    /// The numbering in force: winners and numbers by label key.
    struct Numbering: Equatable {
        var winners: [String: Winner] = [:]
        var numbers: [String: Entry] = [:]
        /// Winner ids in number order (the section's notes).
        var notes: [BlockID] = []
        /// Where the first listed note starts.
        var firstStart = 0

        struct Winner: Equatable {
            var id: BlockID
            var label: String
            /// Where the note starts (the section's empty range is there).
            var start: Int
        }

        struct Entry: Equatable {
            var number: Int
            var count: Int
        }

        init() {}

        /// The section listing the numbered notes, or nil when none is.
        /// Its range is empty, where the first listed note starts (a fixed
        /// place while the document streams on).
        var section: Block? {
            guard !notes.isEmpty else { return nil }
            return Block(id: .footnotes, kind: .footnotes(notes: notes), range: firstStart..<firstStart)
        }

        init(_ fold: Fold) {
            for definition in fold.definitions where winners[definition.key] == nil {
                winners[definition.key] = Winner(id: definition.id, label: definition.label, start: definition.start)
            }
            for key in fold.firstOrder {
                guard let winner = winners[key] else { continue }
                if notes.isEmpty { firstStart = winner.start }
                notes.append(winner.id)
                numbers[key] = Entry(number: notes.count, count: fold.counts[key] ?? 0)
            }
        }
    }

    /// The fold of the frozen top-level blocks `0..<frozenCount`.
    private var frozen = Fold()
    private var frozenCount = 0
    /// Occurrences of the references of each frozen top-level block that
    /// holds references or notes, by index.
    private var frozenHolders: [Int: [Int]] = [:]
    /// The numbering last published.
    private(set) var numbering = Numbering()

    /// Brings `root` (the public tree) up to date with `body` (the engine's
    /// tree) after an update whose window started at top-level index
    /// `from` and that froze the blocks before `frozenTop`; rewrites the
    /// engine's `patches` into patches of the public tree.
    ///
    /// - Complexity: O(window blocks + distinct labels); O(frozen blocks
    ///   holding footnotes) when the numbering changed.
    mutating func update(
        root: inout Block, body: Block, from: Int, frozenTop: Int, sites: FootnoteSites, patches: inout [Patch]
    ) {
        let oldSection = root.children.last?.id == .footnotes ? root.children.removeLast() : nil
        var out: [Patch] = []
        let from = refreshFrozenUpdates(root: &root, body: body, from: from, patches: patches, into: &out)
        while frozenCount < min(frozenTop, body.children.count) {
            let block = body.children[frozenCount]
            let occurrences = frozen.fold(block, top: frozenCount, sites: sites)
            if sites.holds(block.range) { frozenHolders[frozenCount] = occurrences }
            frozenCount += 1
        }
        var total = frozen
        var tailOccurrences: [[Int]] = []
        for top in max(from, frozenCount)..<body.children.count {
            tailOccurrences.append(total.fold(body.children[top], top: top, sites: sites))
        }
        // Blocks between `from` and `frozenCount` froze in this update:
        // their occurrences are in `frozenHolders`.
        let next = Numbering(total)
        let oldTail = IncrementalEngine.tailView(root, from: from, skip: 0)
        var resolvedTail: [Block] = []
        for top in from..<body.children.count {
            let occurrences =
                top < frozenCount ? frozenHolders[top] ?? [] : tailOccurrences[top - max(from, frozenCount)]
            resolvedTail.append(
                Self.resolved(body.children[top], occurrences: occurrences, numbering: next, sites: sites))
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
        if next != numbering {
            refreshFrozen(root: &root, body: body, below: from, next: next, sites: sites, into: &out)
        }
        numbering = next
        out.append(contentsOf: patches.filter { if case .close = $0 { true } else { false } })
        updateSection(root: &root, old: oldSection, into: &out)
        patches = out
    }

    /// Applies the engine's updates of frozen blocks (late link reference
    /// definitions) to the public tree; returns the top-level index from
    /// which the public tree must be rebuilt (`from`, or earlier when such
    /// an update touched a block holding footnotes: then the frozen fold is
    /// rebuilt from there).
    private mutating func refreshFrozenUpdates(
        root: inout Block, body: Block, from: Int, patches: [Patch], into out: inout [Patch]
    ) -> Int {
        var earliest = from
        for patch in patches {
            guard case .update(let id, let value) = patch, id != .document,
                let top = Self.topIndex(of: value.range, in: body, below: from)
            else { continue }
            earliest = min(earliest, top)
        }
        if earliest < frozenCount {
            // Rare: fold the frozen blocks again from the start.
            frozen = Fold()
            frozenCount = 0
            frozenHolders = [:]
        }
        return earliest
    }

    /// The top-level index below `limit` whose range holds `range`, if any.
    private static func topIndex(of range: Range<Int>, in body: Block, below limit: Int) -> Int? {
        let children = body.children
        var low = 0
        var high = min(limit, children.count)
        while low < high {
            let mid = (low + high) / 2
            if children[mid].range.lowerBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        guard low > 0, children[low - 1].range.lowerBound <= range.lowerBound else { return nil }
        return low - 1
    }

    /// Resolves again the frozen blocks (below `below`) holding footnotes
    /// and appends updates of the blocks whose value changed.
    private func refreshFrozen(
        root: inout Block, body: Block, below: Int, next: Numbering, sites: FootnoteSites, into out: inout [Patch]
    ) {
        for top in frozenHolders.keys.sorted() where top < below {
            let resolved = Self.resolved(
                body.children[top], occurrences: frozenHolders[top] ?? [], numbering: next, sites: sites)
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

    /// Appends, inserts, updates or removes the section after the body.
    private func updateSection(root: inout Block, old: Block?, into out: inout [Patch]) {
        guard let section = numbering.section else {
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
    static func resolved(_ block: Block, occurrences: [Int], numbering: Numbering, sites: FootnoteSites) -> Block {
        guard sites.holds(block.range) else { return block }
        var block = block
        var index = 0
        block.updateSites(sites) { current in
            if case .footnoteDefinition(var note) = current.kind {
                let key = FootnoteResolver.key(note.label)
                if let key, numbering.winners[key]?.id == current.id, let entry = numbering.numbers[key] {
                    (note.number, note.referenceCount) = (entry.number, entry.count)
                } else {
                    (note.number, note.referenceCount) = (0, 0)
                }
                current.kind = .footnoteDefinition(note)
            }
            current.mapReferences { reference in
                defer { index += 1 }
                let occurrence = index < occurrences.count ? occurrences[index] : 0
                guard let key = FootnoteResolver.key(reference.source), let winner = numbering.winners[key],
                    let entry = numbering.numbers[key]
                else { return FootnoteReference(source: reference.source) }
                return FootnoteReference(
                    source: reference.source, label: winner.label, number: entry.number, occurrence: occurrence)
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
