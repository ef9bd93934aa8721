import StreamMark

extension PrefixHarness {
    /// The documents `document` makes of `seeds` that do not stream like
    /// their one-shot parse at every chunking `chunkings` gives for their
    /// seed (every byte unless told): a seeded streaming property, whose
    /// test expects the result to be empty.
    public func failingDocuments<Seed>(
        seeds: some Sequence<Seed>, chunkings: (Seed) -> [Chunking] = { _ in [.everyByte] },
        _ document: (Seed) -> String
    ) -> [String] {
        seeds.compactMap { seed in
            let text = document(seed)
            let passes = chunkings(seed).allSatisfy { chunking in
                verify(name: text, bytes: Array(text.utf8), chunking: chunking).passed
            }
            return passes ? nil : text
        }
    }
}
