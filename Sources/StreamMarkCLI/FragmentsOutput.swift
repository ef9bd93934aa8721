import Foundation
import StreamMark
import StreamMarkHTML

/// `--format html --fragments`: NDJSON `{"id":…,"html":…}` for every
/// top-level block whose HTML changed, after every chunk; `"html":null` when
/// a block is gone. The fragments of the blocks in document order,
/// concatenated, are the document's HTML. While streaming, the last block's
/// fragment shows the provisional display (`docs/provisional.md`); after the
/// end of the input every fragment is the truth.
///
/// A list or block quote that grows at the end is sent as deltas
/// `{"id":…,"keep":K,"html":…}` (keep the first K UTF-8 bytes, append the
/// rest; ``FragmentTail``), so its closed items are never rendered or sent
/// again.
final class FragmentsOutput: StreamOutput {
    let cache: RenderCache<Int, String>
    private var emitted: [BlockID: String] = [:]
    /// The growing container sent as deltas, if any.
    private var tail: FragmentTail?
    /// The block whose last fragment showed a provisional display: sent
    /// again (as its truth) once the display moves on, even if no patch
    /// touches it.
    private var displayed: BlockID?

    /// Renders the open block's provisional display (never cached).
    let renderer: HTMLRenderer

    init(options: HTMLRenderer.RenderOptions) {
        let renderer = HTMLRenderer(options: options)
        self.renderer = renderer
        // Context 1: the block is an item of a tight list.
        cache = RenderCache { block, context, _ in renderer.render(block: block, inTightList: context == 1) }
    }

    /// Writes the fragments of the top-level blocks the patches touched
    /// (and of the open block, whose display may change), and `null` for
    /// top-level blocks that are gone.
    ///
    /// - Complexity: O(patches × depth) to find the touched top-level blocks
    ///   (``RenderCache/path(to:)``), plus their
    ///   rendering — for a growing list or quote only its children after
    ///   the last one rendered for good; never O(document).
    func consume(_ patches: [Patch], document: StreamingDocument) {
        guard !patches.isEmpty else { return }
        var touched = topLevelBlocks(touchedBy: patches)
        dropTailIfTouched(by: patches)
        do {
            try cache.apply(patches)
        } catch {
            cache.update(to: document.root)
            touched = Set(cache.root.children.map(\.id)).union(emitted.keys)
            tail = nil
        }
        for patch in patches {
            if case .insert(.document, _, let block) = patch { touched.insert(block.id) }
            if case .insert(let parent, _, _) = patch, parent != .document, let top = topLevelID(of: parent) {
                touched.insert(top)
            }
        }
        if let last = lastContentID { touched.insert(last) }
        if let displayed { touched.insert(displayed) }
        touchSection(&touched)
        displayed = nil
        var out = ""
        let display = Self.display(of: document)
        var present: Set<BlockID> = []
        for block in cache.root.children.reversed() where touched.contains(block.id) {
            present.insert(block.id)
            out = fragmentLine(for: block, display) + out
            if present.count == touched.count { break }
        }
        for id in touched.subtracting(present) where emitted[id] != nil || tail?.id == id {
            emitted[id] = nil
            if tail?.id == id { tail = nil }
            out = Self.line(id: id, html: nil) + out
        }
        if !out.isEmpty { OutputSink.standardOutput.write(out) }
    }

    /// The line for a touched top-level block ("" if its HTML is unchanged).
    /// The footnotes section is rendered with the notes it lists (never
    /// cached: its value does not change when a note's blocks do); a note
    /// renders as nothing in place.
    private func fragmentLine(for block: Block, _ display: ProvisionalDisplay) -> String {
        if let line = tailLine(for: block, display) { return line }
        let shown = displayHTML(of: block, display)
        if shown != nil { displayed = block.id }
        let html: String
        if case .footnotes = block.kind {
            html = renderer.render(block: block, in: cache.root)
        } else {
            html = shown ?? cache.output(for: block, context: 0)
        }
        guard emitted[block.id] != html else { return "" }
        emitted[block.id] = html
        return Self.line(id: block.id, html: html)
    }

    /// The delta line of a growing list or quote (the last top-level block
    /// before the footnotes section, with at least two children), `nil` for
    /// any other block.
    ///
    /// - Complexity: O(children after the prefix) plus the rendering of the
    ///   children that join the prefix (each once per stream).
    private func tailLine(for block: Block, _ display: ProvisionalDisplay) -> String? {
        let isLast = block.id == lastContentID
        let tight: Bool
        switch block.kind {
        case .list(let attributes): tight = attributes.tight
        case .blockQuote, .alert: tight = false
        default: return nil
        }
        let markup = renderer.containerMarkup(of: block)
        if tail?.id != block.id {
            guard isLast, block.children.count >= 2, display.openID != block.id else { return nil }
            tail = FragmentTail(container: block, opening: markup.opening)
            emitted[block.id] = nil
        }
        guard var state = tail else { return nil }
        let context = tight ? 1 : 0
        while state.frozenCount < block.children.count - 1 {
            state.prefixBytes += cache.output(for: block.children[state.frozenCount], context: context).utf8.count
            state.frozenCount += 1
        }
        var rest = Block(
            id: .document, kind: .document, range: 0..<0, children: Array(block.children[state.frozenCount...]))
        var html: String
        if isLast && display.differsFromTruth {
            displayed = block.id
            rest = display.applied(to: rest)
            html = rest.children.map { renderer.render(block: $0, inTightList: tight) }.joined()
        } else {
            html = rest.children.map { cache.output(for: $0, context: context) }.joined()
        }
        html += markup.closing
        defer { tail = state }
        let rendered = { (range: Range<Int>) in
            block.children[range].map { self.cache.output(for: $0, context: context) }.joined()
        }
        // The client holds the prefix it was last sent (`sentKeep` bytes,
        // `sentFrozenCount` children); children frozen since then were sent
        // in a tail, maybe as a display, so they go again, as their truth.
        let newlyFrozen = state.sentTail == nil ? 0..<state.frozenCount : state.sentFrozenCount..<state.frozenCount
        html = rendered(newlyFrozen) + html
        let keep = state.sentTail == nil ? 0 : state.sentKeep
        if state.sentTail != nil && newlyFrozen.isEmpty && state.sentTail == html { return "" }
        state.sentTail = html
        state.sentKeep = state.prefixBytes
        state.sentFrozenCount = state.frozenCount
        if keep == 0 { return Self.line(id: block.id, html: markup.opening + html) }
        return Self.line(id: block.id, keep: keep, html: html)
    }

    /// Forgets the growing container's prefix when a patch can change it.
    private func dropTailIfTouched(by patches: [Patch]) {
        guard let state = tail else { return }
        for patch in patches {
            var target = patch.id
            if case .insert(let parent, _, _) = patch { target = parent }
            guard target != .document, topLevelID(of: target) == state.id,
                let container = cache.root.children.last(where: { $0.id == state.id })
            else { continue }
            if state.isInvalidated(by: patch, container: container) {
                tail = nil
                return
            }
        }
    }

    /// The top-level blocks holding the blocks that `patches` update,
    /// remove or move, found in the tree before they apply.
    private func topLevelBlocks(touchedBy patches: [Patch]) -> Set<BlockID> {
        var result: Set<BlockID> = []
        for patch in patches {
            switch patch {
            case .update(let id, _), .remove(let id), .move(let id, _, _):
                if let top = topLevelID(of: id) { result.insert(top) }
            case .insert, .close:
                break
            }
        }
        return result
    }

    /// The id of the top-level block that is or contains `id`.
    ///
    /// - Complexity: O(depth) (``RenderCache/path(to:)``).
    private func topLevelID(of id: BlockID) -> BlockID? {
        guard let path = cache.path(to: id), path.count > 1 else { return nil }
        return path[1]
    }

    /// The last top-level block other than the footnotes section (the
    /// document's last child while it exists): where streaming changes
    /// happen and the open block is displayed.
    var lastContentID: BlockID? {
        let children = cache.root.children
        guard let last = children.last else { return nil }
        if case .footnotes = last.kind { return children.dropLast().last?.id }
        return last.id
    }

    /// Adds the footnotes section to `touched` when a touched top-level
    /// block is or holds a footnote definition: the section draws the
    /// notes, so it changes with them.
    ///
    /// - Complexity: O(1) without a section; else O(blocks of the touched
    ///   top-level blocks).
    private func touchSection(_ touched: inout Set<BlockID>) {
        guard let section = cache.root.children.last, case .footnotes = section.kind,
            !touched.contains(section.id)
        else { return }
        var seen = 0
        for block in cache.root.children.reversed() where touched.contains(block.id) {
            seen += 1
            var stack = [block]
            while let next = stack.popLast() {
                if case .footnoteDefinition = next.kind {
                    touched.insert(section.id)
                    return
                }
                stack.append(contentsOf: next.children)
            }
            if seen == touched.count { return }
        }
    }

    var renderCounts: (renders: Int, blocks: Int)? { (cache.renderCount, cache.renderCounts.count) }

    func finish(_ patches: [Patch], document: StreamingDocument) {
        consume(patches, document: document)
    }

    /// One NDJSON line.
    static func line(id: BlockID, html: String?) -> String {
        "{\"id\":\(quoted(id.rawValue)),\"html\":\(html.map(quoted) ?? "null")}\n"
    }

    /// One NDJSON delta line: keep `keep` UTF-8 bytes, then append `html`.
    static func line(id: BlockID, keep: Int, html: String) -> String {
        "{\"id\":\(quoted(id.rawValue)),\"keep\":\(keep),\"html\":\(quoted(html))}\n"
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    private static func quoted(_ text: String) -> String {
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
