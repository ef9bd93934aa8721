import StreamMark

/// A destination for the engine's output: one per `--format`.
protocol StreamOutput: AnyObject {
    /// Called after every append with its patches.
    func consume(_ patches: [Patch], document: StreamingDocument)
    /// Called once at the end of the stream with the last patches.
    func finish(_ patches: [Patch], document: StreamingDocument)
    /// Called when the terminal was resized.
    func resized(document: StreamingDocument)
    /// Block renders done by the output's render cache, if it has one:
    /// (total renders, blocks rendered).
    var renderCounts: (renders: Int, blocks: Int)? { get }
}

extension StreamOutput {
    func resized(document: StreamingDocument) {}
    var renderCounts: (renders: Int, blocks: Int)? { nil }
}
