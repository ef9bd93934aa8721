public import StreamMarkHighlight

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The syntax highlighting of a streaming document's code blocks, kept
/// from the engine's patches: each code block's lines are highlighted as
/// they arrive, a completed line once, and its tokens never change.
///
/// The tree stays cmark's truth (a code block is its literal); highlighting
/// is derived from it here, per block id, by a ``CodeHighlighter`` whose
/// state is carried from line to line. A line of a code block is
/// *complete* when another line follows it in the literal or the block is
/// closed; the last line of an open block is the *open line*, lexed from a
/// checkpoint inside it as it grows (provisional tokens).
///
/// ```swift
/// var highlights = CodeHighlights()
/// let patches = document.append(chunk)
/// for change in highlights.apply(patches, root: document.root) {
///     // change.lines: the block's completed lines from change.firstLine on
/// }
/// ```
///
/// Renderers and writers that consume patches keep one of these (the
/// patch writer with `highlighting`, the live terminal, the HTML
/// fragments); a one-shot renderer highlights a closed block's literal
/// directly (``HighlightLanguage/highlight(text:)``), which gives the
/// same lines.
public struct CodeHighlights: Sendable {
    /// What one ``apply(_:root:)`` changed in one code block: its completed
    /// lines from ``firstLine`` on are ``lines``, and no others are
    /// complete. An append of lines has ``firstLine`` equal to the number
    /// of lines completed before; a block that changed otherwise (inserted
    /// again, a new info string, a literal that changed before its end)
    /// starts from 0.
    public struct Change: Hashable, Sendable {
        /// The code block.
        public var id: BlockID
        /// The index of the first line in ``lines``.
        public var firstLine: Int
        /// The completed lines from ``firstLine`` on, final.
        public var lines: [HighlightedLine]
    }

    private struct Entry: Sendable {
        var highlighter: CodeHighlighter
        var info: String
        /// The literal last seen (it shares its storage with the tree's).
        var literal: String
        /// How many of its UTF-8 bytes the highlighter was given.
        var fed: Int
        var isClosed = false
    }

    private var entries: [BlockID: Entry] = [:]

    /// Creates highlighting for an empty document.
    public init() {}

    /// Bytes the highlighters lexed since the start (a work counter: about
    /// the code bytes, plus the resumed tails of open lines).
    public private(set) var bytesLexed = 0

    /// The completed lines of the code block `id`, if it is one.
    public func lines(of id: BlockID) -> [HighlightedLine]? { entries[id]?.highlighter.lines }

    /// The provisional tokens of the open line of the code block `id`.
    public func openLineTokens(of id: BlockID) -> [HighlightToken] { entries[id]?.highlighter.openLineTokens ?? [] }

    /// The language of the code block `id` (plain text if unknown).
    public func language(of id: BlockID) -> HighlightLanguage? { entries[id]?.highlighter.language }

    /// Applies one batch of the engine's patches (one `append` or
    /// `finish`); `root` is the tree after them. Returns what changed.
    ///
    /// - Complexity: O(new code bytes + the open lines' unfinished tokens),
    ///   plus a comparison of each updated literal with the one before
    ///   (`memcmp`), and O(subtree) once per closed or inserted block.
    public mutating func apply(_ patches: [Patch], root: Block) -> [Change] {
        var changes: [Change] = []
        for patch in patches {
            switch patch {
            case .insert(_, _, let block):
                block.forEach { if case .codeBlock(let code) = $0.kind { track($0.id, code, restart: true, &changes) } }
            case .update(let id, let value):
                if case .codeBlock(let code) = value.kind {
                    track(id, code, restart: false, &changes)
                } else {
                    entries[id] = nil
                }
            case .remove(let id):
                entries[id] = nil
            case .close(let id):
                root.descendant(withID: id)?.forEach { if case .codeBlock = $0.kind { close($0.id, &changes) } }
            case .move:
                break
            }
        }
        return changes
    }

    /// The highlighting of a whole code literal, as a closed block's: the
    /// lines ``apply(_:root:)`` gives for it in the end, in one go.
    public static func lines(of code: CodeBlockAttributes) -> [HighlightedLine] {
        (HighlightLanguage(infoString: code.info) ?? .plainText).highlight(text: code.literal.utf8)
    }

    private mutating func track(_ id: BlockID, _ code: CodeBlockAttributes, restart: Bool, _ changes: inout [Change]) {
        let literal = code.literal
        if !restart, var entry = entries[id], entry.info == code.info, !entry.isClosed {
            // The completed lines stay complete (their line feeds are in the
            // literal): the text to have is up to the open line's end.
            let completed = entry.fed - entry.highlighter.openLine.count
            let end = max(completed, Self.openEnd(of: literal))
            let grows = end >= entry.fed && Self.literal(literal, extends: entry.literal, upTo: entry.fed)
            if grows || Self.literal(literal, extends: entry.literal, upTo: completed) {
                entries[id] = nil
                if !grows {
                    // Only the open line changed otherwise than by growing
                    // (a partial closing fence taken back): it alone is
                    // lexed again.
                    entry.highlighter.discardOpenLine()
                    entry.fed = completed
                }
                let before = entry.highlighter.completedLineCount
                feed(&entry, literal, to: end)
                entry.literal = literal
                if entry.highlighter.completedLineCount > before {
                    changes.append(Change(id: id, firstLine: before, lines: Array(entry.highlighter.lines[before...])))
                }
                entries[id] = entry
                return
            }
        }
        let hadLines = (entries[id]?.highlighter.completedLineCount ?? 0) > 0
        var entry = Entry(
            highlighter: CodeHighlighter(language: HighlightLanguage(infoString: code.info)), info: code.info,
            literal: literal, fed: 0)
        feed(&entry, literal, to: Self.openEnd(of: literal))
        if hadLines || entry.highlighter.completedLineCount > 0 {
            changes.append(Change(id: id, firstLine: 0, lines: entry.highlighter.lines))
        }
        entries[id] = entry
    }

    private mutating func close(_ id: BlockID, _ changes: inout [Change]) {
        guard var entry = entries[id], !entry.isClosed else { return }
        entries[id] = nil
        let before = entry.highlighter.completedLineCount
        feed(&entry, entry.literal, to: entry.literal.utf8.count)
        entry.isClosed = true
        if entry.highlighter.completedLineCount > before {
            changes.append(Change(id: id, firstLine: before, lines: Array(entry.highlighter.lines[before...])))
        }
        entries[id] = entry
    }

    /// Gives the highlighter the literal's bytes from what it has to `end`.
    private mutating func feed(_ entry: inout Entry, _ literal: String, to end: Int) {
        guard end > entry.fed else { return }
        let lexed = entry.highlighter.bytesLexed
        let utf8 = literal.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: entry.fed)
        entry.highlighter.append(utf8[start..<utf8.index(utf8.startIndex, offsetBy: end)])
        entry.fed = end
        bytesLexed += entry.highlighter.bytesLexed - lexed
    }

    /// The end of an open block's text: its literal without the line feed
    /// cmark puts after the last line (that line may still grow).
    static func openEnd(of literal: String) -> Int {
        let count = literal.utf8.count
        return literal.utf8.last == 0x0A ? count - 1 : count
    }

    /// Whether `new` starts with the first `count` UTF-8 bytes of `old`.
    ///
    /// - Complexity: O(count), a `memcmp` for native strings.
    static func literal(_ new: String, extends old: String, upTo count: Int) -> Bool {
        guard new.utf8.count >= count, old.utf8.count >= count else { return false }
        let fast = new.utf8.withContiguousStorageIfAvailable { newBytes in
            old.utf8.withContiguousStorageIfAvailable { oldBytes in
                count == 0 || memcmp(newBytes.baseAddress!, oldBytes.baseAddress!, count) == 0
            }
        }
        if let fast, let result = fast { return result }
        return new.utf8.prefix(count).elementsEqual(old.utf8.prefix(count))
    }
}
