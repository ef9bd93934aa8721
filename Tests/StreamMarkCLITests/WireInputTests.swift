import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import StreamMarkWire
import Testing

/// `streammark --input FORMAT`: recorded-style provider streams of Corpus
/// answers give the answer's one-shot HTML; bad streams give one line on
/// stderr, exit 1, and the HTML of the text that arrived before.
@Suite("streammark --input")
struct WireInputTests {
    static let encoders: [(String, WireEncoder)] = [
        ("openai", WireEncoder(format: .openai)),
        ("openai", WireEncoder(format: .openai, variant: .responses, escapesNonASCII: true)),
        ("anthropic", WireEncoder(format: .anthropic)),
        ("ollama", WireEncoder(format: .ollama)),
        ("ollama", WireEncoder(format: .ollama, variant: .responses, escapesNonASCII: true)),
    ]

    /// Every fourth answer, through every format, replayed in random small
    /// pieces (the pieces end inside SSE lines and UTF-8 characters).
    @Test(arguments: 0..<encoders.count)
    func streamsGiveTheOneShotHTML(encoderIndex: Int) {
        let (name, encoder) = Self.encoders[encoderIndex]
        var generator = SplitMix64(seed: UInt64(encoderIndex) * 7 + 1)
        for (offset, answer) in CLI.corpusNames.enumerated() where offset % 4 == encoderIndex % 4 {
            let bytes = CLI.corpus(answer)
            let text = String(decoding: bytes, as: UTF8.self)
            var deltas: [String] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                let size = Int(generator.next() % 16) + 1
                deltas.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            let stream = encoder.encode(deltas)
            let piece = Int(generator.next() % 7) + 1
            guard let result = CLI.run(["--input", name, "--format", "html", "--replay", "\(piece)"], input: stream)
            else { return }
            let expected = HTMLRenderer().render(MarkdownParser().parse(bytes: bytes))
            #expect(result.status == 0, "\(answer) via \(name): \(result.error)")
            #expect(result.error.isEmpty)
            #expect(result.text == expected, "\(answer) via \(name) \(encoder.variant) in \(piece)-byte pieces")
        }
    }

    /// Read as it arrives (no --replay): the same result.
    @Test func unreplayedStreamGivesTheOneShotHTML() {
        let bytes = CLI.corpus(CLI.corpusNames[29])
        let text = String(decoding: bytes, as: UTF8.self)
        let deltas = text.split(separator: " ", omittingEmptySubsequences: false).map { String($0) + " " }
        let joined = String(deltas.joined().dropLast())
        let stream = WireEncoder(format: .anthropic).encode(
            Array(deltas.dropLast()) + [String(deltas.last!.dropLast())])
        guard let result = CLI.run(["--input", "anthropic", "--format", "html"], input: stream) else { return }
        #expect(joined == text)
        #expect(result.status == 0)
        #expect(result.text == HTMLRenderer().render(MarkdownParser().parse(text)))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var format: String
        var input: String
        var message: String
        var textBefore: String
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(
            name: "openai error event", format: "openai",
            input:
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"# Title\\n\\nSome\"}}]}\n\ndata: {\"error\":{\"message\":\"Rate limit reached\"}}\n\n",
            message: "streammark: openai: error event at line 3: Rate limit reached\n", textBefore: "# Title\n\nSome"),
        Failure(
            name: "openai malformed data", format: "openai",
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"- a\\n- b\"}}]}\n\ndata: {oops\n\n",
            message: "streammark: openai: malformed event at line 3: data is not a JSON object: '{oops'\n",
            textBefore: "- a\n- b"),
        Failure(
            name: "openai cut mid-line", format: "openai",
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello *wor\"}}]}\n\ndata: {\"choi",
            message: "streammark: openai: stream cut mid-line at line 3\n", textBefore: "Hello *wor"),
        Failure(
            name: "openai without DONE", format: "openai",
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"text\"}}]}\n\n",
            message: "streammark: openai: stream ended before data: [DONE] or response.completed\n", textBefore: "text"),
        Failure(
            name: "anthropic error event", format: "anthropic",
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"```py\\nx = 1\"}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
            message: "streammark: anthropic: error event at line 5: Overloaded\n", textBefore: "```py\nx = 1"),
        Failure(
            name: "anthropic unknown event type", format: "anthropic",
            input:
                "event: surprise\ndata: {\"type\":\"surprise\"}\n\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"all of it\"}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
            message: "streammark: anthropic: skipped unknown event type 'surprise' at line 2\n", textBefore: "all of it"
        ),
        Failure(
            name: "anthropic cut inside a character", format: "anthropic",
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"caf\u{E9}\"}}\n\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\u{E9}",
            message: "streammark: anthropic: stream cut mid-line at line 5\n", textBefore: "caf\u{E9}"),
        Failure(
            name: "ollama error line", format: "ollama",
            input:
                "{\"message\":{\"role\":\"assistant\",\"content\":\"> quote\"},\"done\":false}\n{\"error\":\"model 'x' not found\"}\n",
            message: "streammark: ollama: error event at line 2: model 'x' not found\n", textBefore: "> quote"),
        Failure(
            name: "ollama plain text", format: "ollama", input: "# Not JSON\n",
            message: "streammark: ollama: malformed event at line 1: not a JSON object: '# Not JSON'\n", textBefore: ""),
        Failure(
            name: "ollama without done", format: "ollama", input: "{\"response\":\"1. one\",\"done\":false}\n",
            message: "streammark: ollama: stream ended before \"done\": true\n", textBefore: "1. one"),
    ]

    @Test(arguments: failures)
    func badStreamExits1KeepingTheText(_ failure: Failure) {
        for replay in [[], ["--replay", "3"]] {
            guard
                let result = CLI.run(
                    ["--input", failure.format, "--format", "html"] + replay, input: Array(failure.input.utf8))
            else { return }
            #expect(result.status == 1, "\(failure.name) \(replay)")
            #expect(result.error == failure.message, "\(failure.name) \(replay)")
            #expect(
                result.text == HTMLRenderer().render(MarkdownParser().parse(failure.textBefore)),
                "\(failure.name) \(replay)")
        }
    }

    /// The terminal output keeps the text too.
    @Test func terminalOutputKeepsTheTextBeforeAnError() {
        let input = "{\"response\":\"Kept text\",\"done\":false}\n{\"error\":\"gone\"}\n"
        guard let result = CLI.run(["--input", "ollama"], input: Array(input.utf8)) else { return }
        #expect(result.status == 1)
        #expect(result.text == "Kept text\n")
        #expect(result.error == "streammark: ollama: error event at line 2: gone\n")
    }

    /// `--partial` (a stream that has not finished) reports a bad stream too.
    @Test func partialOutputReportsABadStream() {
        let input = "{\"response\":\"Kept *text\",\"done\":false}\n{\"error\":\"gone\"}\n"
        guard let result = CLI.run(["--input", "ollama", "--partial", "--format", "html"], input: Array(input.utf8))
        else { return }
        #expect(result.status == 1)
        #expect(result.text.contains("Kept"))
        #expect(result.error == "streammark: ollama: error event at line 2: gone\n")
    }

    @Test func unknownInputFormatIsAUsageError() {
        guard let result = CLI.run(["--input", "grpc"]) else { return }
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                "streammark: bad --input value 'grpc' (expected text, openai, anthropic or ollama) — usage: streammark")
        )
    }

    /// `--input text` is the default: the same bytes, the same output.
    @Test func textIsTheDefault() {
        let bytes = CLI.corpus(CLI.corpusNames[3])
        guard let plain = CLI.run(["--format", "html", "--stats"], input: bytes),
            let text = CLI.run(["--input", "text", "--format", "html", "--stats"], input: bytes)
        else { return }
        #expect(plain.status == 0 && text.status == 0)
        #expect(plain.output == text.output)
        #expect(plain.text == HTMLRenderer().render(MarkdownParser().parse(bytes: bytes)))
        #expect(plain.error == text.error, "the same appends")
    }
}

/// Deltas are rendered as they arrive: the writer sends the first event,
/// waits until `streammark` has written its patch, then sends the rest. If
/// the command waited for more input (or the end), the first patch would
/// not appear and the writer would record "late".
@Suite("streammark --input is live")
struct WireInputLiveTests {
    @Test(arguments: ["openai", "anthropic", "ollama"])
    func firstDeltaIsRenderedBeforeTheRestArrives(format: String) throws {
        guard let binary = CLI.path(), let wireFormat = WireFormat(rawValue: format) else { return }
        let stream = WireEncoder(format: wireFormat).encode(["Hello ", "*world*\n\nMore text.\n"])
        let text = String(decoding: stream, as: UTF8.self)
        // Up to and including the first delta's event.
        let firstEnd = try #require(text.range(of: "Hello ")).upperBound
        let head = text[..<firstEnd]
        let lineEnd = try #require(text[firstEnd...].range(of: format == "ollama" ? "\n" : "\n\n")).upperBound
        let first = String(text[..<lineEnd])
        let rest = String(text[lineEnd...])
        #expect(head.count < first.count)
        let directory = CLI.temporaryFile("-live")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try first.write(to: directory.appendingPathComponent("first"), atomically: true, encoding: .utf8)
        try rest.write(to: directory.appendingPathComponent("rest"), atomically: true, encoding: .utf8)
        let script = """
            cd \(CLI.quoted(directory.path))
            {
              cat first
              for i in $(seq 200); do [ -s out ] && break; sleep 0.1; done
              if [ -s out ]; then echo live > marker; else echo late > marker; fi
              cat rest
            } | \(CLI.quoted(binary)) --input \(format) --format patches > out
            echo "status $?" >> marker
            """
        guard let result = CLI.shell(script) else { return }
        #expect(result.status == 0)
        let marker = try String(contentsOf: directory.appendingPathComponent("marker"), encoding: .utf8)
        #expect(marker == "live\nstatus 0\n", "\(format): \(marker)")
    }
}
