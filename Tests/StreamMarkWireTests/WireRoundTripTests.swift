import Foundation
import StreamMark
import StreamMarkTestSupport
import StreamMarkWire
import Testing

/// Every Corpus answer, cut into random deltas, encoded as each provider
/// streams it, then fed to the decoder in random pieces (inside lines, SSE
/// events and UTF-8 characters): the decoded text is the answer.
@Suite("Wire round trip")
struct WireRoundTripTests {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let answers: [(name: String, text: String)] = {
        let directory = root.appendingPathComponent("Corpus/llm")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return names.map { name in
            let data = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
            return (name, String(decoding: data, as: UTF8.self))
        }
    }()

    static let encoders: [WireEncoder] = [
        WireEncoder(format: .openai), WireEncoder(format: .openai, variant: .responses, escapesNonASCII: true),
        WireEncoder(format: .anthropic), WireEncoder(format: .anthropic, escapesNonASCII: true),
        WireEncoder(format: .ollama), WireEncoder(format: .ollama, variant: .responses, escapesNonASCII: true),
    ]

    /// `text` cut at random character boundaries into 1–12 character deltas.
    static func deltas(_ text: String, generator: inout SplitMix64) -> [String] {
        var deltas: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let size = Int(generator.next() % 12) + 1
            deltas.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return deltas
    }

    @Test(arguments: 0..<encoders.count)
    func decodedTextIsTheAnswer(encoderIndex: Int) throws {
        let encoder = Self.encoders[encoderIndex]
        #expect(Self.answers.count == 40)
        var generator = SplitMix64(seed: UInt64(encoderIndex) + 100)
        var cutsInsideCharacters = 0
        for (name, text) in Self.answers {
            let stream = encoder.encode(Self.deltas(text, generator: &generator))
            var decoder = WireDecoder(format: encoder.format)
            var decoded: [UInt8] = []
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int(generator.next() % 40) + 1)
                if end < stream.count && stream[end] & 0xC0 == 0x80 { cutsInsideCharacters += 1 }
                try decoder.decode(stream[start..<end], into: &decoded)
                start = end
            }
            try decoder.finish(into: &decoded)
            #expect(decoded == Array(text.utf8), "\(name) via \(encoder.format) \(encoder.variant)")
            #expect(decoder.isComplete)
            #expect(decoder.unknownEvent == nil)
        }
        // Pieces end inside UTF-8 characters (unless they are all escaped).
        #expect(encoder.escapesNonASCII ? cutsInsideCharacters == 0 : cutsInsideCharacters > 20)
    }

    /// Text input passes through unchanged, whatever the pieces.
    @Test func textPassesThrough() throws {
        let bytes: [UInt8] = Array("héllo\r\n".utf8) + [0xFF, 0xE2]
        var decoder = WireDecoder(format: .text)
        var out: [UInt8] = []
        for byte in bytes { try decoder.decode([byte], into: &out) }
        try decoder.finish(into: &out)
        #expect(out == bytes)
    }

    /// Deltas are emitted as soon as their event is complete: the decoder
    /// never waits for the end of the stream.
    @Test func deltasArriveAsTheirEventCompletes() throws {
        let stream = WireEncoder(format: .anthropic).encode(["Hel", "lo"])
        let text = String(decoding: stream, as: UTF8.self)
        let firstDelta = try #require(text.range(of: "\"Hel\"}}\n\n"))
        let cut = text.utf8.distance(from: text.utf8.startIndex, to: firstDelta.upperBound.samePosition(in: text.utf8)!)
        var decoder = WireDecoder(format: .anthropic)
        var out: [UInt8] = []
        try decoder.decode(stream[..<cut], into: &out)
        #expect(out == Array("Hel".utf8))
        #expect(!decoder.isComplete)
        try decoder.decode(stream[cut...], into: &out)
        #expect(out == Array("Hello".utf8))
        #expect(decoder.isComplete)
    }
}
