/// Why a wire stream cannot be decoded further. The text decoded before it
/// stands; the message is one line, ready for a terminal.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: String, Hashable, Sendable {
        /// The server sent an error event (`{"error": …}`, `event: error`,
        /// `response.failed`).
        case errorEvent
        /// A line or event that is not what the format allows.
        case malformed
        /// The input ended inside a line that does not decode.
        case cutMidLine
        /// The input ended before the format's final event.
        case unfinished
        /// A line longer than ``WireDecoder/maxLineLength``.
        case lineTooLong
    }

    /// The kind of failure.
    public var reason: Reason
    /// The one-line message, naming the format and the line.
    public var message: String

    /// Creates an error.
    public init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
