import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// The "body" rule: streaming renders a block only when it changed.
@Suite("Render counts")
struct RenderCountTests {
    /// Every block of the tree by id.
    static func blocks(_ root: Block) -> [BlockID: Block] {
        var result: [BlockID: Block] = [:]
        root.forEach { result[$0.id] = $0 }
        return result
    }

    /// Streams a Corpus answer in 4-byte chunks through a render cache whose
    /// containers compose their children. After each append, a block renders
    /// exactly once if its subtree differs from the previous append's
    /// (compared as values here, independently of the cache) and zero times
    /// otherwise, so a closed block that never changes again is rendered for
    /// the last time when it closed.
    @Test(arguments: CorpusAnswers.names)
    func blocksRenderOncePerChange(name: String) throws {
        let bytes = CorpusAnswers.bytes(name)
        #expect(!bytes.isEmpty)
        var document = StreamingDocument()
        let cache = RenderCache<Int, String> { block, _, child in
            var out = block.kind.name + "\(block.range)" + "{"
            for index in block.children.indices { out += child(index, 0) }
            return out + "}"
        }
        var previous: [BlockID: Block] = [:]
        var closedUnchanged: [BlockID: Int] = [:]
        var appends = 0
        func check(_ patches: [Patch]) throws {
            appends += 1
            try cache.apply(patches)
            #expect(cache.root == document.root)
            let before = cache.renderCounts
            _ = cache.output(for: cache.root, context: 0)
            let current = Self.blocks(cache.root)
            for (id, block) in current {
                let renders = cache.renderCount(of: id) - (before[id] ?? 0)
                let changed = previous[id] != block
                #expect(renders == (changed ? 1 : 0), "\(name) append \(appends): \(id) rendered \(renders)×")
                if document.isClosed(id) && !changed { closedUnchanged[id, default: 0] += 1 }
            }
            previous = current
        }
        for chunk in CorpusAnswers.chunks(bytes, size: 4) { try check(document.append(bytes: chunk)) }
        try check(document.finish())
        // Every block of the final tree was rendered, and the total is the
        // sum of the per-append expectations.
        for id in previous.keys { #expect(cache.renderCount(of: id) >= 1) }
        #expect(cache.renderCount >= previous.count)
        #expect(closedUnchanged.count > 0)
    }

    /// The same stream through the live terminal writer (every fourth
    /// answer): no block renders more than once per append, and an
    /// unchanged block never renders again unless its parent changed.
    @Test(arguments: LiveTerminalWriterTests.names)
    func terminalWriterRendersChangesOnly(name: String) {
        let bytes = CorpusAnswers.bytes(name)
        var document = StreamingDocument()
        var terminal = VirtualTerminal(columns: 60, rows: 200)
        let writer = LiveTerminalWriter(
            renderer: TerminalRenderer(options: TerminalOptions(width: 60)), live: true, height: 200
        ) { terminal.feed($0) }
        var previous: [BlockID: Block] = [:]
        var appends = 0
        for chunk in CorpusAnswers.chunks(bytes, size: 4) {
            appends += 1
            let before = writer.cache.renderCounts
            let patches = document.append(bytes: chunk)
            writer.update(with: patches, isClosed: { document.isClosed($0) })
            let current = Self.blocks(document.root)
            var parents: [BlockID: BlockID] = [:]
            for block in current.values { for child in block.children { parents[child.id] = block.id } }
            for (id, block) in current {
                let renders = writer.cache.renderCount(of: id) - (before[id] ?? 0)
                #expect(renders <= 1, "\(name) append \(appends): \(id) rendered \(renders)×")
                // An unchanged block renders again only when its parent's
                // value changed (its layout context may have: a list turning
                // loose, a table's column widths).
                let parentChanged = parents[id].map { previous[$0]?.value != current[$0]?.value } ?? false
                if previous[id] == block && !parentChanged {
                    #expect(renders == 0, "\(name) append \(appends): unchanged \(id) rendered")
                }
            }
            previous = current
        }
        writer.finish(with: document.finish())
        for block in document.root.children {
            #expect(writer.cache.renderCount(of: block.id) >= 1)
        }
    }
}
