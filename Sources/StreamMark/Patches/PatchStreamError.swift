/// An error reading a patch stream: a line that is not valid JSON, names an
/// unknown op, or does not apply to the tree.
public struct PatchStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error.
    public init(description: String) { self.description = description }
}
