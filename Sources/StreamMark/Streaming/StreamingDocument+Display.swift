extension StreamingDocument {
    /// The provisional display form of the open block: the unfinished
    /// markup at the end of the stream completed as it will most likely
    /// close (`docs/provisional.md`). ``root`` is not changed.
    ///
    /// Counted in ``statistics`` (`displays`, `lastDisplayParsedBytes`,
    /// `totalDisplayParsedBytes`).
    ///
    /// - Complexity: O(open block + depth): only the open block's text is
    ///   completed and parsed.
    public mutating func provisionalDisplay() -> ProvisionalDisplay {
        guard !isFinished else { return .truth }
        let (display, parsed) = bytes.withUnsafeBufferPointer { buffer in
            DisplayBuilder(options: options, text: buffer).display(root: root) { isClosed($0) }
        }
        statistics.displays += 1
        statistics.lastDisplayParsedBytes = parsed
        statistics.totalDisplayParsedBytes += parsed
        return display
    }

    /// The whole tree as it should be shown now: ``root`` with the open
    /// block replaced by its ``provisionalDisplay()``.
    ///
    /// - Complexity: O(open block + depth × siblings on the open block's path).
    public mutating func displayRoot() -> Block {
        provisionalDisplay().applied(to: root)
    }
}
