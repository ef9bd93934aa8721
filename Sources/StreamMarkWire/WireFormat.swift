/// How a model's answer arrives on the wire.
public enum WireFormat: String, CaseIterable, Hashable, Sendable {
    /// Plain Markdown text: the bytes are the answer.
    case text
    /// OpenAI server-sent events: Chat Completions chunks
    /// (`choices[0].delta.content`, ended by `data: [DONE]`) or Responses API
    /// events (`response.output_text.delta`, ended by `response.completed`).
    case openai
    /// Anthropic Messages server-sent events (`content_block_delta` with a
    /// `text_delta`, ended by `message_stop`).
    case anthropic
    /// Ollama NDJSON: `message.content` (chat) or `response` (generate) per
    /// line, ended by `"done": true`.
    case ollama
}
