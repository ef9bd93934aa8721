import StreamMark
import Testing

/// Seeded random bytes from a Markdown-heavy alphabet through the
/// extension layer: it never crashes, every range lies inside the text,
/// every block's id is derived from where its range starts, cells lie
/// inside their rows, and with the extensions off the tree is cmark's.
@Suite struct ExtensionFuzzTests {
    static let alphabet: [[UInt8]] = [
        "|", "|", "-", "-", ":", "~", "~", "`", "\\", "*", "_", "[", "]", "(", ")", ">", " ", " ", "  ", "\t", "\n",
        "\n", "\r\n", "\r", "w", "www.", "http://", "a.b", "@", ".", "x", "1.", "#", "=", "<", "&", "é", "\u{A0}",
        "[ ] ", "[x] ", "- ", "> ", "    ", "日",
    ].map { Array($0.utf8) }

    static func bytes(seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var result: [UInt8] = []
        for _ in 0..<Int.random(in: 1...300, using: &random) {
            result += alphabet.randomElement(using: &random)!
        }
        return result
    }

    static func check(_ block: Block, length: Int, issues: inout [String]) {
        if block.range.lowerBound < 0 || block.range.upperBound > length {
            issues.append("\(block.id) range \(block.range) outside 0..<\(length)")
        }
        switch block.kind {
        case .document: break
        case .list:
            if block.id != .list(block.range.lowerBound) { issues.append("\(block.id) at \(block.range)") }
        default:
            if block.id != .source(block.range.lowerBound) { issues.append("\(block.id) at \(block.range)") }
        }
        if case .tableRow(let cells) = block.kind {
            for cell in cells
            where cell.range.lowerBound < block.range.lowerBound || cell.range.upperBound > block.range.upperBound {
                issues.append("\(block.id): cell \(cell.range) outside row \(block.range)")
            }
        }
        for child in block.children { check(child, length: length, issues: &issues) }
    }

    @Test(arguments: 0..<2000)
    func layerInvariants(_ seed: Int) {
        let input = Self.bytes(seed: UInt64(seed))
        let tree = MarkdownParser().parse(bytes: input)
        var issues: [String] = []
        Self.check(tree, length: tree.range.upperBound, issues: &issues)
        #expect(issues.isEmpty, "seed \(seed): \(issues.prefix(3))")
        let off = MarkdownParser(options: ParseOptions(extensions: .none)).parse(bytes: input)
        #expect(off == MarkdownParser(options: .commonMark).parse(bytes: input))
    }
}
