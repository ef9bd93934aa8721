import Foundation
import StreamMark
import StreamMarkOptions

/// `streammark-bench --growth [--chunk N] [--filter NAME] [--cpu-time] [--quick]`:
/// the time ratio of streaming a document 10× larger, shape by shape.
///
/// Every shape is made at a size and at 10× that size and streamed in
/// process in fixed chunks (4 bytes by default), from `append` to `finish`.
/// Linear work gives a ratio of 10; the goal is at most 12 on every shape
/// (`docs/architecture.md`). The ratio is normalized to exactly 10× the
/// bytes (`time ratio × 10 / size ratio`) because a shape's sizes are not
/// exact multiples. Each time is the fastest of many runs: ``passes``
/// passes over all the shapes, each with at least ``rounds`` runs of each
/// size, taken in turn, and more until the shape has had ``budget``
/// seconds, so that neither a size that streams in a few milliseconds nor
/// a slow phase of a shared machine that outlasts one shape decides a ratio.
struct GrowthCommand {
    /// One document shape at a size parameter.
    struct Shape {
        var name: String
        /// The smaller size parameter; the larger is 10×.
        var base: Int
        var make: (Int) -> String
        /// Whether the stream also highlights its code blocks, as
        /// `streammark --highlight` does (a ``CodeHighlights`` fed with the
        /// patches).
        var highlighted = false
        /// How the shape is parsed (the default options unless a shape
        /// measures an extension against the same text without it).
        var options = ParseOptions()
    }

    var chunk = 4
    var filter: String?
    var quick = false

    /// The one-line usage.
    static let usage = "usage: streammark-bench --growth [--chunk N] [--filter NAME] [--cpu-time] [--quick]"

    /// Parses the arguments after `--growth` with the shared `OptionScanner`.
    init(_ arguments: [String]) throws(OptionError) {
        var scanner = OptionScanner(arguments)
        while let argument = try scanner.next() {
            switch argument {
            case .option("--cpu-time"): Clock.measuresCPUTime = true
            case .option("--quick"): quick = true
            case .option("--chunk"): chunk = try scanner.byteCount()
            case .option("--filter"): filter = try scanner.value()
            case .option("--help"), .option("-h"): throw .help
            case .operand(let operand): throw OptionError("unexpected argument \(OptionError.quoted(operand))")
            case .option: throw scanner.unknownOption()
            }
        }
    }

    /// The shapes: the generated ones, real documents, and the shapes of
    /// issue 10 (nested lists, 2,000 references, containers in containers),
    /// a table whose rows look like link reference definitions, and release
    /// notes whose definitions follow their uses in one run.
    func shapes() -> [Shape] {
        var shapes: [Shape] = [
            Shape(name: "real-documents", base: 80_000) { Self.realDocuments(bytes: $0) },
            Shape(name: "nested-list", base: 300) { Self.nestedList(items: $0) },
            Shape(name: "references-2000", base: 200) { Self.references(count: $0) },
            Shape(name: "code-in-list-item", base: 400) { Self.codeInItem(lines: $0) },
            Shape(name: "list-in-quote", base: 100) { Self.listInQuote(items: $0) },
            Shape(name: "nested-quotes", base: 1_000) { Self.nested("> ", depth: $0) },
            Shape(name: "nested-lists", base: 500) { Self.nested("- ", depth: $0) },
            Shape(name: "hostile-table", base: 200) { Self.hostileTable(rows: $0) },
            Shape(name: "definition-run", base: 250) { Self.definitionRun(count: $0) },
            Shape(name: "math-answers", base: 40_000) { Self.mathAnswers(bytes: $0) },
            Shape(
                name: "math-answers-without-math", base: 40_000, make: { Self.mathAnswers(bytes: $0) },
                options: ParseOptions(extensions: [.gfm, .alerts])),
            Shape(name: "cited-answers", base: 1) { Self.citedAnswers(passes: $0) },
            Shape(
                name: "cited-answers-without-footnotes", base: 1, make: { Self.citedAnswers(passes: $0) },
                options: ParseOptions(extensions: [.gfm, .alerts, .math])),
        ]
        for shape in CorpusGenerator.shapes {
            // About 20–60 KB at the base size.
            let base = max(1, shape.full / (shape.name == "long-answer" ? 40 : 20))
            shapes.append(Shape(name: shape.name, base: base, make: shape.make))
            if shape.name == "code-block" {
                shapes.append(Shape(name: "highlighted-code", base: base, make: shape.make, highlighted: true))
            }
        }
        // `--quick` keeps the real documents at full size: at a tenth, the
        // same-mix text would be little more than each file's first lines.
        if quick {
            shapes = shapes.map {
                guard $0.name != "real-documents" else { return $0 }
                var shape = $0
                shape.base = max(1, $0.base / 10)
                return shape
            }
        }
        return shapes.filter { filter == nil || $0.name.contains(filter!) }
    }

    func run() -> Int32 {
        print(
            "growth: \(chunk)-byte chunks, in process, append…finish, fastest of \(Self.passes) passes over the shapes, "
                + "each ≥ \(Self.rounds) alternating runs and ≥ \(Int(Self.budget)) s per shape, " + Clock.name)
        let shapes = shapes()
        let texts = shapes.map { (small: Array($0.make($0.base).utf8), large: Array($0.make(10 * $0.base).utf8)) }
        // A slow phase of a shared machine can outlast one shape's runs and
        // slow the large size (more memory traffic) more than the small one.
        // A second pass over every shape, minutes later, gives each size a
        // second chance at its true time: noise only ever adds time.
        var times = Array(repeating: (small: Double.infinity, large: Double.infinity), count: shapes.count)
        for pass in 1...Self.passes {
            FileHandle.standardError.write(Data("growth: pass \(pass) of \(Self.passes)\n".utf8))
            for index in shapes.indices {
                let (ts, tl) = fastest(texts[index].small, texts[index].large, shape: shapes[index])
                times[index] = (min(times[index].small, ts), min(times[index].large, tl))
            }
        }
        report(shapes.map(\.name), texts.map { ($0.small.count, $0.large.count) }, times)
        return 0
    }

    /// Prints the table of ratios and the verdict.
    private func report(
        _ names: [String], _ sizes: [(small: Int, large: Int)], _ times: [(small: Double, large: Double)]
    ) {
        print(
            "shape".padding(toLength: 28, withPad: " ", startingAt: 0)
                + "      small        large    ms small    ms large   ratio@10×")
        var worst = (name: "", ratio: 0.0)
        var failures: [String] = []
        for (index, name) in names.enumerated() {
            let (small, large) = sizes[index]
            let (ts, tl) = times[index]
            let ratio = (tl / ts) * 10 / (Double(large) / Double(small))
            if ratio > worst.ratio { worst = (name, ratio) }
            if ratio > 12 { failures.append("\(name) \(String(format: "%.1f", ratio))×") }
            print(
                name.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(
                        format: "%9.1f KB %9.1f KB %11.1f %11.1f %10.1f×", Double(small) / 1024,
                        Double(large) / 1024, ts * 1000, tl * 1000, ratio))
        }
        let verdict = failures.isEmpty ? "[OK]" : "[NO]"
        print(
            "\(verdict) time for 10× size ≤ 12× on every shape: worst \(worst.name) \(String(format: "%.1f", worst.ratio))×"
                + (failures.isEmpty ? "" : "; over 12×: " + failures.joined(separator: ", ")))
    }

    /// Streams `bytes` in fixed chunks and finishes, highlighting the code
    /// blocks' completed lines if asked; returns seconds.
    func stream(_ bytes: [UInt8], highlighted: Bool = false, options: ParseOptions = ParseOptions()) -> Double {
        let start = Clock.now()
        var document = StreamingDocument(options: options)
        var highlights = CodeHighlights()
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            let patches = document.append(bytes: bytes[offset..<end])
            if highlighted { _ = highlights.apply(patches, root: document.root) }
            offset = end
        }
        let patches = document.finish()
        if highlighted { _ = highlights.apply(patches, root: document.root) }
        return Double(Clock.now() - start) / 1e9
    }

    /// The fastest times of streaming `small` and `large`, run in turn.
    ///
    /// Alternating the sizes spreads a slow phase of a shared machine over
    /// both, instead of one. Runs go on past ``rounds`` until the two sizes
    /// together have taken ``budget`` seconds (at most ``maximumRounds``):
    /// the fastest of many short runs is steady where five are not.
    func fastest(_ small: [UInt8], _ large: [UInt8], shape: Shape) -> (small: Double, large: Double) {
        var (ts, tl) = (Double.infinity, Double.infinity)
        var (spent, round) = (0.0, 0)
        let (highlighted, options) = (shape.highlighted, shape.options)
        while round < Self.rounds || (spent < Self.budget && round < Self.maximumRounds) {
            let (s, l) = (
                stream(small, highlighted: highlighted, options: options),
                stream(large, highlighted: highlighted, options: options)
            )
            (ts, tl) = (min(ts, s), min(tl, l))
            spent += s + l
            round += 1
        }
        return (ts, tl)
    }

    /// Passes over all the shapes; each size's fastest run of all counts.
    static let passes = 2
    /// The fewest runs of each size in one pass.
    static let rounds = 5
    /// Seconds a shape's runs take together before the fastest is kept.
    static let budget = 4.0
    /// The most runs of each size, whatever they took.
    static let maximumRounds = 200
}

extension GrowthCommand {
    /// The real documents of the corpus (spec texts, long documents, model
    /// answers), each cut to the same share of its lines, concatenated, so
    /// that every size has the same mix of text (more than the whole corpus
    /// repeats it). Before, the documents were concatenated in order and
    /// cut at `bytes`: 80 KB was the start of the CommonMark spec alone, and
    /// 800 KB every document, so the ratio compared two different texts.
    static func realDocuments(bytes: Int) -> String {
        var sources: [[UInt8]] = []
        for name in ["commonmark/spec.txt", "gfm/spec.txt"] {
            if let data = try? Data(contentsOf: CorpusLocation.folder(".").appendingPathComponent(name)) {
                sources.append(Array(data))
            }
        }
        for folder in ["documents", "llm"] {
            for file in CorpusLocation.markdownFiles(in: CorpusLocation.folder(folder)) {
                if let data = try? Data(contentsOf: file) { sources.append(Array(data)) }
            }
        }
        precondition(sources.reduce(0) { $0 + $1.count } > 0, "no corpus documents found")
        return sameShare(of: sources, bytes: bytes)
    }

    /// `sources`, each cut to the same share of its lines, concatenated
    /// (and repeated, past the whole) to about `bytes`.
    static func sameShare(of sources: [[UInt8]], bytes: Int) -> String {
        let total = sources.reduce(0) { $0 + $1.count + 2 }
        var out: [UInt8] = []
        var share = Double(bytes) / Double(total)
        while share > 0 && out.count < bytes {
            let part = min(share, 1)
            for source in sources {
                var cut = Array(source.prefix(Int(Double(source.count) * part)))
                while let last = cut.last, last != 0x0A { cut.removeLast() }
                out += cut + [0x0A, 0x0A]
            }
            share -= part
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 40 model answers, whole, `passes` times over, with a footnote
    /// reference at the end of every tenth sentence-ending line and the
    /// notes, one per reference, after the text: a long answer citing its
    /// sources as research assistants write them.
    ///
    /// Whole answers, not ``sameShare(of:bytes:)``'s share of each: a
    /// share below one is the first lines of every answer, whose blocks
    /// are shorter than the whole answers' (an append parsed 26 bytes on
    /// average there against 46 in the whole answers), so the ratio at 10×
    /// compared two different texts (13.1× where whole answers give the
    /// same mix at every size).
    static func citedAnswers(passes: Int) -> String {
        var sources: [String] = []
        for file in CorpusLocation.markdownFiles(in: CorpusLocation.folder("llm")) {
            if let data = try? Data(contentsOf: file) { sources.append(String(decoding: data, as: UTF8.self)) }
        }
        precondition(!sources.isEmpty, "no model answers found")
        let text = Array(repeating: sources.map { $0 + "\n\n" }.joined(), count: passes).joined()
        var lines: [String] = []
        var notes = 0
        var fence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { fence.toggle() }
            if !fence, index % 10 == 0, line.hasSuffix(".") {
                notes += 1
                lines.append(line + "[^\(notes)]")
            } else {
                lines.append(String(line))
            }
        }
        var result = lines.joined(separator: "\n") + "\n\n"
        for note in stride(from: 1, through: notes, by: 1) {
            result += "[^\(note)]: Source \(note), https://example.com/sources/\(note).\n"
        }
        return result
    }

    /// The answers that hold math (the math feature answer and the model
    /// answers with `$…$`, `\(…\)` or `\[…\]`), each cut to the same share
    /// of its lines and concatenated (``sameShare(of:bytes:)``).
    static func mathAnswers(bytes: Int) -> String {
        var sources: [[UInt8]] = []
        let files =
            ["features/math-answer.md"]
            + [
                "002-oj-price-econometric-model", "007-transshipment-problem", "018-javascript-calculate-pi",
                "019-depth-first-search-python", "020-chess-elo-scores", "021-quantum-reduced-density-matrix",
                "030-zh-rectangle-area-segment-tree", "032-zh-composites-vs-primes-proof",
            ].map { "llm/\($0).md" }
        for name in files {
            if let data = try? Data(contentsOf: CorpusLocation.folder(".").appendingPathComponent(name)) {
                sources.append(Array(data))
            }
        }
        precondition(sources.count == files.count, "math answers not found")
        return sameShare(of: sources, bytes: bytes)
    }

    /// Release-notes style: items with two levels of nested items.
    static func nestedList(items: Int) -> String {
        var text = ""
        for i in 0..<items {
            text += "- Version \(i): changes to the *parser* and `the API`\n"
            for j in 0..<3 {
                text += "  - Fix \(j) of release \(i), see [the issue](https://example.com/\(i)/\(j))\n"
                if j == 1 { text += "    - detail of fix \(j) with **bold** text\n" }
            }
        }
        return text
    }

    /// `count` paragraphs using labels and `count` definitions of them.
    static func references(count: Int) -> String {
        var text = ""
        for i in 0..<count {
            text += "Paragraph \(i) links [label \(i)] and [label \(max(0, i - 1))].\n\n"
            text += "[label \(i)]: https://example.com/\(i) \"Title \(i)\"\n\n"
        }
        return text
    }

    /// Release notes: a list of `count` items that use reference labels
    /// (`- [Fix the thing 7][98007]`), then the run of their definitions,
    /// one per line with no blank line between (`[98007]: https://…/98007/`).
    static func definitionRun(count: Int) -> String {
        var text = "## Changes\n\n"
        for i in 0..<count { text += "- [Fix the thing \(i)][\(98_000 + i)] in the parser\n" }
        text += "\n"
        for i in 0..<count { text += "[\(98_000 + i)]: https://github.com/org/repo/pull/\(98_000 + i)/\n" }
        return text
    }

    /// A table whose every other row looks like a link reference definition
    /// (`[x]: /u0|c`, then a plain row `d|e`): for cmark each row continues
    /// the table's paragraph and defines nothing.
    static func hostileTable(rows: Int) -> String {
        var text = "a|b\n-|-\n"
        for i in 0..<rows { text += i % 2 == 0 ? "[x]: /u\(i)|c\n" : "d|e\n" }
        return text
    }

    /// A list item holding one long fenced code block.
    static func codeInItem(lines: Int) -> String {
        var text = "1. Install it:\n\n   ```swift\n"
        for i in 0..<lines { text += "   let value\(i) = compute(\(i)) // line \(i)\n" }
        return text + "   ```\n"
    }

    /// `depth` containers nested on one line (`> > > … text`, `- - - … text`):
    /// one open top-level block whose depth grows with the document.
    static func nested(_ marker: String, depth: Int) -> String {
        String(repeating: marker, count: depth) + "deep text\n"
    }

    /// A block quote holding one long list.
    static func listInQuote(items: Int) -> String {
        var text = "> Notes:\n>\n"
        for i in 0..<items { text += "> - item \(i) with *some* text and `code`\n" }
        return text
    }
}
