/// An error in a template, in its data, or in the keys of an iteration.
///
/// Every error carries the 1-based line and column (in Unicode scalars) of
/// the place it is about: the offending tag for template errors, the
/// `{{#each}}` tag for key errors, the bad character for JSON errors.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// UTF-8 byte offset of the position.
    public var offset: Int

    /// Creates an error at an explicit position.
    public init(message: String, line: Int, column: Int, offset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// Creates an error at byte `offset` of `bytes`, computing line and column.
    ///
    /// - Complexity: O(offset).
    init(message: String, bytes: [UInt8], offset: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var line = 1
        var column = 1
        for byte in bytes[0..<clamped] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(message: message, line: line, column: column, offset: clamped)
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
