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
        /// How many UTF-8 bytes of the literal the highlighter was given.
        var fed: Int
        var isClosed = false
        /// The literal last seen, kept only when internal checks are on
        /// (it would share its storage with the tree's and make the
        /// engine copy the literal on its next append).
        var checkedLiteral: String?
    }

    private var entries: [BlockID: Entry] = [:]
    /// The entry of the block tracked last (in a stream, the open code
    /// block), kept out of ``entries``: an append to it hashes nothing.
    private var hot: (id: BlockID, entry: Entry)?

    /// Creates highlighting for an empty document.
    public init() {}

    /// Bytes the highlighters lexed since the start (a work counter: about
    /// the code bytes, plus the resumed tails of open lines).
    public private(set) var bytesLexed = 0

    /// The completed lines of the code block `id`, if it is one.
    public func lines(of id: BlockID) -> [HighlightedLine]? { entry(id)?.highlighter.lines }

    /// The provisional tokens of the open line of the code block `id`.
    public func openLineTokens(of id: BlockID) -> [HighlightToken] { entry(id)?.highlighter.openLineTokens ?? [] }

    /// The language of the code block `id` (plain text if unknown).
    public func language(of id: BlockID) -> HighlightLanguage? { entry(id)?.highlighter.language }

    /// Applies one batch of the engine's patches (one `append` or
    /// `finish`); `root` is the tree after them. Returns what changed.
    ///
    /// The patches are one stream's, in order: an update of an open code
    /// block changes its literal only from its last line on (cmark's
    /// literal of a growing fenced or indented block does; the
    /// prefix-identity harness counts it). Only that last line is compared
    /// with what the highlighter has; a literal shorter than its completed
    /// lines, or whose completed lines do not end where they did, starts
    /// the block over.
    ///
    /// - Complexity: O(new code bytes + the open lines' lengths + their
    ///   unfinished tokens) per batch, and O(subtree) once per closed or
    ///   inserted block: independent of the code before the open line.
    public mutating func apply(_ patches: [Patch], root: Block) -> [Change] {
        var changes: [Change] = []
        for patch in patches { apply(patch, root: root, into: &changes) }
        return changes
    }

    /// Applies one patch of a batch (``apply(_:root:)``), appending what
    /// changed to `changes`.
    mutating func apply(_ patch: Patch, root: Block, into changes: inout [Change]) {
        switch patch {
        case .insert(_, _, let block):
            block.forEach { if case .codeBlock(let code) = $0.kind { track($0.id, code, restart: true, &changes) } }
        case .update(let id, let value):
            if case .codeBlock(let code) = value.kind {
                track(id, code, restart: false, &changes)
            } else if hot != nil || !entries.isEmpty {
                _ = take(id)
            }
        case .remove(let id):
            _ = take(id)
        case .close(let id):
            root.descendant(withID: id)?.forEach {
                if case .codeBlock(let code) = $0.kind { close($0.id, code, &changes) }
            }
        case .move:
            break
        }
    }

    /// The highlighting of a whole code literal, as a closed block's: the
    /// lines ``apply(_:root:)`` gives for it in the end, in one go.
    public static func lines(of code: CodeBlockAttributes) -> [HighlightedLine] {
        (HighlightLanguage(infoString: code.info) ?? .plainText).highlight(text: code.literal.utf8)
    }

    private mutating func track(_ id: BlockID, _ code: CodeBlockAttributes, restart: Bool, _ changes: inout [Change]) {
        let existing = take(id)
        if !restart, var entry = existing, entry.info == code.info, !entry.isClosed,
            let grows = Self.openLine(of: code.literal, continues: entry)
        {
            let completed = entry.fed - entry.highlighter.openLine.count
            if !grows {
                // Only the open line changed otherwise than by growing (a
                // partial closing fence taken back): it alone is lexed again.
                entry.highlighter.discardOpenLine()
                entry.fed = completed
            }
            let before = entry.highlighter.completedLineCount
            feed(&entry, code.literal, to: max(completed, Self.openEnd(of: code.literal)))
            Self.report(id, entry, from: before, &changes)
            put(id, entry)
            return
        }
        let hadLines = (existing?.highlighter.completedLineCount ?? 0) > 0
        var entry = Entry(
            highlighter: CodeHighlighter(language: HighlightLanguage(infoString: code.info)), info: code.info, fed: 0)
        feed(&entry, code.literal, to: Self.openEnd(of: code.literal))
        if hadLines || entry.highlighter.completedLineCount > 0 {
            changes.append(Change(id: id, firstLine: 0, lines: entry.highlighter.lines))
        }
        put(id, entry)
    }

    private mutating func close(_ id: BlockID, _ code: CodeBlockAttributes, _ changes: inout [Change]) {
        guard entry(id)?.isClosed == false else { return }
        track(id, code, restart: false, &changes)
        guard var entry = take(id) else { return }
        let before = entry.highlighter.completedLineCount
        feed(&entry, code.literal, to: code.literal.utf8.count)
        entry.isClosed = true
        Self.report(id, entry, from: before, &changes)
        put(id, entry)
    }

    /// Appends the lines `entry` completed from line `before` on, to the
    /// block's last change when they continue it (an update and the close
    /// of the same block in one batch), else as a new one.
    private static func report(_ id: BlockID, _ entry: Entry, from before: Int, _ changes: inout [Change]) {
        guard entry.highlighter.completedLineCount > before else { return }
        let lines = Array(entry.highlighter.lines[before...])
        if let last = changes.last, last.id == id, last.firstLine + last.lines.count == before {
            changes[changes.count - 1].lines += lines
        } else {
            changes.append(Change(id: id, firstLine: before, lines: lines))
        }
    }

    /// The entry of `id`.
    private func entry(_ id: BlockID) -> Entry? {
        if let hot, hot.id == id { return hot.entry }
        return entries[id]
    }

    /// Removes and returns the entry of `id` (uniquely referenced, to be
    /// changed in place).
    private mutating func take(_ id: BlockID) -> Entry? {
        if let current = hot, current.id == id {
            hot = nil
            return current.entry
        }
        return entries.isEmpty ? nil : entries.removeValue(forKey: id)
    }

    /// Stores `entry` as the hot one, the previous hot entry going to
    /// ``entries``.
    private mutating func put(_ id: BlockID, _ entry: Entry) {
        if let previous = hot, previous.id != id { entries[previous.id] = previous.entry }
        hot = (id, entry)
    }

    /// Gives the highlighter the literal's bytes from what it has to `end`.
    private mutating func feed(_ entry: inout Entry, _ literal: String, to end: Int) {
        guard end > entry.fed else { return }
        let lexed = entry.highlighter.bytesLexed
        let utf8 = literal.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: entry.fed)
        entry.highlighter.append(utf8[start..<utf8.index(utf8.startIndex, offsetBy: end)])
        entry.fed = end
        if InternalChecks.isEnabled { entry.checkedLiteral = literal }
        bytesLexed += entry.highlighter.bytesLexed - lexed
    }

    /// The end of an open block's text: its literal without the line feed
    /// cmark puts after the last line (that line may still grow).
    static func openEnd(of literal: String) -> Int {
        let count = literal.utf8.count
        return literal.utf8.last == 0x0A ? count - 1 : count
    }

    /// Whether `literal` continues what `entry`'s highlighter has: nil
    /// if its completed lines are not there (the block starts over), true
    /// if the open line is there whole (it grew or stayed), false if only
    /// the open line changed.
    ///
    /// - Complexity: O(open line), a `memcmp`; O(literal) with internal
    ///   checks on, which also compare the completed lines.
    private static func openLine(of literal: String, continues entry: Entry) -> Bool? {
        var literal = literal
        return literal.withUTF8 { bytes -> Bool? in
            let open = entry.highlighter.openLine
            let completed = entry.fed - open.count
            guard bytes.count >= completed, completed == 0 || bytes[completed - 1] == 0x0A else { return nil }
            if let checked = entry.checkedLiteral {
                precondition(
                    checked.utf8.prefix(completed).elementsEqual(bytes.prefix(completed)),
                    "CodeHighlights: a completed line of a code block changed")
            }
            guard bytes.count >= entry.fed else { return false }
            return open.withUnsafeBufferPointer { openBytes in
                open.isEmpty || memcmp(bytes.baseAddress! + completed, openBytes.baseAddress!, open.count) == 0
            }
        }
    }
}
