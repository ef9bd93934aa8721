import StreamMark
import StreamMarkHighlight
import StreamMarkTestSupport
import Testing

/// The `highlight` op of patch protocol version 2: written once per
/// completed line, before the close of its block, read back by the
/// reference client, whose tokens equal the literal highlighted whole.
@Suite struct HighlightPatchTests {
    static func ndjson(_ bytes: [UInt8], size: Int, highlighting: Bool) -> [UInt8] {
        var document = StreamingDocument()
        var writer = PatchStreamWriter(highlighting: highlighting)
        for chunk in CorpusAnswers.chunks(bytes, size: size) { writer.write(document.append(bytes: chunk)) }
        writer.write(document.finish())
        return writer.takeBytes()
    }

    @Test(arguments: [4, 16, 64])
    func clientTokensEqualOneShot(size: Int) throws {
        var ops = 0
        for file in CorpusFiles.markdownFiles(under: "llm") {
            let stream = Self.ndjson(CorpusFiles.bytes(file), size: size, highlighting: true)
            var client = PatchStreamClient()
            try client.apply(stream: stream)
            #expect(client.highlightMismatch() == nil, "\(file)")
            ops += stream.split(separator: 0x0A).filter { $0.starts(with: Array("[8,".utf8)) }.count
        }
        #expect(ops > 400)
    }

    /// The decoded ops of a stream.
    static func ops(_ stream: [UInt8]) throws -> [DeltaPatch] {
        var decoder = PatchStreamDecoder()
        var ops: [DeltaPatch] = []
        for line in stream.split(separator: 0x0A) {
            if case .delta(let delta)? = try decoder.decode(line: line) { ops.append(delta) }
        }
        return ops
    }

    /// Without highlighting no highlight op is written; with it, the other
    /// ops are the same (ids on the wire are relative, so the lines differ
    /// after a highlight op; the ops do not).
    @Test func highlightingOnlyAddsOps() throws {
        var highlightOps = 0
        for file in CorpusFiles.markdownFiles(under: "llm").prefix(12) {
            let bytes = CorpusFiles.bytes(file)
            let plain = try Self.ops(Self.ndjson(bytes, size: 8, highlighting: false))
            let highlighted = try Self.ops(Self.ndjson(bytes, size: 8, highlighting: true))
            func isHighlight(_ op: DeltaPatch) -> Bool { if case .highlight = op { true } else { false } }
            #expect(!plain.contains(where: isHighlight))
            highlightOps += highlighted.filter(isHighlight).count
            let others = highlighted.filter { !isHighlight($0) }
            let first =
                zip(others, plain).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(others.count, plain.count)
            #expect(others == plain, "\(file) at op \(first): \(others.dropFirst(first).prefix(2))")
        }
        #expect(highlightOps > 50)
    }

    /// No highlight op of a block comes after its close.
    @Test func highlightComesBeforeTheClose() throws {
        let stream = Self.ndjson(Array("```python\ndef f(x):\n    return x  # c\n".utf8), size: 7, highlighting: true)
        let lines = stream.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let close = try #require(lines.lastIndex { $0.hasPrefix("[3,") })
        let lastHighlight = try #require(lines.lastIndex { $0.hasPrefix("[8,") })
        #expect(lastHighlight < close)
    }

    /// Malformed highlight ops are errors, never traps.
    @Test(arguments: [
        #"[8,0,0,[[0,2]]]"#, #"[8,0,-1,[]]"#, #"[8,0,0,[[5,1,"keyword",2,1,"string"]]]"#,
        #"[8,0,0,[[0,0,"keyword"]]]"#, #"[8,0,0,[[9223372036854775807,9223372036854775807,"keyword"]]]"#,
        #"[8,0,0,[[0,1,"nonsense"]]]"#, #"[8,0,0,"x"]"#, #"[8,0,5,[]]"#,
    ])
    func badHighlightOpsAreErrors(_ line: String) throws {
        var client = PatchStreamClient()
        try client.apply(stream: Array(#"{"v":2}"#.utf8 + [0x0A] + #"[0,"doc",[0,[11,"x\n","python"]]]"#.utf8))
        #expect(throws: PatchStreamError.self) { try client.apply(line: Array(line.utf8)) }
    }
}
