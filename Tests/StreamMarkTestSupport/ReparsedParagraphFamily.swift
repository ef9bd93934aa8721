import StreamMark

/// The seeded document families about paragraphs that StreamMark parses
/// again (for math, escapes, links over markup, footnote references), each
/// aimed at what that second parse must keep as cmark-gfm's one parse does.
package enum ReparsedParagraphFamily: String, CaseIterable, Sendable {
    /// Labels defined several times, some on the first lines of such a
    /// paragraph: the first definition wins (``RepeatedDefinitionGenerator``).
    case repeatedDefinitions
    /// Lazy continuation lines with whitespace before their text, in code
    /// spans, labels over lines and after line breaks (``LazyLineGenerator``).
    case lazyLines

    /// The document of `seed` (a batch's seeds follow ``firstSeed``).
    package func document(seed: UInt64) -> String {
        switch self {
        case .repeatedDefinitions: RepeatedDefinitionGenerator.document(seed: seed)
        case .lazyLines: LazyLineGenerator.document(seed: seed)
        }
    }

    /// The seed of the family's first document.
    package var firstSeed: UInt64 {
        switch self {
        case .repeatedDefinitions: 0x5EED_0000
        case .lazyLines: 0x1A2_0000
        }
    }
}
