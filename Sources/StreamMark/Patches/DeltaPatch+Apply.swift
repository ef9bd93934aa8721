extension DeltaPatch {
    /// Applies `patches` in order to `root`, as a version-2 client does.
    ///
    /// - Complexity: per patch, O(blocks searched) to find the block (last
    ///   children first, where streamed changes happen; a client that keeps
    ///   its tree should index it, docs/patches.md) plus O(size of the
    ///   patch); an `append` to a code block is amortized O(text).
    public static func apply(_ patches: [DeltaPatch], to root: inout Block) throws(PatchError) {
        for patch in patches { try patch.apply(to: &root) }
    }

    /// Applies this patch to `root`.
    public func apply(to root: inout Block) throws(PatchError) {
        try apply(toTarget: &root)
    }

    /// Applies this patch to `tree`, a tree with an index of its blocks.
    ///
    /// - Complexity: O(depth) to find the block while the index holds
    ///   (``LocatedTree/indexPath(to:)``), plus the size of the patch.
    package func apply(to tree: inout LocatedTree) throws(PatchError) {
        try apply(toTarget: &tree)
    }

    /// Applies this patch to any tree patches apply to.
    private func apply(toTarget root: inout some PatchTarget) throws(PatchError) {
        switch self {
        case .insert(let parent, let index, let block):
            guard try root.insert(block, in: parent, at: index) else {
                throw PatchError(description: "insert \(block.id): index \(index ?? -1) out of range in \(parent)")
            }
        case .remove(let id):
            try Patch.remove(id: id).apply(toTarget: &root)
        case .move(let id, let parent, let index):
            try Patch.move(id: id, parent: parent, index: index).apply(toTarget: &root)
        case .close(let id):
            try Patch.close(id: id).apply(toTarget: &root)
        case .update(let id, let kind):
            try root.withBlock(id) { (target: inout Block) throws(PatchError) in
                target.kind = kind
            }
        case .retype(let id, let kind):
            try root.withBlock(id) { (target: inout Block) throws(PatchError) in
                guard let inlines = target.kind.inlines, kind.inlines != nil else {
                    throw PatchError(
                        description: "retype \(id): \(target.kind.name) to \(kind.name) has no inlines to keep")
                }
                target.kind = kind.replacingInlines(with: inlines)
            }
        case .append(let id, let cell, let drop, let before, let text):
            let edit = TextEdit(drop: drop, before: before, text: text)
            try root.withBlock(id) { (target: inout Block) throws(PatchError) in
                try Self.append(edit, cell: cell, to: &target.kind, id: id)
            }
        case .highlight(let id, let firstLine, _):
            // Highlighting changes no value; the block must be code.
            try root.withBlock(id) { (target: inout Block) throws(PatchError) in
                guard case .codeBlock = target.kind, firstLine >= 0 else {
                    throw PatchError(description: "highlight \(id): not a code block, or a negative line")
                }
            }
        case .splice(let id, let cell, let keep, let inlines):
            try root.withBlock(id) { (target: inout Block) throws(PatchError) in
                try Self.modifyInlines(of: &target.kind, cell: cell, id: id) {
                    (old: inout [Inline]) throws(PatchError) in
                    guard keep >= 0 && keep <= old.count else {
                        throw PatchError(description: "splice \(id): keep \(keep) of \(old.count) inlines")
                    }
                    old.replaceSubrange(keep..., with: inlines)
                }
            }
        }
    }

    private static func append(
        _ edit: TextEdit, cell: Int?, to kind: inout BlockKind, id: BlockID
    ) throws(PatchError) {
        if cell == nil {
            switch kind {
            case .codeBlock(var code):
                kind = .document  // release the literal so appending does not copy it
                defer { kind = .codeBlock(code) }
                try edit.apply(to: &code.literal, id: id)
                return
            case .htmlBlock(var literal):
                kind = .document
                defer { kind = .htmlBlock(literal: literal) }
                try edit.apply(to: &literal, id: id)
                return
            default: break
            }
        }
        try modifyInlines(of: &kind, cell: cell, id: id) { (inlines: inout [Inline]) throws(PatchError) in
            if case .text(var last)? = inlines.last {
                inlines[inlines.count - 1] = .softBreak  // release the string before growing it
                defer { inlines[inlines.count - 1] = .text(last) }
                try edit.apply(to: &last, id: id)
            } else if edit.drop == 0 && edit.before == 0 {
                inlines.append(.text(edit.text))
            } else {
                throw PatchError(description: "append \(id): drop or before after a non-text inline")
            }
        }
    }

    private static func modifyInlines(
        of kind: inout BlockKind, cell: Int?, id: BlockID, _ body: (inout [Inline]) throws(PatchError) -> Void
    ) throws(PatchError) {
        switch (kind, cell) {
        case (.paragraph(var inlines), nil):
            kind = .document
            defer { kind = .paragraph(inlines: inlines) }
            try body(&inlines)
        case (.heading(let level, var inlines), nil):
            kind = .document
            defer { kind = .heading(level: level, inlines: inlines) }
            try body(&inlines)
        case (.tableRow(var cells), let cell?):
            guard cell >= 0 && cell < cells.count else {
                throw PatchError(description: "\(id): no cell \(cell) of \(cells.count)")
            }
            kind = .document
            defer { kind = .tableRow(cells: cells) }
            try body(&cells[cell].inlines)
        default:
            throw PatchError(
                description: "\(id): a \(kind.name) has no text to change\(cell.map { " in cell \($0)" } ?? "")")
        }
    }
}
