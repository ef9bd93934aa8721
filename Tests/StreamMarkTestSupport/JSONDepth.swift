/// The nesting depth of JSON text, counted without parsing it (so that it
/// never recurses): for tests that check what a patch stream's readers
/// must accept.
public enum JSONDepth {
    /// The deepest nesting of arrays and objects in any line of `ndjson`
    /// (brackets inside strings do not count).
    ///
    /// - Complexity: O(n).
    public static func deepestLine(_ ndjson: [UInt8]) -> Int {
        var (depth, deepest) = (0, 0)
        var (inString, escaped) = (false, false)
        for byte in ndjson {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case 0x0A: depth = 0
            default: break
            }
        }
        return deepest
    }
}
