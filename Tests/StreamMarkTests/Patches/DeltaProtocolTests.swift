import StreamMark
import Testing

/// Version 2 end to end: seeded random documents and chunkings written as
/// the wire stream and read back by the reference client equal the one-shot
/// parse (without ranges); version 1 read back equals it exactly.
@Suite struct DeltaProtocolTests {
    /// Pieces with the constructs that restructure earlier content, plus
    /// control characters, quotes, backslashes and invalid UTF-8.
    static let pieces: [String] =
        StreamingPropertyTests.pieces + [
            "**bold run that closes late**\n", "a *b **c** d* e\n", "[link text](https://x.y/z \"t\")\n",
            "`code \"quoted\" \\ back`\n", "tab\there \u{1}\u{1F} bell\u{7}\n", "\"quotes\" and \\backslashes\\\n",
            "```\ncode \"q\" \\ \u{0}nul\n```\n", "| *x* | `y` |\n", "&copy; &#x1F600; &bogus;\n",
        ]

    static func document(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        let count = Int(generator.next() % 30) + 3
        for _ in 0..<count {
            let roll = generator.next() % 40
            if roll == 0 {
                bytes += [0xED, 0xA0, 0x80]  // an encoded lone surrogate: invalid UTF-8
            } else if roll == 1 {
                bytes += [0xFF, 0xC3]  // invalid and truncated sequences
            } else {
                bytes += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
            }
        }
        return bytes
    }

    /// Streams `bytes` in `chunking`, writes every batch in `version`, and
    /// reads the wire back with ``PatchStreamClient``.
    static func replay(_ bytes: [UInt8], chunking: PrefixHarness.Chunking, version: Int) throws -> (
        client: PatchStreamClient, wire: [UInt8]
    ) {
        var document = StreamingDocument()
        var writer = PatchStreamWriter(version: version)
        var client = PatchStreamClient()
        var wire: [UInt8] = []
        for range in chunking.chunks(of: bytes) {
            writer.write(document.append(bytes: bytes[range]))
            let out = writer.takeBytes()
            wire += out
            try client.apply(stream: out)
        }
        writer.write(document.finish())
        let out = writer.takeBytes()
        wire += out
        try client.apply(stream: out)
        return (client, wire)
    }

    @Test(arguments: [1, 2])
    func randomDocumentsAndChunkingsReplayToTheOneShotTree(version: Int) throws {
        let parser = MarkdownParser()
        var failures: [String] = []
        for seed in UInt64(1)...300 {
            let bytes = Self.document(seed: seed)
            let chunking: PrefixHarness.Chunking = seed % 4 == 0 ? .everyByte : .random(seed: seed &* 7)
            let (client, _) = try Self.replay(bytes, chunking: chunking, version: version)
            let expected = parser.parse(bytes: bytes[...])
            if client.root != (version == 2 ? expected.removingRanges() : expected) {
                failures.append("seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 300 differ; first: \(failures.prefix(2))")
    }

    @Test func everyBlockIsFinalAfterFinish() throws {
        let bytes = Array("# T\n\n- a\n- b\n\n```\nx\n```\n\n| a |\n|---|\n| 1 |\n".utf8)
        let (client, _) = try Self.replay(bytes, chunking: .everyByte, version: 2)
        var open: [BlockID] = []
        client.root.forEach { if $0.id != .document && !client.isFinal($0.id) { open.append($0.id) } }
        #expect(open.isEmpty)
        #expect(client.root.subtreeCount == 10)
    }

    @Test func badLinesAreReportedNotApplied() {
        var client = PatchStreamClient()
        #expect(throws: PatchStreamError.self) { try client.apply(line: Array(#"{"v":3}"#.utf8)) }
        var v2 = PatchStreamClient()
        #expect(throws: Never.self) { try v2.apply(line: Array(#"{"v":2}"#.utf8)) }
        #expect(throws: PatchStreamError.self) { try v2.apply(line: Array(#""orphan""#.utf8)) }
        #expect(throws: PatchStreamError.self) { try v2.apply(line: Array(#"{"op":"jump","id":"e0"}"#.utf8)) }
        #expect(throws: PatchStreamError.self) {
            try v2.apply(line: Array(#"{"op":"append","id":"e9","text":"x"}"#.utf8))
        }
        #expect(throws: PatchStreamError.self) { try v2.apply(line: Array("{\"op\":".utf8)) }
        let insert = #"{"op":"insert","parent":"doc","block":{"id":"e0","kind":{"type":"paragraph","inlines":["é"]}}}"#
        #expect(throws: Never.self) { try v2.apply(line: Array(insert.utf8)) }
        // drop may only remove ASCII characters.
        #expect(throws: PatchStreamError.self) {
            try v2.apply(line: Array(#"{"op":"append","id":"e0","drop":1,"text":"x"}"#.utf8))
        }
        #expect(throws: PatchStreamError.self) {
            try v2.apply(line: Array(#"{"op":"splice","id":"e0","keep":2,"inlines":[]}"#.utf8))
        }
        #expect(v2.root.children.first?.kind == .paragraph(inlines: [.text("é")]))
    }
}
