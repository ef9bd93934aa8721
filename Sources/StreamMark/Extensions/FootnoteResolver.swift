/// Numbers footnotes as cmark-gfm's `process_footnotes` does, on values:
/// the first definition of a label to close wins (a note nested in another
/// closes first); references, walked in document order with the notes
/// still where they were written, give each defined note its number at its
/// first reference and each reference its occurrence; the referenced notes
/// are listed in number order by the ``BlockKind/footnotes(notes:)``
/// section, appended as the document's last child.
///
/// Unlike cmark-gfm, notes are not moved: they stay in the tree where they
/// were written (with number 0 when not listed), so a streamed note keeps
/// its parent while it grows and renumbering moves nothing.
struct FootnoteResolver {
    /// The winning definition of each label key: its id and label.
    private(set) var winners: [String: (id: BlockID, label: String, start: Int)] = [:]
    /// Number and reference count of each numbered label key.
    private(set) var numbers: [String: (number: Int, count: Int)] = [:]
    /// Label keys in number order.
    private(set) var order: [String] = []

    /// Resolves every footnote of `document` in place and appends the
    /// section when a note is referenced.
    ///
    /// - Complexity: O(n) in the size of the tree.
    static func resolve(_ document: inout Block) {
        var resolver = FootnoteResolver()
        resolver.collectDefinitions(document)
        document.forEach { block in block.forEachReference { resolver.count($0) } }
        document.updateEach { resolver.apply(to: &$0) }
        if let section = resolver.section() { document.children.append(section) }
    }

    /// Records the definitions under `root` in the order cmark-gfm closes
    /// them (children before their parent); the first of a key wins.
    mutating func collectDefinitions(_ root: Block) {
        var stack: [(Block, Bool)] = [(root, false)]
        while let (block, exiting) = stack.popLast() {
            if exiting {
                if case .footnoteDefinition(let note) = block.kind {
                    if let key = Self.key(note.label), winners[key] == nil {
                        winners[key] = (block.id, note.label, block.range.lowerBound)
                    }
                }
                continue
            }
            stack.append((block, true))
            for child in block.children.reversed() { stack.append((child, false)) }
        }
    }

    /// Counts one reference (in document order) and returns it resolved.
    @discardableResult
    mutating func count(_ reference: FootnoteReference) -> FootnoteReference {
        guard let key = Self.key(reference.source), let winner = winners[key] else {
            return FootnoteReference(source: reference.source)
        }
        var entry = numbers[key] ?? (order.count + 1, 0)
        if entry.count == 0 { order.append(key) }
        entry.count += 1
        numbers[key] = entry
        return FootnoteReference(
            source: reference.source, label: winner.label, number: entry.number, occurrence: entry.count)
    }

    /// Gives `block`'s references their numbers (counting them again, in
    /// the order ``count(_:)`` saw them) and a note its number and
    /// reference count.
    private mutating func apply(to block: inout Block) {
        if case .footnoteDefinition(var note) = block.kind {
            if let key = Self.key(note.label), winners[key]?.id == block.id, let entry = numbers[key] {
                note.number = entry.number
                note.referenceCount = entry.count
            } else {
                note.number = 0
                note.referenceCount = 0
            }
            block.kind = .footnoteDefinition(note)
        }
        block.mapReferences { resolved($0) }
    }

    /// Replays the numbering for ``apply(to:)``: occurrences are counted
    /// a second time from zero.
    private var replayed: [String: Int] = [:]

    private mutating func resolved(_ reference: FootnoteReference) -> FootnoteReference {
        guard let key = Self.key(reference.source), let winner = winners[key], let entry = numbers[key] else {
            return FootnoteReference(source: reference.source)
        }
        let occurrence = (replayed[key] ?? 0) + 1
        replayed[key] = occurrence
        return FootnoteReference(
            source: reference.source, label: winner.label, number: entry.number, occurrence: occurrence)
    }

    /// The section listing the numbered notes, or nil when none is. Its
    /// range is empty, where the first listed note starts (a fixed place
    /// while the document streams on).
    func section() -> Block? {
        guard let first = order.first, let start = winners[first]?.start else { return nil }
        return Block(
            id: .footnotes, kind: .footnotes(notes: order.compactMap { winners[$0]?.id }), range: start..<start)
    }

    /// The key two labels match by: cmark's `normalize_map_label` (trimmed,
    /// inner whitespace runs collapsed, case folded); labels over 1,000
    /// bytes match nothing (nil).
    static func key(_ label: String) -> String? {
        guard label.utf8.count <= 1000 else { return nil }
        var out: [UInt8] = []
        var pendingSpace = false
        var ascii = true
        for byte in label.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                pendingSpace = !out.isEmpty
            default:
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                if byte >= 0x80 { ascii = false }
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
            }
        }
        let key = String(decoding: out, as: UTF8.self)
        return ascii ? key : key.lowercased().uppercased().lowercased()
    }
}
