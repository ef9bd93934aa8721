import StreamMark

extension DocumentModel {
    /// Appends every chunk of an asynchronous sequence, parsing each one off
    /// the main actor and applying its patches on it; finishes the document
    /// when the sequence ends.
    ///
    /// ```swift
    /// try await model.append(contentsOf: answer.deltas)   // AsyncSequence of String
    /// ```
    ///
    /// The document is handed to the parsing task and back (a move, not a
    /// copy), so the main actor only applies patches. Calling
    /// ``append(_:)`` or ``finish()`` while this runs is a programming error
    /// (it traps).
    ///
    /// - Complexity: per chunk, as ``append(_:)``, with the parse off the
    ///   main actor.
    public func append<Chunks: AsyncSequence>(contentsOf chunks: Chunks) async throws
    where Chunks.Element == String {
        for try await chunk in chunks {
            var taken = StreamingDocument(options: document.options)
            swap(&taken, &document)
            isParsingElsewhere = true
            let (parsed, patches) = await Self.parse(taken, chunk)
            document = parsed
            isParsingElsewhere = false
            applyOwn(patches)
        }
        finish()
    }

    /// Appends `chunk` to `document` on the global executor.
    nonisolated private static func parse(
        _ document: consuming StreamingDocument, _ chunk: String
    ) async -> (StreamingDocument, [Patch]) {
        var document = document
        let patches = document.append(chunk)
        return (document, patches)
    }
}
