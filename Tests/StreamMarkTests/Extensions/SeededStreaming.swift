import StreamMark

/// Seeded documents streamed through the prefix harness at every byte.
enum SeededStreaming {
    /// The documents `document` makes of `seeds` that do not stream like
    /// their one-shot parse with `options`.
    static func failingDocuments(
        seeds: some Sequence<UInt64>, options: ParseOptions, _ document: (UInt64) -> String
    ) -> [String] {
        let harness = PrefixHarness(options: options)
        return seeds.map(document).filter { text in
            !harness.verify(name: text, bytes: Array(text.utf8), chunking: .everyByte).passed
        }
    }
}
