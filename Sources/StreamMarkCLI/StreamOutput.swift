import StreamMark

/// A destination for the engine's output: one per `--format`.
protocol StreamOutput: AnyObject {
    /// Called after every append with its patches.
    func consume(_ patches: [Patch], document: StreamingDocument)
    /// Called once at the end of the stream with the last patches.
    func finish(_ patches: [Patch], document: StreamingDocument)
    /// Called when the terminal was resized.
    func resized(document: StreamingDocument)
}

extension StreamOutput {
    func resized(document: StreamingDocument) {}
}
