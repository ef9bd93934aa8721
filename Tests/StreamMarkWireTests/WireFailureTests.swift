import StreamMark
import StreamMarkWire
import Testing

/// Bad streams by name: each throws its reason and one-line message, with
/// the text before the failure decoded.
@Suite("Wire failures")
struct WireFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var format: WireFormat
        var input: String
        var reason: WireError.Reason
        var message: String
        var textBefore: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "openai error object", format: .openai,
            input:
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: {\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}\n\n",
            reason: .errorEvent, message: "openai: error event at line 3: Rate limit reached", textBefore: "Hi"),
        Case(
            name: "openai event: error", format: .openai,
            input:
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"A\"}}]}\n\nevent: error\ndata: {\"message\":\"boom\"}\n\n",
            reason: .errorEvent, message: "openai: error event at line 4: boom", textBefore: "A"),
        Case(
            name: "openai responses failed", format: .openai,
            input:
                "data: {\"type\":\"response.output_text.delta\",\"delta\":\"x\"}\n\ndata: {\"type\":\"response.failed\",\"response\":{\"error\":{\"code\":\"server_error\",\"message\":\"The model failed\"}}}\n\n",
            reason: .errorEvent, message: "openai: error event at line 3: The model failed", textBefore: "x"),
        Case(
            name: "openai not JSON", format: .openai,
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"}}]}\n\ndata: {not json\n\n",
            reason: .malformed, message: "openai: malformed event at line 3: data is not a JSON object: '{not json'",
            textBefore: "ok"),
        Case(
            name: "openai plain text instead of SSE", format: .openai, input: "# Hello\n\nworld\n",
            reason: .malformed, message: "openai: malformed event at line 1: not a server-sent event line: '# Hello'",
            textBefore: ""),
        Case(
            name: "openai content not a string", format: .openai,
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":42}}]}\n\n",
            reason: .malformed, message: "openai: malformed event at line 1: delta.content is not a string",
            textBefore: ""),
        Case(
            name: "openai cut mid-line", format: .openai,
            input:
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"par\"}}]}\n\ndata: {\"choices\":[{\"index\":0,\"del",
            reason: .cutMidLine, message: "openai: stream cut mid-line at line 3", textBefore: "par"),
        Case(
            name: "openai no DONE", format: .openai,
            input: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"end\"}}]}\n\n",
            reason: .unfinished, message: "openai: stream ended before data: [DONE] or response.completed",
            textBefore: "end"),
        Case(
            name: "anthropic error event", format: .anthropic,
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"So\"}}\n\nevent: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
            reason: .errorEvent, message: "anthropic: error event at line 5: Overloaded", textBefore: "So"),
        Case(
            name: "anthropic delta without type", format: .anthropic,
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"text\":\"x\"}}\n\n",
            reason: .malformed,
            message: "anthropic: malformed event at line 2: content_block_delta without a delta type",
            textBefore: ""),
        Case(
            name: "anthropic event without type", format: .anthropic, input: "data: {\"index\":0}\n\n",
            reason: .malformed, message: "anthropic: malformed event at line 1: event without a type", textBefore: ""),
        Case(
            name: "anthropic cut mid-line", format: .anthropic,
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hé\"}}\n\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"l",
            reason: .cutMidLine, message: "anthropic: stream cut mid-line at line 5", textBefore: "Hé"),
        Case(
            name: "anthropic no message_stop", format: .anthropic,
            input:
                "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"t\"}}\n\n",
            reason: .unfinished, message: "anthropic: stream ended before message_stop", textBefore: "t"),
        Case(
            name: "ollama error line", format: .ollama,
            input:
                "{\"message\":{\"role\":\"assistant\",\"content\":\"Hel\"},\"done\":false}\n{\"error\":\"model 'x' not found\"}\n",
            reason: .errorEvent, message: "ollama: error event at line 2: model 'x' not found", textBefore: "Hel"),
        Case(
            name: "ollama not JSON", format: .ollama,
            input: "{\"response\":\"a\",\"done\":false}\nnot json\n",
            reason: .malformed, message: "ollama: malformed event at line 2: not a JSON object: 'not json'",
            textBefore: "a"),
        Case(
            name: "ollama cut mid-line", format: .ollama,
            input: "{\"response\":\"a\",\"done\":false}\n{\"response\":\"b\",\"do",
            reason: .cutMidLine, message: "ollama: stream cut mid-line at line 2", textBefore: "a"),
        Case(
            name: "ollama no done", format: .ollama, input: "{\"response\":\"a\",\"done\":false}\n",
            reason: .unfinished, message: "ollama: stream ended before \"done\": true", textBefore: "a"),
        Case(
            name: "ollama done not a boolean", format: .ollama, input: "{\"response\":\"a\",\"done\":\"yes\"}\n",
            reason: .malformed, message: "ollama: malformed event at line 1: done is not a boolean", textBefore: "a"),
        Case(
            name: "error message with newlines stays one line", format: .ollama,
            input: "{\"error\":\"bad\\nthing\\u001b[31m\"}\n",
            reason: .errorEvent, message: "ollama: error event at line 1: bad thing [31m", textBefore: ""),
    ]

    @Test(arguments: cases)
    func failureIsReportedWithTheTextBefore(_ testCase: Case) {
        var decoder = WireDecoder(format: testCase.format)
        var text: [UInt8] = []
        var caught: WireError?
        do {
            for byte in testCase.input.utf8 { try decoder.decode([byte], into: &text) }
            try decoder.finish(into: &text)
        } catch {
            caught = error
        }
        #expect(caught?.reason == testCase.reason)
        #expect(caught?.message == testCase.message)
        #expect(caught?.message.contains("\n") == false)
        #expect(String(decoding: text, as: UTF8.self) == testCase.textBefore)
        // After an error, decoding stops with the same error.
        #expect(throws: caught!) { try decoder.decode(Array("data: x\n\n".utf8), into: &text) }
    }

    /// Unknown event types are skipped (providers add event types); the first
    /// is reported. Documented non-text events are skipped silently.
    @Test func unknownEventTypesAreSkippedAndReported() throws {
        let anthropic =
            "event: ping\ndata: {\"type\":\"ping\"}\n\nevent: mystery\ndata: {\"type\":\"mystery\"}\n\n"
            + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_delta\",\"thinking\":\"hm\"}}\n\n"
            + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"ok\"}}\n\n"
            + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
        var decoder = WireDecoder(format: .anthropic)
        var text: [UInt8] = []
        try decoder.decode(Array(anthropic.utf8), into: &text)
        try decoder.finish(into: &text)
        #expect(text == Array("ok".utf8))
        #expect(decoder.unknownEvent?.type == "mystery")
        #expect(decoder.unknownEvent?.line == 5)

        let openai =
            ": keep-alive\n\ndata: {\"type\":\"response.reasoning_summary_text.delta\",\"delta\":\"no\"}\n\n"
            + "data: {\"type\":\"response.output_text.delta\",\"delta\":\"yes\"}\n\ndata: {\"type\":\"response.completed\"}\n\n"
        var responses = WireDecoder(format: .openai)
        var out: [UInt8] = []
        try responses.decode(Array(openai.utf8), into: &out)
        try responses.finish(into: &out)
        #expect(out == Array("yes".utf8))
        #expect(responses.unknownEvent == nil)
    }

    /// Input after the final event is ignored.
    @Test func inputAfterTheFinalEventIsIgnored() throws {
        let input = "{\"response\":\"a\",\"done\":true}\ngarbage\n"
        #expect(try WireDecoder.decode(Array(input.utf8), format: .ollama) == Array("a".utf8))
    }
}
