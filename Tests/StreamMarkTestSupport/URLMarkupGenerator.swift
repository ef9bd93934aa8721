import StreamMark

/// Seeded documents dense in extended autolinks and the inline markup
/// around and inside them (emphasis, code, brackets, links, entities,
/// escapes, raw HTML, a definition): what `URLMarkup` must read as
/// cmark-gfm's inline parser does. No tildes: strikethrough delimiters
/// crossing emphasis are a known difference of their own
/// (docs/extensions.md, 2).
public enum URLMarkupGenerator {
    static let pieces = [
        "http://", "https://", "www.", "a.com", "b.org", "/", "x", "y", "_", "__", "*", "**", "`", "``",
        "[", "]", "](", "(", ")", "![", "<", ">", "<b>", "</b>", "&amp;", "&#0;", "&", ";", "\\", "\\*", "\\_",
        "\\[", "\\]", "\\`", "[r]", "!", "?", ".", ",", ":", "\"", "'", " ", " ", " ", " ", "\n", "é", "请",
    ]

    /// One paragraph of 4–40 pieces, followed half the time by the
    /// definition of `[r]`.
    ///
    /// - Complexity: O(pieces).
    public static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = ""
        for _ in 0..<random.int(in: 4...40) { text += random.pick(pieces) }
        return text + (random.chance(50) ? "\n\n[r]: /d\n" : "\n")
    }
}
