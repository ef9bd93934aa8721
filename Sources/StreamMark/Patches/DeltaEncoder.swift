#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the engine's patches (``Patch``) into version-2 delta patches
/// (``DeltaPatch``): a growing code block gets `append`s of its new text, a
/// growing paragraph, heading or table cell gets `append`s or `splice`s of
/// its inline tail, range-only updates are dropped, and a `close` inside a
/// subtree that is already closed is dropped.
///
/// The encoder keeps its own copy of the engine's tree (the tree before
/// each batch) to compare each updated value with the old one, so it works
/// on any patch stream, whoever produced it. One encoder per stream.
public struct DeltaEncoder: Sendable {
    /// The engine's tree as of the patches encoded so far.
    ///
    /// - Complexity: O(n) when ranges changed since the last read (they are
    ///   set on the tree when it is read), else O(1).
    public var tree: Block {
        guard !pendingRanges.isEmpty else { return storedTree.root }
        let ranges = pendingRanges
        return storedTree.root.mapped { block in
            if let range = ranges[block.id] { block.range = range }
        }
    }

    /// The tree as of the patches encoded so far, except that containers
    /// may still have older ranges: for readers of its structure and
    /// values (``CodeHighlights``), without the O(n) of ``tree``.
    ///
    /// - Complexity: O(1).
    var treeWithoutContainerRanges: Block { storedTree.root }

    /// The tree, with the ranges of `pendingRanges` not yet set, and where
    /// each of its blocks is: a late definition updates frozen blocks
    /// anywhere, found in O(depth) (``LocatedTree``).
    private var storedTree = LocatedTree()
    /// The kind of every container of the tree, by id: an update that changes
    /// only a container's range (every ancestor of a growing block, on
    /// every parse) is answered without searching the tree, so a batch
    /// costs O(patches), not O(patches × depth).
    private var kinds: [BlockID: BlockKind] = [.document: .document]
    /// Ranges of range-only updates, for ``tree``.
    private var pendingRanges: [BlockID: Range<Int>] = [:]
    private var closed: Set<BlockID> = []
    private var target = ContinuationTarget()

    /// Creates an encoder for a new stream (an empty document).
    public init() {}

    /// The delta patches for one batch of the engine's patches, in order.
    ///
    /// - Complexity: per patch, O(depth) to find the block (``LocatedTree``)
    ///   plus O(old + new value) to compare an updated value (one
    ///   `memcmp` for a literal or a last text inline that grew); O(1) for
    ///   an update of a container's range alone.
    public mutating func encode(_ patches: [Patch]) -> [DeltaPatch] {
        var result: [DeltaPatch] = []
        for patch in patches { encode(patch, into: &result) }
        return result
    }

    /// Appends the delta patches for `patch` to `result`.
    public mutating func encode(_ patch: Patch, into result: inout [DeltaPatch]) {
        switch patch {
        case .insert(let parent, let index, let block):
            let atEnd = storedTree.block(withID: parent).map { $0.children.count == index } ?? false
            emit(.insert(parent: parent, index: atEnd ? nil : index, block: block), into: &result)
            if block.kind.isContainer, kinds[parent] != nil {
                block.visit { descendant in
                    guard descendant.kind.isContainer else { return false }
                    kinds[descendant.id] = descendant.kind
                    return true
                }
            }
        case .remove(let id):
            if let removed = storedTree.block(withID: id) {
                removed.forEach {
                    closed.remove($0.id)
                    guard $0.kind.isContainer else { return }
                    kinds[$0.id] = nil
                    pendingRanges[$0.id] = nil
                }
            }
            emit(.remove(id: id), into: &result)
        case .move(let id, let parent, let index):
            emit(.move(id: id, parent: parent, index: index), into: &result)
        case .close(let id):
            let ancestors = storedTree.ancestorIDs(of: id) ?? []
            if !ancestors.contains(where: { closed.contains($0) }) { emit(.close(id: id), into: &result) }
            closed.insert(id)
        case .update(let id, let value):
            if value.kind.isContainer, kinds[id] == value.kind {
                // A container's range alone changed: nothing to send
                // (version 2 has no ranges). Leaves take the path below,
                // whose comparison is cheaper for a literal that grew.
                pendingRanges[id] = value.range
                return
            }
            var old: BlockKind?
            try? storedTree.withBlock(id) { (target: inout Block) throws(PatchError) in
                old = target.kind
                target.kind = value.kind
                target.range = value.range
            }
            if let old {
                if value.kind.isContainer || old.isContainer {
                    kinds[id] = value.kind.isContainer ? value.kind : nil
                    pendingRanges[id] = nil
                }
                appendDelta(id: id, from: old, to: value.kind, into: &result)
            } else {
                emit(.update(id: id, kind: value.kind), into: &result)
            }
            return
        }
        try? patch.apply(to: &storedTree)
    }

    /// Appends `patch` to `result` and remembers the continuation target.
    private mutating func emit(_ patch: DeltaPatch, into result: inout [DeltaPatch]) {
        target.advance(past: patch)
        result.append(patch)
    }

    /// Appends the cheapest delta patches that turn `old` into `new`.
    mutating func appendDelta(id: BlockID, from old: BlockKind, to new: BlockKind, into result: inout [DeltaPatch]) {
        switch (old, new) {
        case (.codeBlock(let o), .codeBlock(let n)) where o.info == n.info && o.fenced == n.fenced:
            if appendText(id: id, cell: nil, from: o.literal, to: n.literal, into: &result) { return }
        case (.htmlBlock(let o), .htmlBlock(let n)):
            if appendText(id: id, cell: nil, from: o, to: n, into: &result) { return }
        case (.paragraph(let o), .paragraph(let n)):
            appendInlineDelta(id: id, cell: nil, from: o, to: n, into: &result)
            return
        case (.heading(let lo, let o), .heading(let ln, let n)) where lo == ln:
            appendInlineDelta(id: id, cell: nil, from: o, to: n, into: &result)
            return
        case (.tableRow(let o), .tableRow(let n)) where o.count == n.count:
            for i in o.indices where o[i].inlines != n[i].inlines {
                appendInlineDelta(id: id, cell: i, from: o[i].inlines, to: n[i].inlines, into: &result)
            }
            return
        default:
            break
        }
        if let o = old.inlines, let n = new.inlines, o == n, old.name != new.name || old != new {
            emit(.retype(id: id, kind: new), into: &result)
            return
        }
        if old.removingRanges() != new.removingRanges() { emit(.update(id: id, kind: new), into: &result) }
    }

    /// Emits the `append` that turns the text `old` into `new`, if one does
    /// (the same text up to an ASCII tail); returns whether it did.
    private mutating func appendText(
        id: BlockID, cell: Int?, from old: String, to new: String, into result: inout [DeltaPatch]
    ) -> Bool {
        let preferred = target.matches(id: id, cell: cell) ? (target.drop, target.before) : nil
        guard let edit = Self.textDelta(from: old, to: new, preferred: preferred) else { return false }
        if edit.drop > 0 || !edit.text.isEmpty {
            emit(
                .append(id: id, cell: cell, drop: edit.drop, before: edit.before, text: edit.text), into: &result)
        }
        return true
    }

    /// Appends the `append` and `splice` that turn the inlines `old` into `new`.
    mutating func appendInlineDelta(
        id: BlockID, cell: Int?, from old: [Inline], to new: [Inline], into result: inout [DeltaPatch]
    ) {
        var keep = 0
        let common = min(old.count, new.count)
        while keep < common && old[keep] == new[keep] { keep += 1 }
        if keep == old.count && keep == new.count { return }
        if keep == old.count - 1, keep < new.count, case .text(let o) = old[keep], case .text(let n) = new[keep],
            keep == new.count - 1 || n.utf8.count > 16 || n.utf8.starts(with: o.utf8),
            appendText(id: id, cell: cell, from: o, to: n, into: &result)
        {
            // The old last text inline changed at its end (and is the last
            // one, or only grew, or keeps more than 16 bytes: a math opener
            // that closed, `when \( n` becoming `when ` and the math, costs
            // a drop and a splice of the math alone; for a shorter text, a
            // drop followed by a splice costs more than the splice).
            keep += 1
        } else if keep == old.count, keep < new.count, case .text(let n) = new[keep], !Self.endsWithText(old) {
            // A text inline after a non-text one (or in empty content).
            emit(.append(id: id, cell: cell, drop: 0, before: 0, text: n), into: &result)
            keep += 1
        }
        if keep < new.count || keep < old.count {
            emit(.splice(id: id, cell: cell, keep: keep, inlines: Array(new[keep...])), into: &result)
        }
    }

    private static func endsWithText(_ inlines: [Inline]) -> Bool {
        if case .text? = inlines.last { true } else { false }
    }

    /// How `new` follows from `old` as a ``TextEdit``, or `nil` if the
    /// bytes that differ are not ASCII. Tries `preferred` (the previous
    /// append's counts, so the wire can send a bare continuation line),
    /// then keeping a final newline at the end (`before` 1: a code block's
    /// last line), then a plain drop.
    ///
    /// - Complexity: one `memcmp` of `old` when the text grew at its end or
    ///   the preferred counts hold, else O(old).
    static func textDelta(from old: String, to new: String, preferred: (drop: Int, before: Int)?) -> TextEdit? {
        var new = new
        var old = old
        return new.withUTF8 { (n: UnsafeBufferPointer<UInt8>) -> TextEdit? in
            old.withUTF8 { (o: UnsafeBufferPointer<UInt8>) -> TextEdit? in
                func isASCII(_ range: Range<Int>) -> Bool { !o[range].contains { $0 >= 0x80 } }
                func text(_ range: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: n[range]), as: UTF8.self)
                }
                func samePrefix(_ count: Int) -> Bool {
                    count == 0 || memcmp(n.baseAddress!, o.baseAddress!, count) == 0
                }
                /// Whether both end with the same `before` ASCII bytes.
                func sameEnd(_ before: Int) -> Bool {
                    guard before <= o.count && before <= n.count else { return false }
                    var k = 1
                    while k <= before {
                        if o[o.count - k] != n[n.count - k] || o[o.count - k] >= 0x80 { return false }
                        k += 1
                    }
                    return true
                }
                if let (drop, before) = preferred, drop <= 64, sameEnd(before), drop <= o.count - before {
                    let keep = o.count - before - drop
                    if keep <= n.count - before, samePrefix(keep), isASCII(keep..<(o.count - before)) {
                        return TextEdit(drop: drop, before: before, text: text(keep..<(n.count - before)))
                    }
                }
                func minimal(before: Int) -> TextEdit? {
                    guard sameEnd(before) else { return nil }
                    let oldHead = o.count - before
                    let newHead = n.count - before
                    var common = 0
                    if oldHead <= newHead, samePrefix(oldHead) {
                        common = oldHead
                    } else {
                        let limit = min(oldHead, newHead)
                        while common < limit && o[common] == n[common] { common += 1 }
                    }
                    // Back off to the start of a character: the dropped
                    // part must be whole ASCII characters.
                    while common > 0 && common < oldHead && o[common] & 0xC0 == 0x80 { common -= 1 }
                    guard isASCII(common..<oldHead) else { return nil }
                    return TextEdit(drop: oldHead - common, before: before, text: text(common..<newHead))
                }
                if o.last == 0x0A && n.last == 0x0A, let edit = minimal(before: 1) { return edit }
                return minimal(before: 0)
            }
        }
    }
}
