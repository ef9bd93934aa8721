import StreamMarkHighlight

/// The prefix harness's highlighting invariant: at every prefix, every
/// completed line of every code block has exactly the tokens it has in the
/// final document, and never changes them.
///
/// It feeds a ``CodeHighlights`` with each append's patches, as a patch
/// writer or a renderer does, records each completed line's tokens when
/// they are first given, requires any later report of the same line to
/// repeat them, and after the stream compares every recorded line of every
/// block that is a code block in the final tree with that block's literal
/// highlighted whole (``CodeHighlights/lines(of:)``).
///
/// - Complexity: O(new code bytes) per append (the tracker's work), O(code)
///   at the end.
struct HighlightInvariant {
    /// A completed line's tokens as first seen, and when.
    struct Seen {
        var tokens: [HighlightToken]
        var chunk: Int
        var prefix: Int
    }

    private var highlights = CodeHighlights()
    private var seen: [BlockID: [Seen]] = [:]

    /// Records the lines an append completed; returns a message for each
    /// completed line whose tokens changed.
    mutating func observe(_ patches: [Patch], root: Block, chunk: Int, prefix: Int) -> [(BlockID, String)] {
        var failures: [(BlockID, String)] = []
        for change in highlights.apply(patches, root: root) {
            var lines = seen[change.id] ?? []
            for (offset, line) in change.lines.enumerated() {
                let index = change.firstLine + offset
                if index < lines.count {
                    if lines[index].tokens != line.tokens {
                        failures.append((change.id, "completed code line \(index + 1) changed its tokens"))
                    }
                } else if index == lines.count {
                    lines.append(Seen(tokens: line.tokens, chunk: chunk, prefix: prefix))
                }
            }
            seen[change.id] = lines
        }
        return failures
    }

    /// Compares every recorded line with the final document's; returns
    /// the number of lines checked and a message for each that differs.
    func check(final root: Block) -> (checked: Int, failures: [(Seen, BlockID, String)]) {
        var checked = 0
        var failures: [(Seen, BlockID, String)] = []
        root.forEach { block in
            guard case .codeBlock(let code) = block.kind, let lines = seen[block.id] else { return }
            let expected = CodeHighlights.lines(of: code)
            for (index, line) in lines.enumerated() {
                checked += 1
                guard index < expected.count, expected[index].tokens == line.tokens else {
                    failures.append(
                        (line, block.id, "completed code line \(index + 1) has other tokens than at the end"))
                    continue
                }
            }
        }
        return (checked, failures)
    }
}
