// libFuzzer target: streams fuzzer-chosen chunks through `StreamingDocument`
// and checks it against a one-shot `MarkdownParser` parse.
//
// Not a SwiftPM target: `scripts/fuzz.sh` compiles it with
// `swiftc -sanitize=fuzzer,address` against the StreamMark sources, so the
// normal `swift build` / `swift test` never see it (see docs/fuzzing.md).
//
// Input layout (see `FuzzInput`):
//   byte 0        options: bit 0 set = CommonMark only (no GFM extensions),
//                 bit 1 set = smart punctuation
//   byte 1        k = byte & 7: the number of chunk-size bytes that follow
//   k bytes       chunk sizes (each byte + 1, so 1…256), used cyclically;
//                 k == 0 appends the whole text as one chunk
//   the rest      the Markdown text (any bytes)
//
// Checks: after every chunk the patches apply to a mirror tree; at up to
// `checkpointLimit` chunk boundaries spread evenly over the stream (all of
// them for shorter streams, always the last) the mirror equals `root`, no
// two blocks share an id, and `root` equals a one-shot parse of the text so
// far. After `finish()`: `root` equals the one-shot parse of the whole input,
// the mirror equals it, and the normalized text equals that of a one-chunk
// stream (no text lost or duplicated). A broken check calls `fatalError`,
// which libFuzzer reports as a crash and saves the input.

import StreamMark

/// The decoded fuzzer input.
struct FuzzInput {
    /// How the text is parsed.
    var options: ParseOptions
    /// Chunk sizes, used cyclically; empty means one chunk.
    var chunkSizes: [Int]
    /// The Markdown text.
    var text: ArraySlice<UInt8>

    /// Decodes `bytes`; nil when the header is incomplete.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return nil }
        let flags = bytes[0]
        options = ParseOptions(
            smartPunctuation: flags & 2 != 0,
            extensions: flags & 1 != 0 ? .none : .gfm)
        let count = Int(bytes[1] & 7)
        guard bytes.count >= 2 + count else { return nil }
        chunkSizes = (0..<count).map { Int(bytes[2 + $0]) + 1 }
        text = ArraySlice(bytes[(2 + count)...])
    }

    /// The chunk boundaries covering `text`, in order.
    var chunks: [Range<Int>] {
        guard !chunkSizes.isEmpty else { return [text.startIndex..<text.endIndex] }
        var result: [Range<Int>] = []
        var start = text.startIndex
        var index = 0
        while start < text.endIndex {
            let end = min(start + chunkSizes[index % chunkSizes.count], text.endIndex)
            result.append(start..<end)
            start = end
            index += 1
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

    func replay(_ patches: [Patch], _ stage: String) {
        do {
            try Patch.apply(patches, to: &mirror)
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
        guard document.root == expected else { fatalError("\(stage): streamed tree differs from the one-shot parse") }
    }

    let chunks = input.chunks
    let stride = max(1, (chunks.count + checkpointLimit - 1) / checkpointLimit)
    for (index, range) in chunks.enumerated() {
        replay(document.append(bytes: input.text[range]), "chunk \(index)")
        if index % stride == stride - 1 || index == chunks.count - 1 {
            checkTree("chunk \(index)", expected: parser.parse(bytes: document.utf8))
        }
    }
    replay(document.finish(), "finish")
    checkTree("finish", expected: parser.parse(bytes: input.text))
    var whole = StreamingDocument(options: input.options)
    whole.append(bytes: input.text)
    whole.finish()
    guard whole.utf8 == document.utf8 else { fatalError("finish: normalized text depends on the chunking") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let input = FuzzInput(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    check(input)
    return 0
}
