/// A parsed JSON text (RFC 8259): the one JSON reader of the package. The
/// patch stream decoder reads version 2's short form with it, and the
/// templates read their data with it (`StreamMarkTemplates.JSONValue`).
///
/// No Foundation: `JSONDecoder` stops at 512 levels and reports no byte
/// offsets; this reader takes a depth limit from its caller and throws the
/// byte offset of the first problem.
package enum JSONElement: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONElement])
    /// An object; of repeated member names the last one counts.
    case object([String: JSONElement])

    /// Parses one JSON text (surrounding whitespace allowed).
    ///
    /// - Parameters:
    ///   - maximumDepth: arrays and objects nested deeper are an error, so
    ///     that hostile input cannot exhaust the stack (parsing recurses).
    ///   - strict: invalid UTF-8 and escaped lone surrogates in strings are
    ///     errors; otherwise they become U+FFFD.
    /// - Complexity: O(n) in the length of the text.
    package static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int, strict: Bool
    ) throws(JSONSyntaxError) -> JSONElement {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONElement in
            var reader = JSONReader(bytes: buffer, maximumDepth: maximumDepth, strict: strict)
            reader.skipSpace()
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.at == buffer.count else { throw reader.error("unexpected text after the JSON value") }
            return value
        }
    }
}

/// Where and why a JSON text is not valid.
package struct JSONSyntaxError: Error, Hashable, Sendable {
    /// The byte offset of the problem.
    package var offset: Int
    /// What is wrong, in a few words ("expected ',' or ']'").
    package var message: String
}
