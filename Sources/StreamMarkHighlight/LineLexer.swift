/// The shared scanner: lexes one line (or the rest of one, from a
/// ``LexerCheckpoint``) of any language described by a
/// ``LanguageDefinition``, one step at a time.
///
/// Every step starts at a position where the scanner can restart: the
/// step's tokens and the state after it depend only on (state, bytes from
/// the position). A step that read past the bytes available in an open
/// line (`starved`) may change once more bytes arrive; steps up to the
/// first starved one are final, and the position after the last final step
/// is the checkpoint the next append resumes from. Runs of bytes that all
/// get one kind (string text, comment text, the rest of a line) stop at the
/// end of the available bytes without starving: resuming inside them gives
/// the same merged tokens.
struct LineLexer {
    /// The line's bytes available so far.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the line is complete (its end is known).
    let atLineEnd: Bool
    /// The block's language.
    let root: CompiledLanguage
    /// The next byte to lex.
    var position: Int
    /// The state at ``position``.
    var state: HighlightState
    /// The tokens of the line so far.
    var tokens: [HighlightToken]
    /// Whether a step read past the available bytes of an open line.
    var starved = false
    /// The language of the innermost frame.
    var language: CompiledLanguage
    /// Whether an embedded-language frame is open.
    var inEmbedded = false
    /// Set by the current step when it ended as a run reaching the
    /// available end: how more bytes would continue it.
    var continuation: RunContinuation?

    init(
        root: CompiledLanguage, bytes: UnsafeBufferPointer<UInt8>, from checkpoint: LexerCheckpoint,
        tokens: [HighlightToken], atLineEnd: Bool
    ) {
        self.root = root
        self.bytes = bytes
        self.atLineEnd = atLineEnd
        self.position = checkpoint.position
        self.state = checkpoint.state
        self.tokens = tokens
        self.language = root
        languageChanged()
    }

    /// Lexes to the end of the available bytes (and finishes the line if it
    /// is complete). Returns the checkpoint after the last final step when
    /// `recordingCheckpoints`, else nil.
    ///
    /// - Complexity: O(bytes lexed), each step reads a bounded lookahead.
    mutating func run(recordingCheckpoints: Bool) -> LexerCheckpoint? {
        var checkpoint: LexerCheckpoint? = recordingCheckpoints ? makeCheckpoint() : nil
        while position < bytes.count {
            let before = position
            continuation = nil
            step()
            assert(position > before, "a step must consume")
            if position <= before { position = before + 1 }
            if recordingCheckpoints, !starved { checkpoint = makeCheckpoint() }
        }
        if atLineEnd { finishLine() }
        if !starved { checkpoint?.continuation = continuation }
        return checkpoint
    }

    private func makeCheckpoint() -> LexerCheckpoint {
        LexerCheckpoint(
            position: position, state: state, tokenCount: tokens.count,
            lastTokenEnd: tokens.last?.range.upperBound ?? 0)
    }

    // MARK: Reading

    /// The byte at `index`, or nil past the available bytes (starving the
    /// step if the line is still open).
    @inline(__always)
    mutating func peek(_ index: Int) -> UInt8? {
        if index < bytes.count { return bytes[index] }
        if !atLineEnd { starved = true }
        return nil
    }

    /// Whether `pattern` is at `index` (ASCII case folded if `folding`).
    mutating func matches(_ pattern: [UInt8], at index: Int, folding: Bool = false) -> Bool {
        for offset in pattern.indices {
            guard var byte = peek(index + offset) else { return false }
            if folding, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    /// The end of the run of bytes from `start` not in `stops` (and not a
    /// `<` that may close an embedded language), stopping at the available
    /// end without starving.
    @inline(__always)
    func runEnd(from start: Int, stops: ByteSet) -> Int {
        var end = start
        let angle = UInt8(ascii: "<")
        while end < bytes.count {
            let byte = bytes[end]
            if stops.contains(byte) || (inEmbedded && byte == angle) { break }
            end += 1
        }
        return end
    }

    // MARK: Writing

    /// Adds a token (nothing for plain text), merged with the previous one
    /// when adjacent and of the same kind.
    mutating func emit(_ range: Range<Int>, _ kind: HighlightKind?) {
        guard let kind, !range.isEmpty else { return }
        if let last = tokens.last, last.kind == kind, last.range.upperBound == range.lowerBound {
            tokens[tokens.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            tokens.append(HighlightToken(range: range, kind: kind))
        }
    }

    /// Emits `position..<end` as `kind` and moves to `end`.
    mutating func consume(to end: Int, _ kind: HighlightKind?) {
        emit(position..<end, kind)
        position = end
    }

    /// Consumes a run of `kind` that ended at `end` (at least one byte),
    /// before a byte of `stops` or at the available end. At the available
    /// end it records how more bytes would continue it: a step resumed
    /// here at a byte not in `stops` (nor a `<` that may close an embedded
    /// language) would consume it into the same run.
    mutating func consumeRun(to end: Int, _ kind: HighlightKind?, stops: ByteSet) {
        consume(to: max(end, position + 1), kind)
        guard position == bytes.count, !atLineEnd else { return }
        var stops = stops
        if inEmbedded { stops.insert(UInt8(ascii: "<")) }
        continuation = RunContinuation(stops: stops, kind: kind)
    }

    /// Starts a run: the bytes from here matching `runClass` get `kind`.
    mutating func startRun(_ runClass: LineContext.RunClass, _ kind: HighlightKind?) {
        state.line.run = runClass
        state.line.runKind = kind
    }

    // MARK: Frames

    /// Opens a construct; past ``HighlightState/maximumDepth`` the lexer
    /// gives up and the rest of the block is plain.
    mutating func push(_ frame: LexerFrame) {
        guard state.frames.count < HighlightState.maximumDepth else {
            state.gaveUp = true
            return
        }
        state.frames.append(frame)
        languageChanged()
    }

    /// Closes the innermost construct.
    mutating func pop() {
        _ = state.frames.popLast()
        languageChanged()
    }

    /// Closes the constructs from `index` on.
    mutating func pop(from index: Int) {
        state.frames.removeSubrange(index...)
        languageChanged()
    }

    /// A frame of `mode` in the current language.
    func frame(_ mode: LexerFrame.Mode, rule: Int = 0, delimiter: [UInt8] = []) -> LexerFrame {
        LexerFrame(mode: mode, language: language.index, rule: UInt8(truncatingIfNeeded: rule), delimiter: delimiter)
    }

    mutating func languageChanged() {
        let index = state.frames.last?.language ?? root.index
        if index != language.index { language = LanguageRegistry.compiled[Int(index)] }
        inEmbedded = state.frames.contains { $0.mode == .embedded }
    }
}

/// A position inside a line where lexing can restart, with everything
/// needed to restart there.
struct LexerCheckpoint: Hashable, Sendable {
    /// The byte offset in the line.
    var position: Int
    /// The state at the position.
    var state: HighlightState
    /// How many of the line's tokens end at or before the position.
    var tokenCount: Int
    /// Where the last of those tokens ended (a later token may have been
    /// merged into it).
    var lastTokenEnd: Int
    /// When the last step before the position was a run that reached it:
    /// how appended bytes continue that run without lexing.
    var continuation: RunContinuation?

    /// The start of a line in `state`.
    static func lineStart(_ state: HighlightState) -> LexerCheckpoint {
        LexerCheckpoint(position: 0, state: state, tokenCount: 0, lastTokenEnd: 0, continuation: nil)
    }

    /// `tokens` as they were at the checkpoint.
    func restore(_ tokens: inout [HighlightToken]) {
        tokens.removeSubrange(tokenCount...)
        if tokenCount > 0 {
            let start = tokens[tokenCount - 1].range.lowerBound
            tokens[tokenCount - 1].range = start..<lastTokenEnd
        }
    }
}

/// How a run that reached the end of an open line's available bytes goes
/// on: every appended byte not in ``stops`` is part of it and gets
/// ``kind``, exactly as if the lexer resumed there (the run's step stops
/// only at those bytes). ``CodeHighlighter`` extends the open line's last
/// token with such bytes without running the lexer.
struct RunContinuation: Hashable, Sendable {
    /// The bytes that end the run (or need the lexer to decide).
    var stops: ByteSet
    /// The run's kind (nil: plain text, no token).
    var kind: HighlightKind?
}
