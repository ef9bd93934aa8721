/// Footnote definitions made visible to cmark: every definition marker
/// `[^label]:` of a buffer rewritten into a list item marker four columns
/// wide before cmark parses it, so cmark opens a container exactly where
/// cmark-gfm's `footnotes` extension opens a definition and continues it on
/// the same lines (docs/footnotes.md, §9.2).
///
/// A bullet item `-   x` is tried at the same positions as a definition,
/// interrupts a paragraph when it has content, continues on lines indented
/// four columns and over empty lines, and takes lazy lines. Where the two
/// differ, the rewrite is adjusted and the buffer parsed again:
///
/// - the marker's kind (`-`, `+`, `*`, `1.`, `1)`) is one no line of the
///   buffer uses, so a stand-in never joins a real list; where no free kind
///   suits a line (all five used, or the one left would make a thematic
///   break with its text), a stand-in that joined a real list takes another;
/// - an empty rest becomes `___`, a thematic break that gives the item a
///   first child (an empty item would interrupt no paragraph); dropped on
///   conversion;
/// - a marker indented inside its container loses that indentation (a
///   definition continues four columns right of its container, an item four
///   columns right of its marker);
/// - a line of one to three columns of whitespace, or a quote line with
///   nothing after `>`, ends a definition but not an item: it becomes a
///   `___` terminator, also dropped;
/// - a candidate that did not become an item where its marker stood (it
///   lies in code, HTML or paragraph text) is left as written.
///
/// The extension layer reads the rewritten buffer (it sees real list items
/// four columns wide); ``original(_:)`` maps its offsets back afterwards.
struct FootnoteCut {
    /// One replacement of bytes of the original buffer.
    struct Edit {
        /// The bytes replaced in the original buffer.
        var original: Range<Int>
        /// Where the replacement starts and ends in the rewritten buffer.
        var edited: Range<Int>
    }

    /// The rewritten buffer cmark parses.
    let edited: [UInt8]
    /// The replacements, ascending.
    private let edits: [Edit]
    /// Rewritten offset of each stand-in marker → the label it stands for.
    let labels: [Int: String]
    /// Rewritten offsets of the `___` breaks the rewrite added.
    let breaks: Set<Int>

    /// The most parses a rewrite may take before it is used as it is.
    private static let maximumRounds = 12

    /// The rewrite of `buffer`, or `nil` when it holds no definition.
    ///
    /// - Complexity: O(n) per parse; one cmark parse per round (two when
    ///   `cutsTaskMarkers` and a task marker's rest starts with `[`), usually one
    ///   or two rounds (more only for indented markers, whitespace lines
    ///   inside notes, or markers that are not definitions).
    init?(_ buffer: UnsafeBufferPointer<UInt8>, cutsTaskMarkers: Bool = false) {
        var plan = FootnotePlan(buffer)
        guard !plan.lines.isEmpty else { return nil }
        var rewrite = plan.rewrite()
        for _ in 0..<Self.maximumRounds {
            let blocks = Self.probe(rewrite.edited, cutsTaskMarkers: cutsTaskMarkers)
            guard plan.adjust(after: blocks, rewrite: rewrite) else { break }
            rewrite = plan.rewrite()
        }
        guard !rewrite.labels.isEmpty else { return nil }
        edited = rewrite.edited
        edits = rewrite.edits
        labels = rewrite.labels
        breaks = rewrite.breaks
    }

    /// cmark's blocks of `text`, a rewrite, with offsets of `text`. With
    /// task lists on, the task markers a parse would cut (``TaskMarkerCut``)
    /// are cut first, as the parse after the rewrite cuts them: a rest that
    /// defines a label leaves its item without a paragraph, which two blank
    /// lines then end, so the lines after them are no longer the item's.
    private static func probe(_ text: [UInt8], cutsTaskMarkers: Bool) -> [Block] {
        text.withUnsafeBufferPointer { buffer in
            guard cutsTaskMarkers, let tasks = TaskMarkerCut(buffer) else {
                return CmarkNodeReader.parse(buffer, smart: false, contentStart: 0, mapOffset: { $0 })
            }
            return tasks.applied(to: text).withUnsafeBufferPointer {
                CmarkNodeReader.parse($0, smart: false, contentStart: 0, mapOffset: tasks.original)
            }
        }
    }

    /// The original offset of rewritten offset `offset`: a stand-in marker
    /// maps to the `[` of its definition, an added break to where it was
    /// added.
    ///
    /// - Complexity: O(log edits).
    func original(_ offset: Int) -> Int {
        guard let index = lastEdit(startingAtOrBefore: offset, \.edited) else { return offset }
        let edit = edits[index]
        if offset < edit.edited.upperBound { return edit.original.lowerBound }
        return offset - edit.edited.upperBound + edit.original.upperBound
    }

    /// The rewritten offset of original offset `offset` (the start of a
    /// replacement for an offset inside it).
    ///
    /// - Complexity: O(log edits).
    func editedOffset(_ offset: Int) -> Int {
        guard offset != .max else { return .max }
        guard let index = lastEdit(startingAtOrBefore: offset, \.original) else { return offset }
        let edit = edits[index]
        if offset < edit.original.upperBound { return edit.edited.lowerBound }
        return offset - edit.original.upperBound + edit.edited.upperBound
    }

    private func lastEdit(startingAtOrBefore offset: Int, _ side: KeyPath<Edit, Range<Int>>) -> Int? {
        var low = 0
        var high = edits.count
        while low < high {
            let mid = (low + high) / 2
            if edits[mid][keyPath: side].lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// `blocks` (parsed from ``edited``) with every list of stand-in items
    /// replaced by its items as ``BlockKind/footnoteDefinition(_:)`` blocks,
    /// and the added breaks dropped. Offsets stay those of ``edited``.
    ///
    /// - Complexity: O(blocks), iterative.
    func definitions(in blocks: [Block]) -> [Block] {
        var root = Block(id: .document, kind: .document, range: 0..<0, children: blocks)
        root.updateEach { block in
            if case .list(var attributes) = block.kind, attributes.tight, separatesItemContent(block) {
                attributes.tight = false
                block.kind = .list(attributes)
            }
            guard block.children.contains(where: isStandInList) || block.children.contains(where: isAddedBreak)
            else { return }
            var children: [Block] = []
            for child in block.children {
                if isAddedBreak(child) { continue }
                guard isStandInList(child) else {
                    children.append(child)
                    continue
                }
                for item in child.children {
                    var note = item
                    note.kind = .footnoteDefinition(FootnoteDefinition(label: labels[item.range.lowerBound] ?? ""))
                    note.children = item.children.filter { !isAddedBreak($0) }
                    children.append(note)
                }
            }
            block.children = children
        }
        return root.children
    }

    /// Whether a blank line the rewrite hid separates blocks of one of
    /// `list`'s items once its notes are taken out of their stand-in list:
    /// a blank line between two notes (it only loosened the stand-in
    /// list), or a whitespace line that ended a note (now a terminator)
    /// with more of the item, or another item, after it. cmark-gfm then
    /// finds the list loose.
    private func separatesItemContent(_ list: Block) -> Bool {
        for (index, item) in list.children.enumerated() {
            for (position, child) in item.children.enumerated() {
                if position < item.children.count - 1 || index < list.children.count - 1, endsWithTerminator(child) {
                    return true
                }
                if isStandInList(child), hasBlankLineBetweenItems(child) { return true }
            }
            if index < list.children.count - 1, endsWithTerminator(item) { return true }
        }
        return false
    }

    /// Whether `block` is a terminator or ends with one, followed through
    /// the last blocks of items and lists as cmark's
    /// `S_ends_with_blank_line` follows them: the block ended with a blank
    /// line (a terminator nested in an item of an inner list loosens the
    /// outer list too).
    private func endsWithTerminator(_ block: Block) -> Bool {
        var current = block
        while true {
            if isAddedBreak(current) { return !isEmptyRestBreak(current) }
            switch current.kind {
            case .list, .item:
                guard let last = current.children.last else { return false }
                current = last
            default:
                return false
            }
        }
    }

    /// Whether `block` is the `___` an empty definition got on its own line
    /// (not a terminator): its line holds a stand-in marker.
    private func isEmptyRestBreak(_ block: Block) -> Bool {
        let start = block.range.lowerBound
        return start >= 4 && labels[start - 4] != nil
    }

    private func hasBlankLineBetweenItems(_ list: Block) -> Bool {
        let items = list.children
        guard items.count > 1 else { return false }
        for k in 0..<(items.count - 1) {
            let gap = edited[
                min(items[k].range.upperBound, edited.count)..<min(items[k + 1].range.lowerBound, edited.count)]
            // A gap starting after a line break starts on a line of its own.
            var lineBreaks = gap.startIndex > 0 && edited[gap.startIndex - 1] == 0x0A ? 1 : 0
            var lineIsBlank = true
            for byte in gap {
                if byte == 0x0A {
                    if lineBreaks > 0 && lineIsBlank { return true }
                    lineBreaks += 1
                    lineIsBlank = true
                } else if byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != UInt8(ascii: ">") {
                    lineIsBlank = false
                }
            }
        }
        return false
    }

    private func isStandInList(_ block: Block) -> Bool {
        guard case .list = block.kind else { return false }
        return block.children.allSatisfy { labels[$0.range.lowerBound] != nil }
    }

    private func isAddedBreak(_ block: Block) -> Bool {
        guard case .thematicBreak = block.kind else { return false }
        return breaks.contains(block.range.lowerBound)
    }
}
