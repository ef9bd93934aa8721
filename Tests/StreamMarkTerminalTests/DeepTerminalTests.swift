import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// 10,000 nested block quotes and list levels, streamed and rendered for
/// the terminal on a thread with a 512 KiB stack. The render cache lets
/// renders nest only so deep on the stack and renders deeper children
/// from an explicit stack (`RenderCache.output(for:context:)`).
@Suite struct DeepTerminalTests {
    static let halfMiB = 512 << 10
    static let depth = 10_000

    /// Streams `markdown` in 64-byte chunks and renders the final tree
    /// without color, both on a 512 KiB thread.
    static func render(_ markdown: String, width: Int = 80) -> String {
        LargeStack.run(stackSize: halfMiB) {
            var document = StreamingDocument()
            let bytes = Array(markdown.utf8)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 64, bytes.count)
                _ = document.append(bytes: bytes[offset..<end])
                offset = end
            }
            _ = document.finish()
            let renderer = TerminalRenderer(options: TerminalOptions(width: width, color: false, hyperlinks: false))
            return renderer.render(document: document.root)
        }
    }

    /// A quote draws a bar and a space in front of each line of its content.
    @Test func tenThousandQuotes() {
        let output = Self.render(String(repeating: "> ", count: Self.depth) + "x\n")
        #expect(output == String(repeating: "│ ", count: Self.depth) + "x\n")
    }

    /// An item of a tight bullet list starts with its bullet (•, ◦, ▪ by
    /// nesting level) and a space.
    @Test func tenThousandBulletLevels() {
        let output = Self.render(String(repeating: "- ", count: Self.depth) + "x\n")
        let bullets = ["•", "◦", "▪"]
        let expected = (0..<Self.depth).map { bullets[$0 % 3] + " " }.joined() + "x\n"
        #expect(output == expected)
    }

    /// The live tail's view of an open block 10,000 levels deep (the last
    /// rows of each list and quote down the last path) on a 512 KiB stack:
    /// a chain of single children keeps everything.
    @Test func liveTailViewOfADeepBlock() {
        let ok = LargeStack.run(stackSize: Self.halfMiB) { () -> Bool in
            let markdown = String(repeating: "> - ", count: Self.depth / 2) + "x\n>\n> y\n"
            let root = MarkdownParser().parse(markdown)
            let (view, narrowed) = LiveTerminalWriter.tailView(of: root.children[0], rows: 1)
            // The top quote keeps its last child only (the paragraph `y`).
            return narrowed && view.children.count == 1 && view.children[0] == root.children[0].children.last!
                && LiveTerminalWriter.tailView(of: root.children[0].children[0], rows: 24) == (
                    root.children[0].children[0], false
                )
        }
        #expect(ok)
    }

    /// The renderer and the cache at a depth where renders nest on the
    /// stack (below `RenderCache`'s limit) and just past it give the same
    /// lines as the bars predict.
    @Test(arguments: [1, 31, 32, 33, 64, 65])
    func quotesAroundTheNestingLimit(depth: Int) {
        let output = Self.render(String(repeating: "> ", count: depth) + "x\n")
        #expect(output == String(repeating: "│ ", count: depth) + "x\n")
    }
}
