import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

/// A fenced code block left open at the end of the rest that a line
/// leaving a list item's table begins (`"` after `2. e|||||` / `-|-|-|-|-`,
/// then `3. ```` in a list cmark-gfm begins again). cmark ends an open
/// fence on the line that closes its containers (`=`), and its range
/// runs over that line; the rest, parsed again at the end of a buffer,
/// ended it at its last line, so the one-shot tree and the streamed one
/// (whose window met the `=` line as cmark does) disagreed on its range
/// (the stream violation of the last stop-45 fuzz run).
/// `Remainder.documentEnds` now ends such a fence where cmark does.
@Suite struct OpenFenceRangeTests {
    static let findings = [
        "2. e|||||\n   -|-|-|-|-\n\"\n\n3. ```\n=", "2. e|||||\n   -|-|-|-|-\n\"\n\n3. ```\n\n=",
        "- a|b\n  -|-\nx\n\n- ```\n  c\n=", "- a|b\n  -|-\nx\n\n- ```\n  c\n  ```\n=",
    ]

    /// The byte ranges of the code blocks cmark-gfm (tables on) reports
    /// in `markdown`, in document order, read as the engine reads cmark's
    /// positions: the end column is inclusive, column 0 is the line's start.
    static func theirCodeRanges(_ markdown: String) throws -> [Range<Int>] {
        let xml = try GFMOracle.output(Array(markdown.utf8), arguments: ["-e", "table", "--sourcepos", "-t", "xml"])
        var lineStarts = [0]
        for (offset, byte) in markdown.utf8.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        func offset(_ line: Int, _ column: Int) -> Int {
            min(lineStarts[min(line - 1, lineStarts.count - 1)] + column, markdown.utf8.count)
        }
        return xml.split(separator: "\n").compactMap { line -> Range<Int>? in
            guard line.contains("<code_block "), let quote = line.range(of: "sourcepos=\"") else { return nil }
            let numbers = line[quote.upperBound...].prefix { $0 != "\"" }
                .split(whereSeparator: { $0 == ":" || $0 == "-" }).compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            return offset(numbers[0], numbers[1] - 1)..<offset(numbers[2], numbers[3])
        }
    }

    /// The byte ranges of our one-shot tree's code blocks, in document order.
    static func ourCodeRanges(_ markdown: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var stack = MarkdownParser(options: ParseOptions(extensions: .gfm)).parse(markdown).children.reversed()
            .map { $0 }
        while let block = stack.popLast() {
            if case .codeBlock = block.kind { ranges.append(block.range) }
            stack.append(contentsOf: block.children.reversed())
        }
        return ranges
    }

    /// A list item's table, a line that leaves it, blank lines, an item
    /// that opens a fence, code lines (some blank), a closing fence or
    /// none, and the line after (one that ends the list, or nothing), all
    /// in a block quote sometimes.
    static func document(seed: Int) -> String {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 11)
        func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
        let quote = Int.random(in: 0..<4, using: &random) == 0 ? "> " : ""
        let first = pick(["- ", "2. ", "* ", "1) "])
        let indent = String(repeating: " ", count: first.count)
        var lines = [first + pick(["a|b", "e|||||", "x|y|z"]), indent + pick(["-|-", "-|-|-|-|-", "--|:-"])]
        lines.append(pick(["\"", "x", ",", "c|d"]))
        lines += Array(repeating: "", count: Int.random(in: 0...2, using: &random))
        let second = pick(["- ", "3. ", "1. ", "* "])
        let inner = String(repeating: " ", count: second.count)
        let fence = pick(["```", "~~~", "````", "```py"])
        lines.append(second + fence)
        for _ in 0..<Int.random(in: 0...2, using: &random) { lines.append(pick(["", inner + "c", inner + "``"])) }
        if Bool.random(using: &random) { lines.append(inner + String(fence.prefix { $0 == "`" || $0 == "~" })) }
        lines += Array(repeating: "", count: Int.random(in: 0...1, using: &random))
        let last = pick(["=", "x", "- y", "", "    z"])
        var text = lines.map { quote + $0 }.joined(separator: "\n")
        if !last.isEmpty { text += "\n" + quote + last }
        return Bool.random(using: &random) ? text + "\n" : text
    }

    @Test(arguments: findings)
    func findingRangesMatchCmarkGFM(_ markdown: String) throws {
        #expect(Self.ourCodeRanges(markdown) == (try Self.theirCodeRanges(markdown)), "\(markdown.debugDescription)")
    }

    @Test(arguments: findings)
    func findingStreamsLikeOneShot(_ markdown: String) {
        let report = PrefixHarness().verify(name: markdown, bytes: Array(markdown.utf8), chunking: .everyByte)
        #expect(report.violations.isEmpty, "\(markdown.debugDescription): \(report.violations.prefix(1))")
    }

    @Test(arguments: 0..<2)
    func randomOpenFencesMatchCmarkGFMRanges(batch: Int) throws {
        var failures: [String] = []
        for seed in stride(from: batch, to: 400, by: 2) {
            let markdown = Self.document(seed: seed)
            if Self.ourCodeRanges(markdown) != (try Self.theirCodeRanges(markdown)) { failures.append(markdown) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 200 differ; first: \(failures.first?.debugDescription ?? "")")
    }

    @Test(arguments: 0..<2)
    func randomOpenFencesStreamLikeOneShot(batch: Int) {
        let failures = PrefixHarness().failingDocuments(seeds: stride(from: batch, to: 120, by: 2), Self.document)
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }
}
