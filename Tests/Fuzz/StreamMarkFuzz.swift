// libFuzzer target: streams fuzzer-chosen chunks through `StreamingDocument`
// and checks it against a one-shot `MarkdownParser` parse, then renders the
// result (HTML, terminal through a streaming render cache).
//
// Not a SwiftPM target: `scripts/fuzz.sh` compiles it with
// `swiftc -sanitize=fuzzer,address` against the StreamMark sources, so the
// normal `swift build` / `swift test` never see it (see docs/fuzzing.md).
//
// Input layout (see `FuzzInput`):
//   byte 0        options: bit 0 set = CommonMark only (no GFM extensions or
//                 alerts; clear: the default extensions, alerts included),
//                 bit 1 set = smart punctuation, bits 2–7 = w: terminal
//                 width 80 when w is 0, else 8 + 2w (10…134)
//   byte 1        k = byte & 7: how many chunk-size bytes follow;
//                 m = (byte >> 3) & 3: how they give the chunk sizes
//   m = 0         k bytes, sizes byte + 1 (1…256), used cyclically;
//                 k == 0 appends the whole text as one chunk
//   m = 1         k pairs of bytes, sizes (low | high << 8) % 512 + 1
//                 (1…512), used cyclically; k == 0: one chunk
//   m = 2         k bytes, a little-endian seed: each chunk's size is drawn
//                 from 1…512 as `PrefixHarness.Chunking.mixed` draws it
//                 (mostly 1–16, often 17–128, sometimes 129–512)
//   m = 3         k bytes, a seed: each size drawn uniformly from 1…512
//   the rest      the Markdown text (any bytes)
//
// Checks: after every chunk the patches apply to a mirror tree; at up to
// `checkpointLimit` chunk boundaries spread evenly over the stream (all of
// them for shorter streams, always the last) the mirror equals `root`, no
// two blocks share an id, and `root` equals a one-shot parse of the text so
// far. After `finish()`: `root` equals the one-shot parse of the whole input,
// the mirror equals it, and the normalized text equals that of a one-chunk
// stream (no text lost or duplicated). Rendering: the HTML fragments of the
// top-level blocks concatenate to the document's HTML; a terminal
// `RenderCache` fed the patches (asked for output at every checkpoint)
// ends with the one-shot terminal rendering; and that rendering (colour,
// hyperlinks, shown HTML) holds no C0/C1 control but the renderer's own
// SGR and OSC 8 sequences and line feeds. A broken check calls
// `fatalError`, which libFuzzer reports as a crash and saves the input.

import StreamMark
import StreamMarkHTML
import StreamMarkTerminal

/// The decoded fuzzer input.
struct FuzzInput {
    /// Where the chunk sizes come from.
    enum Sizes {
        /// These sizes, used cyclically; empty means one chunk.
        case cyclic([Int])
        /// Drawn per chunk as `PrefixHarness.Chunking.mixed(seed:)` draws them.
        case mixed(seed: UInt64)
        /// Drawn per chunk uniformly from 1…512.
        case uniform(seed: UInt64)
    }

    /// How the text is parsed.
    var options: ParseOptions
    /// How the terminal renders (colour, hyperlinks and HTML on).
    var terminal: TerminalOptions
    /// The chunk sizes.
    var sizes: Sizes
    /// The Markdown text.
    var text: ArraySlice<UInt8>

    /// Decodes `bytes`; nil when the header is incomplete.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return nil }
        let flags = bytes[0]
        options = ParseOptions(
            smartPunctuation: flags & 2 != 0,
            extensions: flags & 1 != 0 ? .none : .standard)
        let width = flags >> 2 == 0 ? 80 : 8 + 2 * Int(flags >> 2)
        terminal = TerminalOptions(width: width, color: true, hyperlinks: true, showsHTML: true)
        let count = Int(bytes[1] & 7)
        let mode = (bytes[1] >> 3) & 3
        let headerBytes = mode == 1 ? 2 * count : count
        guard bytes.count >= 2 + headerBytes else { return nil }
        let header = Array(bytes[2..<(2 + headerBytes)])
        let seed = header.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        switch mode {
        case 0: sizes = .cyclic(header.map { Int($0) + 1 })
        case 1: sizes = .cyclic((0..<count).map { (Int(header[2 * $0]) | Int(header[2 * $0 + 1]) << 8) % 512 + 1 })
        case 2: sizes = .mixed(seed: seed)
        default: sizes = .uniform(seed: seed)
        }
        text = ArraySlice(bytes[(2 + headerBytes)...])
    }

    /// The chunk boundaries covering `text`, in order.
    var chunks: [Range<Int>] {
        var generator = SplitMix64(seed: 0)
        var index = 0
        let next: () -> Int
        switch sizes {
        case .cyclic(let list):
            guard !list.isEmpty else { return [text.startIndex..<text.endIndex] }
            next = {
                index += 1
                return list[(index - 1) % list.count]
            }
        case .mixed(let seed):
            generator = SplitMix64(seed: seed)
            next = { PrefixHarness.Chunking.mixedSize(&generator) }
        case .uniform(let seed):
            generator = SplitMix64(seed: seed)
            next = { Int(generator.next() % 512) + 1 }
        }
        var result: [Range<Int>] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = min(start + next(), text.endIndex)
            result.append(start..<end)
            start = end
        }
        return result
    }
}

/// A full check is O(n); checking at every boundary of a one-byte chunking
/// would double the cost of an input, so at most this many boundaries get
/// one (the patches are applied at every boundary regardless).
let checkpointLimit = 128

/// Streams `input` and stops the process on the first broken invariant.
func check(_ input: FuzzInput) {
    let parser = MarkdownParser(options: input.options)
    var document = StreamingDocument(options: input.options)
    var mirror = Block(id: .document, kind: .document, range: 0..<0)

    let renderer = TerminalRenderer(options: input.terminal)
    let cache = renderer.makeCache()

    func replay(_ patches: [Patch], _ stage: String) {
        do {
            try Patch.apply(patches, to: &mirror)
            try cache.apply(patches)
        } catch {
            fatalError("\(stage): patch does not apply: \(error)")
        }
    }

    func checkTree(_ stage: String, expected: Block) {
        guard mirror == document.root else { fatalError("\(stage): replayed patches differ from the tree") }
        var seen: Set<BlockID> = []
        document.root.forEach { block in
            if !seen.insert(block.id).inserted { fatalError("\(stage): duplicate id \(block.id)") }
        }
        // A large open block may lag behind the text between its amortized
        // re-parses (docs/architecture.md); the tree is exact where it is current.
        guard document.isCurrent else { return }
        guard document.root == expected else { fatalError("\(stage): streamed tree differs from the one-shot parse") }
    }

    let chunks = input.chunks
    let stride = max(1, (chunks.count + checkpointLimit - 1) / checkpointLimit)
    for (index, range) in chunks.enumerated() {
        replay(document.append(bytes: input.text[range]), "chunk \(index)")
        if index % stride == stride - 1 || index == chunks.count - 1 {
            checkTree("chunk \(index)", expected: parser.parse(bytes: document.utf8))
            _ = cache.output(for: cache.root, context: renderer.rootContext)
        }
    }
    replay(document.finish(), "finish")
    checkTree("finish", expected: parser.parse(bytes: input.text))
    var whole = StreamingDocument(options: input.options)
    whole.append(bytes: input.text)
    whole.finish()
    guard whole.utf8 == document.utf8 else { fatalError("finish: normalized text depends on the chunking") }
    checkRendering(document.root, cache: cache, renderer: renderer)
}

/// The rendering checks on the final tree.
func checkRendering(_ root: Block, cache: RenderCache<TerminalContext, [String]>, renderer: TerminalRenderer) {
    let html = HTMLRenderer()
    // A note's fragment is empty where it was written; the footnotes
    // section's is drawn from the document (`render(block:in:)`).
    guard root.children.map({ html.render(block: $0, in: root) }).joined() == html.render(root) else {
        fatalError("html: the top-level fragments do not concatenate to the document")
    }
    var lines = cache.output(for: cache.root, context: renderer.rootContext)
    // The cache draws no footnotes section: it is drawn from the document.
    if let section = root.children.last, case .footnotes = section.kind {
        let notes = renderer.footnoteLines(section, in: root)
        if !lines.isEmpty && !notes.isEmpty { lines.append("") }
        lines += notes
    }
    let streamed = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    let oneShot = renderer.render(document: root)
    guard streamed == oneShot else { fatalError("terminal: the streamed render cache differs from a one-shot render") }
    if let control = controlOutsideOwnSequences(oneShot) {
        fatalError("terminal: control U+\(String(control, radix: 16)) from the text reached the output")
    }
}

/// The first C0 (but line feed), DEL or C1 control outside the terminal
/// renderer's own sequences: SGR (`ESC [` digits and `;` `m`) and OSC 8
/// hyperlinks (`ESC ] 8 ; ;` printable URL `ESC \\`).
func controlOutsideOwnSequences(_ text: String) -> UInt32? {
    let scalars = Array(text.unicodeScalars)
    func isControl(_ value: UInt32) -> Bool { (value < 0x20 && value != 0x0A) || (0x7F..<0xA0).contains(value) }
    var index = 0
    while index < scalars.count {
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
            var end = index + 2
            while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
            if end < scalars.count, scalars[end] == "m" {
                index = end + 1
                continue
            }
        }
        if scalars[index] == "\u{1B}", Array(scalars[index...].prefix(5)) == Array("\u{1B}]8;;".unicodeScalars) {
            var end = index + 5
            while end < scalars.count, !isControl(scalars[end].value) { end += 1 }
            if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" {
                index = end + 2
                continue
            }
        }
        if isControl(scalars[index].value) { return scalars[index].value }
        index += 1
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let input = FuzzInput(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    check(input)
    return 0
}
