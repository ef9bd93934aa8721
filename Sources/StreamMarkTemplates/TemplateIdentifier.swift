import StreamMark

/// Gives the blocks parsed from a rendering their template identities and
/// rebases their ranges (see `docs/templates.md`).
///
/// - The *scope* of a block is the innermost iteration whose output holds
///   the whole block (or the document).
/// - The first block of an iteration whose parent lies outside that
///   iteration is its *head*: id `t<loop>:<key>` (nested: `…/t<loop>:<key>`).
/// - Later blocks of the same iteration under the same parent as the head
///   are its followers: `<head>+1`, `<head>+2`…
/// - Any other block is template-positioned: `t<offset of its first byte in
///   the template>`, prefixed by its iteration's path and `/` inside an
///   iteration; a repeat of the same position under one parent becomes
///   `…+1`, `…+2`.
/// - A list that would be an iteration's keyed block but reaches the end of
///   the iteration's output belongs to the enclosing scope: it is the list
///   the loop's items share, holding one iteration's items for now.
/// - Lists add `.list` (a list starts where its first item starts).
/// - Ranges lose trailing blanks and line endings, and are measured from the latest *origin* of the block's scope: the
///   scope's start, or the start or end of a loop or conditional directly
///   inside it, so output elsewhere never shifts them.
struct TemplateIdentifier {
    let renderer: TemplateRenderer
    /// For each output byte, the innermost iteration that produced it (-1: none).
    private var innermost: [Int32]
    private var heads: [BlockID?]
    private var headParents: [BlockID?]
    private var followerCounts: [Int]
    private var blockIDs: [[BlockID]]
    private var used: Set<BlockID> = []

    init(renderer: TemplateRenderer) {
        self.renderer = renderer
        var innermost = [Int32](repeating: -1, count: renderer.output.count)
        for (index, iteration) in renderer.iterations.enumerated() {
            for offset in iteration.range { innermost[offset] = Int32(index) }
        }
        self.innermost = innermost
        let count = renderer.iterations.count
        heads = Array(repeating: nil, count: count)
        headParents = Array(repeating: nil, count: count)
        followerCounts = Array(repeating: 0, count: count)
        blockIDs = Array(repeating: [], count: count)
    }

    /// Identifies `document` (as parsed from the renderer's output) and
    /// returns the rendering.
    ///
    /// - Complexity: O(blocks × loop nesting depth + output length).
    mutating func identify(_ document: Block, markdown: String) -> TemplateRendering {
        var root = document
        root.id = .document
        root.range = 0..<renderer.output.count
        used.insert(.document)
        identifyChildren(of: &root, scope: -1)
        let iterations = renderer.iterations
        let items = iterations.indices.map { index -> TemplateItem in
            let iteration = iterations[index]
            return TemplateItem(
                path: iteration.path, key: iteration.key, loopOffset: iteration.loopOffset, index: iteration.index,
                data: iteration.data,
                markdown: String(decoding: renderer.output[iteration.range], as: UTF8.self),
                parent: iteration.parent >= 0 ? iteration.parent : nil,
                headID: heads[index], blockIDs: blockIDs[index])
        }
        return TemplateRendering(markdown: markdown, document: root, items: items)
    }

    private func scope(of range: Range<Int>) -> Int {
        guard range.lowerBound < innermost.count else { return -1 }
        var scope = Int(innermost[range.lowerBound])
        while scope >= 0 && renderer.iterations[scope].range.upperBound < range.upperBound {
            scope = renderer.iterations[scope].parent
        }
        return scope
    }

    /// The scope of a list: a list that would be an iteration's keyed block
    /// but reaches the end of the iteration's output is the list the loop's
    /// items share (holding this iteration's items only for now), so it
    /// belongs to the enclosing scope.
    private func listScope(_ range: Range<Int>, scope: Int, parentScope: Int) -> Int {
        var scope = scope
        while scope >= 0 && scope != parentScope && heads[scope] == nil
            && range.upperBound == trimmed(renderer.iterations[scope].range).upperBound
        {
            scope = renderer.iterations[scope].parent
        }
        return scope
    }

    private func origin(of start: Int, scope: Int) -> Int {
        let points = renderer.origins[scope + 1]
        // Last origin <= start (points are ascending).
        var low = 0
        var high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid] <= start { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? points[low - 1] : 0
    }

    private mutating func identifyChildren(of parent: inout Block, scope parentScope: Int) {
        var positions: [String: Int] = [:]
        for index in parent.children.indices {
            var child = parent.children[index]
            let range = trimmed(child.range)
            child.range = range
            var isList = false
            if case .list = child.kind { isList = true }
            let scope =
                isList
                ? listScope(range, scope: scope(of: range), parentScope: parentScope) : scope(of: range)
            var id: String
            if scope >= 0 && scope != parentScope && heads[scope] == nil {
                id = renderer.iterations[scope].path
                headParents[scope] = parent.id
            } else if scope >= 0 && scope != parentScope && headParents[scope] == parent.id {
                followerCounts[scope] += 1
                id = renderer.iterations[scope].path + "+\(followerCounts[scope])"
            } else {
                let start = min(range.lowerBound, renderer.sourceOffsets.count - 1)
                let prefix = scope >= 0 ? renderer.iterations[scope].path + "/" : ""
                let base = prefix + "t\(start >= 0 ? renderer.sourceOffsets[start] : 0)"
                let repeats = positions[base, default: 0]
                positions[base] = repeats + 1
                id = repeats == 0 ? base : base + "+\(repeats)"
            }
            if isList { id += ".list" }
            var blockID = BlockID(id)
            if used.contains(blockID) {
                var n = 2
                while used.contains(BlockID(id + "~\(n)")) { n += 1 }
                blockID = BlockID(id + "~\(n)")
            }
            used.insert(blockID)
            if scope >= 0 && heads[scope] == nil { heads[scope] = blockID }
            var s = scope
            while s >= 0 {
                blockIDs[s].append(blockID)
                s = renderer.iterations[s].parent
            }
            child.id = blockID
            let delta = origin(of: range.lowerBound, scope: scope)
            rebase(&child, by: delta)
            if !child.children.isEmpty {
                identifyChildren(of: &child, scope: scope)
            }
            parent.children[index] = child
        }
    }

    /// The range without trailing blanks and line endings, which cmark
    /// includes or not depending on what follows the block (the last item of
    /// a list reaches over the newline after it).
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        let output = renderer.output
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 }
        var end = min(range.upperBound, output.count)
        let start = min(range.lowerBound, end)
        while end > start, isBlank(output[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Shifts the block's own range and its table cells' ranges (not its
    /// children: they are rebased on their own).
    private func rebase(_ block: inout Block, by delta: Int) {
        guard delta != 0 else { return }
        block.range = (block.range.lowerBound - delta)..<(block.range.upperBound - delta)
        switch block.kind {
        case .table(var attributes):
            for i in attributes.header.indices {
                attributes.header[i].range = shifted(attributes.header[i].range, delta)
            }
            block.kind = .table(attributes)
        case .tableRow(var cells):
            for i in cells.indices { cells[i].range = shifted(cells[i].range, delta) }
            block.kind = .tableRow(cells: cells)
        default: break
        }
    }

    private func shifted(_ range: Range<Int>, _ delta: Int) -> Range<Int> {
        (range.lowerBound - delta)..<(range.upperBound - delta)
    }
}
