/// The highlighting of one code block as its text streams in.
///
/// ``append(_:)`` takes code text in chunks of any size. A line is
/// complete when a `\n` follows it; its tokens (``lines``) are then final:
/// they equal ``HighlightLanguage/highlight(line:after:)`` for that line
/// and never change. The last line may be open: its tokens
/// (``openLineTokens``) are provisional, as if the line ended there.
///
/// The open line is not re-lexed from its start on every append: lexing
/// resumes from a checkpoint inside it (the position after the last token
/// that no further byte can change, with the state there), so an append
/// costs its own bytes plus the few bytes of the last unfinished token.
public struct CodeHighlighter: Sendable {
    /// The block's language (``HighlightLanguage/plainText`` if unknown).
    public let language: HighlightLanguage
    /// The completed lines, in order: final.
    public private(set) var lines: [HighlightedLine] = []
    /// The bytes of the open last line (after the last `\n`).
    public private(set) var openLine: [UInt8] = []
    /// The open line's tokens so far: provisional.
    public private(set) var openLineTokens: [HighlightToken] = []
    /// Bytes the lexer has scanned since the start, re-scanned bytes
    /// counted again: the work done.
    public private(set) var bytesLexed = 0
    /// Bytes of code text appended since the start.
    public private(set) var bytesAppended = 0
    /// Appends that only continued the open line's last run (a string,
    /// comment or text run), without running the lexer.
    public private(set) var runContinuations = 0
    /// Where lexing of the open line resumes.
    private var checkpoint = LexerCheckpoint.lineStart(.initial)

    /// An empty block in `language` (plain text if nil).
    public init(language: HighlightLanguage?) {
        self.language = language ?? .plainText
    }

    /// A block holding `text` already.
    ///
    /// - Complexity: O(text length).
    public init(language: HighlightLanguage?, text: some Collection<UInt8>) {
        self.init(language: language)
        append(text)
    }

    /// The number of completed lines.
    public var completedLineCount: Int { lines.count }

    /// The state before the open line (after the last completed line).
    public var state: HighlightState { lines.last?.state ?? .initial }

    /// Adds code text.
    ///
    /// - Complexity: O(bytes appended + the open line's last unfinished
    ///   token, at most 64 bytes or a bounded lookahead), amortised.
    @inlinable
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append(buffer: $0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { append(buffer: $0) }
        }
    }

    /// Adds code text held in contiguous memory (what ``append(_:)`` calls,
    /// specialised in the caller).
    @usableFromInline
    mutating func append(buffer bytes: UnsafeBufferPointer<UInt8>) {
        bytesAppended += bytes.count
        var segmentStart = 0
        while let newline = bytes[segmentStart...].firstIndex(of: UInt8(ascii: "\n")) {
            openLine.append(contentsOf: bytes[segmentStart..<newline])
            completeLine()
            segmentStart = newline + 1
        }
        guard segmentStart != bytes.count else { return }
        let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart...])
        openLine.append(contentsOf: segment)
        if !continueRun(with: segment) { lexOpenLine() }
    }

    /// Adds `segment` (just appended to the open line) to the run the open
    /// line ended in, if every byte of it continues that run: the last
    /// token grows and the checkpoint moves to the end, without lexing.
    /// The lexer resumed at the checkpoint would give the same tokens and
    /// state (``RunContinuation``).
    ///
    /// - Complexity: O(segment).
    private mutating func continueRun(with segment: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let run = checkpoint.continuation, checkpoint.position + segment.count == openLine.count,
            !run.stops.containsAny(of: segment)
        else { return false }
        let end = openLine.count
        if let kind = run.kind {
            guard let last = openLineTokens.last, last.kind == kind, last.range.upperBound == checkpoint.position,
                checkpoint.lastTokenEnd == checkpoint.position
            else { return false }
            openLineTokens[openLineTokens.count - 1].range = last.range.lowerBound..<end
            checkpoint.lastTokenEnd = end
        }
        checkpoint.position = end
        bytesLexed += segment.count
        runContinuations += 1
        return true
    }

    /// Starts over with `text` as the whole code (when the code changed
    /// other than by appending).
    ///
    /// - Complexity: O(text length).
    public mutating func restart(with text: some Collection<UInt8>) {
        self = CodeHighlighter(language: language, text: text)
    }

    /// Drops the open line (its bytes and tokens), keeping the completed
    /// lines: for code whose last line changed other than by growing (a
    /// partial closing fence taken back).
    ///
    /// - Complexity: O(1).
    public mutating func discardOpenLine() {
        bytesAppended -= openLine.count
        openLine.removeAll(keepingCapacity: true)
        openLineTokens = []
        checkpoint = .lineStart(state)
    }

    /// The open line highlighted as if it were complete (the block ended
    /// without a final line ending); nil when the open line is empty.
    ///
    /// - Complexity: O(open line length from its checkpoint).
    public func finishedOpenLine() -> HighlightedLine? {
        guard !openLine.isEmpty else { return nil }
        var copy = self
        copy.completeLine()
        return copy.lines.last
    }

    private mutating func completeLine() {
        let (tokens, state, _) = lex(atLineEnd: true)
        lines.append(HighlightedLine(tokens: tokens, state: state))
        openLine.removeAll(keepingCapacity: true)
        openLineTokens = []
        checkpoint = .lineStart(state)
    }

    private mutating func lexOpenLine() {
        let (tokens, _, resume) = lex(atLineEnd: false)
        openLineTokens = tokens
        if let resume { checkpoint = resume }
    }

    /// Lexes the open line from the checkpoint.
    private mutating func lex(atLineEnd: Bool) -> ([HighlightToken], HighlightState, LexerCheckpoint?) {
        // Moved, not copied: the lexer appends to the only reference.
        var tokens: [HighlightToken] = []
        swap(&tokens, &openLineTokens)
        checkpoint.restore(&tokens)
        bytesLexed += openLine.count - checkpoint.position
        let start = checkpoint
        let root = language.compiled
        return openLine.withUnsafeBufferPointer { buffer in
            var lexer = LineLexer(root: root, bytes: buffer, from: start, tokens: [], atLineEnd: atLineEnd)
            swap(&lexer.tokens, &tokens)
            let resume = lexer.run(recordingCheckpoints: !atLineEnd)
            return (lexer.tokens, lexer.state, resume)
        }
    }
}
