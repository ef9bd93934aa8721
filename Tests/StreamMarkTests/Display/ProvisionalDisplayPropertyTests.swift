import StreamMark
import Testing

/// Properties of the provisional display at every byte prefix of the 40
/// model answers in `Corpus/llm` (`docs/provisional.md`):
/// - the display never changes a block outside the open one (closed blocks,
///   ancestors, earlier siblings), and the first block shown in place of the
///   open one keeps its id; the others are named by offsets inside it;
/// - the display of a complete paragraph or heading (its line ended and a
///   blank line follows in the full answer) is the truth;
/// - after `finish()` the display is the truth;
/// - the bytes parsed for a display are bounded by the open block.
@Suite struct ProvisionalDisplayPropertyTests {
    static let files = CorpusFiles.markdownFiles(under: "llm")

    @Test func answersAreFound() { #expect(Self.files.count == 40) }

    @Test(arguments: files)
    func displayPropertiesAtEveryPrefix(_ path: String) {
        let bytes = CorpusFiles.bytes(path)
        var document = StreamingDocument()
        var displayed = 0
        for (index, byte) in bytes.enumerated() {
            document.append(bytes: CollectionOfOne(byte))
            let display = document.provisionalDisplay()
            guard let openID = display.openID, let open = Self.spineBlock(openID, in: document.root) else {
                #expect(display == .truth, "\(path) at \(index + 1)")
                continue
            }
            if display.differsFromTruth { displayed += 1 }
            let shown = display.applied(to: document.root)
            #expect(Self.sameOutside(shown, document.root, open: openID), "\(path) at \(index + 1)")
            #expect(Self.idsAreValid(display, open: open), "\(path) at \(index + 1): \(display.blocks.map(\.id))")
            let tail = document.byteCount - open.range.lowerBound
            #expect(document.statistics.lastDisplayParsedBytes <= tail + 64, "\(path) at \(index + 1)")
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0x0A
            if byte == 0x0A, next == 0x0A, open.kind.inlines != nil {
                #expect(!display.differsFromTruth, "\(path) at \(index + 1): complete \(openID) changed")
            }
        }
        #expect(displayed > 0, "\(path): the display never differed")
        document.finish()
        #expect(document.provisionalDisplay() == .truth)
        #expect(document.displayRoot() == document.root)
    }

    /// Random markup-dense documents (seeded): at every byte prefix the
    /// display is built without crashing, leaves everything outside the open
    /// block alone and keeps ids; after `finish()` it is the truth.
    @Test(arguments: 0..<8)
    func randomMarkupAtEveryPrefix(seed: UInt64) {
        let pieces = [
            "*", "**", "_", "__", "~~", "~", "`", "``", "[", "]", "(", ")", "![", "<", ">", "&", "&amp", "|", "\\",
            "#", "-", "=", "1.", " ", "  ", "\n", "\n\n", "word", "x", "2", "https://a.b", "\u{4E2D}", "> ",
            "- ", "    ", "```", "| a | b |\n", "|---|---|\n",
        ]
        var generator = SplitMix64(seed: seed)
        for _ in 0..<40 {
            var text = ""
            for _ in 0..<Int.random(in: 5...60, using: &generator) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            var document = StreamingDocument()
            for byte in text.utf8 {
                document.append(bytes: CollectionOfOne(byte))
                let display = document.provisionalDisplay()
                guard let openID = display.openID, let open = Self.spineBlock(openID, in: document.root) else {
                    #expect(display == .truth)
                    continue
                }
                #expect(
                    Self.sameOutside(display.applied(to: document.root), document.root, open: openID),
                    "\(text.debugDescription)")
                #expect(Self.idsAreValid(display, open: open), "\(text.debugDescription)")
            }
            document.finish()
            #expect(document.displayRoot() == document.root)
        }
    }

    /// The last block on the right spine with this id.
    static func spineBlock(_ id: BlockID, in root: Block) -> Block? {
        var block = root
        while let last = block.children.last {
            if last.id == id { return last }
            block = last
        }
        return nil
    }

    /// `shown` equals `truth` except for the open block's place.
    static func sameOutside(_ shown: Block, _ truth: Block, open: BlockID) -> Bool {
        guard shown.id == truth.id, shown.kind == truth.kind, shown.range == truth.range,
            let last = truth.children.last
        else { return false }
        let earlier = truth.children.count - 1
        guard shown.children.count >= earlier, Array(shown.children.prefix(earlier)) == truth.children.dropLast() else {
            return false
        }
        if last.id == open { return true }
        guard shown.children.count == truth.children.count else { return false }
        return sameOutside(shown.children[earlier], last, open: open)
    }

    /// The first shown block keeps the open block's id; every id is an
    /// offset id inside the open block, and none repeats.
    static func idsAreValid(_ display: ProvisionalDisplay, open: Block) -> Bool {
        guard display.differsFromTruth else { return display.blocks == [open] }
        if let first = display.blocks.first, first.id != open.id { return false }
        var seen: Set<BlockID> = []
        var valid = true
        for block in display.blocks {
            block.forEach { descendant in
                let raw = descendant.id.rawValue
                let digits = raw.dropFirst().prefix(while: \.isNumber)
                let rest = raw.dropFirst(1 + digits.count)
                guard raw.first == "e", let offset = Int(digits), rest.isEmpty || rest == ".list",
                    offset >= open.range.lowerBound, seen.insert(descendant.id).inserted
                else {
                    valid = false
                    return
                }
            }
        }
        return valid
    }
}
