import StreamMark

/// Seeded documents shaped like API references, READMEs, changelogs and
/// model answers: the block kinds real documentation mixes, next to each
/// other the way it mixes them.
///
/// The shapes come from the inputs that broke the engine and from what the
/// uniform generators never wrote: indented and fenced code next to each
/// other (a list item, a `####` heading, an indented code line, then a
/// ```` ```shell ```` fence holding a JSON line with a base64 string of
/// kilobytes — the shape of `Corpus/regressions`), long lines in code,
/// lists whose items hold code, tables, block quotes holding code, a run of
/// `- [Fix the thing][98755]` items followed by their definitions with no
/// blank line between, headings of both kinds, HTML blocks, long
/// paragraphs with inline markup, task lists, math and footnotes. Blocks are
/// usually separated by a blank line, often by none, sometimes by a line of
/// spaces; a few documents use `\r\n` or end without a newline.
///
/// The same seed and options give the same document on every platform
/// (`SplitMix64`, integer arithmetic only). Used by the prefix-identity
/// suites with `mixed` chunkings, by `scripts/chunk-sweep.sh` and the fuzz
/// seeds (through `StreamMarkFuzzTools generate`), and by the
/// differential fuzzer (`scripts/fuzz-diff.sh`).
public struct DocumentationGenerator: Sendable {
    /// Sizes of what the generator writes.
    public struct Options: Hashable, Sendable {
        /// The size to reach, in bytes: blocks are added until the document
        /// is at least this long.
        public var bytes: Int
        /// The lengths of base64 strings in JSON requests.
        public var blobBytes: ClosedRange<Int>
        /// The lengths of long lines in code (minified JSON, one-line scripts).
        public var longLineBytes: ClosedRange<Int>

        /// Creates options.
        public init(bytes: Int, blobBytes: ClosedRange<Int>, longLineBytes: ClosedRange<Int>) {
            self.bytes = bytes
            self.blobBytes = blobBytes
            self.longLineBytes = longLineBytes
        }

        /// About 32 KB, base64 strings of 4–20 KB, long code lines of
        /// 0.2–4 KB: open blocks past the engine's 4 KB refresh threshold.
        public static let large = Options(bytes: 32_768, blobBytes: 4_096...20_480, longLineBytes: 200...4_000)

        /// About 2 KB, base64 strings of 16–600 bytes: for the differential
        /// fuzzer, whose findings are minimized by re-running the oracle.
        public static let small = Options(bytes: 2_048, blobBytes: 16...600, longLineBytes: 60...400)
    }

    /// The generator; every block draws from it.
    var random: SplitMix64
    /// What sizes to write.
    public let options: Options

    /// A generator for documents from `seed`.
    public init(seed: UInt64, options: Options = .large) {
        random = SplitMix64(seed: seed)
        self.options = options
    }

    /// The document of `seed`.
    ///
    /// - Complexity: O(`options.bytes`).
    public static func document(seed: UInt64, options: Options = .large) -> String {
        var generator = DocumentationGenerator(seed: seed, options: options)
        return generator.document()
    }

    /// The next document: blocks until `options.bytes` is reached.
    ///
    /// - Complexity: O(`options.bytes`).
    public mutating func document() -> String {
        var text = random.chance(25) ? frontTitle() : ""
        while text.utf8.count < options.bytes {
            if !text.isEmpty { text += separator() }
            text += block()
        }
        // Model answers often end without a newline; some files use CRLF.
        if random.chance(12), text.hasSuffix("\n") { text.removeLast() }
        if random.chance(6) {
            text = String(decoding: text.utf8.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }, as: UTF8.self)
        }
        return text
    }

    /// What separates two blocks: usually a blank line, often nothing,
    /// sometimes two blank lines or a line of spaces.
    mutating func separator() -> String {
        switch random.below(100) {
        case 0..<68: "\n"
        case 68..<92: ""
        case 92..<97: "\n\n"
        default: "   \n"
        }
    }

    /// One block, drawn with the weights of real documentation.
    mutating func block() -> String {
        let shapes: [(weight: Int, make: (inout DocumentationGenerator) -> String)] = [
            (10, { $0.apiEndpoint() }),
            (6, { $0.codeFenceAfterIndentedCode() }),
            (10, { $0.fencedCode() }),
            (5, { $0.indentedCode() }),
            (8, { $0.listOfCode() }),
            (8, { $0.table() }),
            (6, { $0.quoteWithCode() }),
            (6, { $0.changelog() }),
            (10, { $0.heading() }),
            (5, { $0.htmlBlock() }),
            (10, { $0.paragraph() }),
            (8, { $0.list() }),
            (2, { $0.taskList() }),
            (2, { $0.mathBlock() }),
            (2, { $0.footnotes() }),
            (2, { _ in "***\n" }),
            (3, { $0.jsonStream() }),
        ]
        var draw = random.below(shapes.reduce(0) { $0 + $1.weight })
        for shape in shapes {
            if draw < shape.weight { return shape.make(&self) }
            draw -= shape.weight
        }
        return paragraph()
    }
}
