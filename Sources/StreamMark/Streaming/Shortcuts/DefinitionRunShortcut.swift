/// A run of link reference definitions growing: the layout of changelogs
/// and reference lists (`- [Fix the thing][98755]` items, then a run of
/// `[98755]: https://…` lines with no blank line between). The run gives
/// no block, so the window would be the whole run, parsed again on every
/// append, with every frozen use of every label in it.
///
/// ## Guard
/// The window holds no block (every top-level block is frozen; the engine
/// closes the block before the run at the run's first line,
/// ``IncrementalEngine/closingLine(after:in:)``), its settled lines
/// (``DefinitionRun``) are followed by a tail of at most
/// ``RefreshSchedule/threshold`` bytes, the window may define a label, and
/// the tail parsed alone gives no block. The settled lines are whole
/// definitions that cmark reads one after another from the paragraph's
/// start, so it reads the tail as if the tail began the paragraph: no
/// block there means no block in the window.
///
/// ## State
/// ``run``: the settled lines, their definition regions and keys, and the
/// first settled definition of each key; kept after window parses
/// (``didParseWindow(engine:root:text:parsed:)``) and after each append
/// this shortcut answers.
///
/// ## Work
/// The document's update (its range grew), then what the window parse's
/// definition step would do, for the tail only: if the tail's definition
/// text changed, the frozen segments that use a label the tail defines or
/// defined are parsed again, each with the first settled definitions of
/// its labels and the tail after it (not the whole run), and their changed
/// blocks updated. Neighbouring users (list items one after another, as a
/// changelog has them) are parsed in one parse (``adjacentGroups(_:)``),
/// so the tail is parsed once for them, not once per item. Settled definitions have not changed since their users
/// were last updated, so their users need nothing.
///
/// - Complexity: O(tail + the frozen uses of the tail's labels), amortized
///   O(chunk) per append on a run, however long.
struct DefinitionRunShortcut: AppendShortcut {
    static let name = "definition-run"
    static let parses = true

    /// The run the window holds, if it holds no block.
    var run: DefinitionRun? = nil

    mutating func answer(
        _ append: Append, engine: inout IncrementalEngine, root: inout Block, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let text = append.text
        let top = engine.frozenTop
        guard var run, run.start == engine.windowStart, engine.nested == nil,
            Self.windowHolds(root.children[top...], run: run, text: text),
            text.count - run.tailStart <= RefreshSchedule.threshold,
            !run.settledRegions.isEmpty || ReferenceKeys.mayDefine(text, [run.tailStart..<text.count]),
            !engine.references.hasReferences || run.mirrorsEngine,
            let blocks = Self.tailBlocks(of: run, engine: &engine, text: text, parsed: &parsed)
        else { return false }
        let oldView = IncrementalEngine.tailView(root, from: top, skip: 0)
        root.children.replaceSubrange(top..., with: blocks)
        engine.appendTailDiff(since: oldView, root: &root, from: top, skip: 0, text: text, patches: &patches)
        engine.windowBlockCount = blocks.count
        if engine.references.hasReferences {
            Self.updateDefinitions(
                of: &run, engine: &engine, root: &root, text: text, parsed: &parsed, patches: &patches)
        }
        run.settle(text)
        run.tailKeys = ReferenceKeys.definitions(
            in: text, [run.tailStart..<text.count], footnotes: engine.footnoteMarkersDefineNothing)
        self.run = run
        return true
    }

    /// Starts or keeps the run after a window parse that left no block in
    /// the window, and settles what it can.
    ///
    /// - Complexity: O(window), as the window parse before it.
    mutating func didParseWindow(
        engine: inout IncrementalEngine, root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) {
        guard engine.nested == nil, engine.windowStart < text.count else {
            run = nil
            return
        }
        if run?.start != engine.windowStart { run = DefinitionRun(start: engine.windowStart) }
        run?.settle(text)
        guard var run, Self.windowHolds(root.children[engine.frozenTop...], run: run, text: text) else {
            self.run = nil
            return
        }
        run.tailKeys = ReferenceKeys.definitions(
            in: text, [run.tailStart..<text.count], footnotes: engine.footnoteMarkersDefineNothing)
        let tail = run.tailRegions(text)
        let engineText = engine.windowDefinitionText
        run.mirrorsEngine =
            engineText.count == run.settledRegions.count + tail.count
            && engineText.starts(with: run.settledRegions) && engineText.suffix(tail.count).elementsEqual(tail)
        self.run = run
    }

    /// Whether the window's blocks are what a run gives: none, or the
    /// paragraph of text after its definitions.
    private static func windowHolds(
        _ blocks: ArraySlice<Block>, run: DefinitionRun, text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let first = blocks.first else { return true }
        guard blocks.count == 1, case .paragraph = first.kind else { return false }
        return first.id == .source(run.paragraphContentStart(text))
    }

    /// The window's blocks, from the tail parsed alone (with the
    /// definitions of the labels it uses in front, as a window is parsed:
    /// the carriers, then the first settled definitions, then a thematic
    /// break that ends their paragraph): none, or one paragraph that starts
    /// at the tail's start, which in the whole window starts where the
    /// tail's paragraph does. `nil` for anything else.
    private static func tailBlocks(
        of run: DefinitionRun, engine: inout IncrementalEngine, text: UnsafeBufferPointer<UInt8>, parsed: inout Int
    ) -> [Block]? {
        let tail = run.tailStart..<text.count
        var buffer = engine.carrierPrefix(for: tail, in: text)
        let settled = run.definitions(for: ReferenceKeys.references(in: text, tail), text, withTail: false)
        if !settled.isEmpty {
            buffer.append(contentsOf: settled)
            buffer.append(contentsOf: IncrementalEngine.separator)
        }
        let contentStart = buffer.count
        buffer.append(contentsOf: text[tail])
        parsed += buffer.count
        engine.work.bytesCopied += buffer.count
        let blocks = engine.parse(
            buffer, contentStart: contentStart, pieces: [(contentStart, tail.lowerBound)], text: text)
        guard let paragraph = blocks.first else { return [] }
        guard blocks.count == 1, paragraph.range.lowerBound == tail.lowerBound, case .paragraph = paragraph.kind else {
            return nil
        }
        let start = run.paragraphContentStart(text)
        return [Block(id: .source(start), kind: paragraph.kind, range: start..<paragraph.range.upperBound)]
    }

    /// The window parse's definition step for the tail: when the tail's
    /// definition regions changed, the engine's window definitions follow
    /// and the frozen users of the tail's labels (before and now) are
    /// parsed again.
    private static func updateDefinitions(
        of run: inout DefinitionRun, engine: inout IncrementalEngine, root: inout Block,
        text: UnsafeBufferPointer<UInt8>, parsed: inout Int, patches: inout [Patch]
    ) {
        let regions = run.tailRegions(text)
        let settledCount = run.settledRegions.count
        guard !engine.windowDefinitionText[settledCount...].elementsEqual(regions) else { return }
        let keys = ReferenceKeys.definitions(
            in: text, [run.tailStart..<text.count], footnotes: engine.footnoteMarkersDefineNothing)
        let affected = engine.references.undecided(keys.union(run.tailKeys))
        engine.windowDefinitionText.removeSubrange(settledCount...)
        engine.windowDefinitionText.append(contentsOf: regions)
        for key in run.tailKeys where !keys.contains(key) && !run.settledKeys.contains(key) {
            engine.windowDefinitionKeys.remove(key)
        }
        engine.windowDefinitionKeys.formUnion(keys)
        run.tailKeys = keys
        let users = engine.references.users(of: affected).map { engine.references.segments[$0] }
        for group in Self.adjacentGroups(users) {
            func reparse(_ segment: ReferenceTracker.Segment) -> Bool {
                engine.reparse(
                    segment, window: run.definitions(for: segment.references, text, withTail: true), root: &root,
                    text: text, parsed: &parsed, patches: &patches)
            }
            // One parse for the group; each segment alone if its blocks
            // do not come back as they are in the tree.
            if group.count > 1, reparse(Self.joined(group)) { continue }
            for segment in group { _ = reparse(segment) }
        }
    }

    /// `segments` (in document order) in runs of children of the same
    /// container, each next to the one before in the tree and in the text:
    /// the items of a list whose labels the tail defines, one after
    /// another, as a changelog has them. Items parsed together give the
    /// inlines each gives alone: their links depend on their own text and
    /// the definitions in scope only.
    ///
    /// - Complexity: O(segments).
    static func adjacentGroups(_ segments: [ReferenceTracker.Segment]) -> [[ReferenceTracker.Segment]] {
        var groups: [[ReferenceTracker.Segment]] = []
        for segment in segments {
            if let last = groups.last?.last, last.stub == nil, segment.stub == nil,
                last.text.upperBound == segment.text.lowerBound,
                case .nested(let top, let range) = last.place, case .nested(top, let next) = segment.place,
                range.upperBound == next.lowerBound
            {
                groups[groups.count - 1].append(segment)
            } else {
                groups.append([segment])
            }
        }
        return groups
    }

    /// One segment spanning `group` (from ``adjacentGroups(_:)``).
    static func joined(_ group: [ReferenceTracker.Segment]) -> ReferenceTracker.Segment {
        guard let first = group.first, let last = group.last, case .nested(let top, let firstRange) = first.place,
            case .nested(_, let lastRange) = last.place
        else { return group[0] }
        return ReferenceTracker.Segment(
            text: first.text.lowerBound..<last.text.upperBound,
            place: .nested(top: top, firstRange.lowerBound..<lastRange.upperBound),
            references: group.reduce(into: []) { $0.formUnion($1.references) },
            definitions: group.reduce(into: []) { $0.formUnion($1.definitions) },
            certainDefinitions: group.reduce(into: []) { $0.formUnion($1.certainDefinitions) })
    }
}
