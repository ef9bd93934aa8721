/// The lexer's state between two lines (or at a checkpoint inside one):
/// the open constructs (strings, comments, heredocs, substitutions,
/// embedded languages, tags) as a stack of at most ``maximumDepth``
/// frames, plus the little the scanner remembers inside a line.
///
/// A line's tokens are a pure function of (language, state before the
/// line, line bytes), so equal states before equal lines give equal tokens.
public struct HighlightState: Hashable, Sendable {
    /// The deepest nesting kept. Past it (a 33rd `${` inside template
    /// strings, say), the rest of the code block is plain text.
    public static let maximumDepth = 32

    /// The state before the first line of a code block.
    public static let initial = HighlightState()

    /// The open constructs, innermost last.
    var frames: [LexerFrame] = []
    /// A heredoc announced on this line, opened at its end.
    var pendingHeredoc: LexerFrame?
    /// What the scanner remembers inside the current line.
    var line = LineContext()
    /// Whether the current line is the block's first (for `#!`).
    var isFirstLine = true
    /// Whether the lexer gave up (nesting past ``maximumDepth``): the rest
    /// of the block is plain.
    var gaveUp = false

    /// The number of open constructs (at most ``maximumDepth``).
    public var depth: Int { frames.count }

    /// Whether nothing is open: no string, comment, heredoc or embedded
    /// language continues past the line.
    public var isAtTopLevel: Bool { frames.isEmpty && pendingHeredoc == nil && !gaveUp }
}

/// One open construct.
struct LexerFrame: Hashable, Sendable {
    /// What kind of construct.
    enum Mode: UInt8, Sendable {
        /// Code of another language inside markup (`<script>`); ends at
        /// ``LexerFrame/delimiter`` (`</script`).
        case embedded
        /// A string-like literal: ``LexerFrame/rule`` indexes the
        /// language's strings; a non-empty delimiter overrides the closer.
        case string
        /// A block comment: ``LexerFrame/rule`` indexes the block comments.
        case comment
        /// Heredoc body lines until a line holding the delimiter.
        case heredoc
        /// Code inside a substitution (`${`…`}`); closes at the delimiter byte.
        case substitution
        /// A bracket opened inside a substitution, closed by the delimiter byte.
        case bracket
        /// Inside a markup tag, between `<name` and `>`.
        case tag
        /// Inside a stylesheet block `{ … }`.
        case block
    }

    /// What kind of construct.
    var mode: Mode
    /// The language the construct belongs to (registry index).
    var language: UInt8
    /// The rule that opened it, for strings and comments.
    var rule: UInt8 = 0
    /// A closer or terminator computed when it opened (heredoc word,
    /// `</script`, raw-string closer, tag name), at most 32 bytes.
    var delimiter: [UInt8] = []
}

/// What the scanner remembers inside a line, so that it can resume at
/// any checkpoint.
struct LineContext: Hashable, Sendable {
    /// What the previous significant token was.
    enum Previous: UInt8, Sendable {
        /// Nothing yet on the line, or after `;`, `{`, `}`: a statement starts.
        case statementStart
        /// An operator or opening bracket: a value may follow (regexp).
        case operatorLike
        /// A keyword.
        case keyword
        /// A value (word, number, string, closing bracket).
        case value
        /// A `.` (member access).
        case dot
        /// A word that names the next word as a function.
        case functionKeyword
        /// A word that names the next word as a class.
        case classKeyword
        /// `=` inside a markup tag: an unquoted value may follow.
        case equals
        /// `:` inside a stylesheet block: a value follows.
        case colon
    }

    /// What a continued run matches.
    enum RunClass: UInt8, Sendable {
        /// Every byte to the end of the line.
        case toLineEnd
        /// Word bytes.
        case word
        /// Bytes that may continue a number.
        case number
        /// Markup attribute names and unquoted values: up to a blank, `>`,
        /// `=` or a quote.
        case markupWord
        /// A format specification: up to `}`.
        case formatSpecification
    }

    /// Only blanks so far on the line.
    var atLineStart = true
    /// What the previous significant token was.
    var previous = Previous.statementStart
    /// A run in progress: its bytes all get ``runKind`` (nil: plain).
    var run: RunClass?
    /// The kind of the run in progress.
    var runKind: HighlightKind?
}
