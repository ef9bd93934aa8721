extension IncrementalEngine {
    /// The shortcuts, in the order they are tried: those that parse nothing
    /// first, then those that parse a row or a paragraph's last lines.
    /// Each guard stands alone (see ``AppendShortcut``); adding one is one
    /// line here and one file in `Streaming/Shortcuts/`.
    static func makeShortcuts() -> [any AppendShortcut] {
        [
            LastWordShortcut(),
            OpenCodeShortcut(),
            FenceLineShortcut(),
            CodeLineShortcut(),
            TableRowShortcut(),
            ParagraphTailShortcut(),
            DefinitionRunShortcut(),
        ]
    }

    /// The names of the shortcuts that hand bytes to cmark.
    static let parsingShortcutNames: Set<String> = Set(
        makeShortcuts().map { type(of: $0) }.filter { $0.parses }.map { $0.name })

    /// Whether the window defines no link label and held none at its last
    /// parse: a definition arriving would change links elsewhere, which
    /// only the window parse updates.
    var windowDefinesNothing: Bool { windowDefinitionText.isEmpty && windowDefinitionKeys.isEmpty }

    /// Tries the shortcuts on an append, under the precondition they share:
    /// the tree was current before it (it ended at `countBefore`, the
    /// text's length at the last update: no bytes wait for an amortized
    /// re-parse) and bytes were added. The first that answers is committed:
    /// the tree is current again, and ``answeredBy`` names it.
    ///
    /// - Returns: whether a shortcut answered.
    /// - Complexity: that of the shortcut that answers, plus O(chunk) per
    ///   shortcut that declines.
    mutating func answerByShortcut(
        root: inout Block, text: UnsafeBufferPointer<UInt8>, countBefore: Int, lineStart: Int, parsed: inout Int,
        patches: inout [Patch]
    ) -> Bool {
        let oldEnd = root.range.upperBound
        guard shortcutsEnabled, oldEnd == countBefore, oldEnd < text.count else { return false }
        let append = Append(text: text, oldEnd: oldEnd, lineStart: lineStart)
        let check = InternalChecks.isEnabled ? ShortcutCheck(engine: self, root: root, patchCount: patches.count) : nil
        let visitedBefore = references.visited
        defer { work.segmentsVisited = references.visited - visitedBefore }
        var list = takeShortcuts()
        defer { shortcuts = list }
        for index in list.indices {
            guard list[index].answer(append, engine: &self, root: &root, parsed: &parsed, patches: &patches) else {
                continue
            }
            let answered = type(of: list[index])
            root.range = 0..<text.count
            schedule.didParse(textCount: text.count)
            answeredBy = answered
            check?.verify(answeredBy: answered.name, root: root, patches: patches, text: text, engine: &self)
            return true
        }
        return false
    }

    /// The shortcuts, moved out of the engine while they run (they take the
    /// engine `inout`): each is then mutated where it is stored, so the
    /// state it keeps (a run's key set, a table's rows) is never copied.
    /// A copy kept here would make every append copy that state: O(state)
    /// per append instead of O(chunk).
    private mutating func takeShortcuts() -> [any AppendShortcut] {
        defer { shortcuts = [] }
        return shortcuts
    }

    /// Lets every shortcut keep its state after a window parse.
    mutating func shortcutsDidParseWindow(root: Block, text: UnsafeBufferPointer<UInt8>, parsed: inout Int) {
        var list = takeShortcuts()
        defer { shortcuts = list }
        for index in list.indices {
            list[index].didParseWindow(engine: &self, root: root, text: text, parsed: &parsed)
        }
    }
}
