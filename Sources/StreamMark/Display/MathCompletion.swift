/// Math left open at the end of the open block, for display only: an
/// unclosed `$$`, `\[` or `\(` is closed, so the formula being typed shows
/// as math from its first characters instead of as raw TeX that turns into
/// math when the closer arrives. An unclosed single `$` is left alone: it
/// is as likely a price as math.
///
/// Inline completion then reads the text with its math masked
/// (``masked(_:)``), so a `*` or `[` inside TeX opens nothing.
enum MathCompletion {
    /// `source` with its last unclosed display or bracket opener closed,
    /// when closing it makes math that runs to the end; an opener with
    /// nothing but spaces after it is hidden; else `source`.
    ///
    /// - Complexity: O(n).
    static func complete(_ source: [UInt8]) -> [UInt8] {
        let spans = source.withUnsafeBufferPointer { MathScanner(bytes: $0).spans() }
        let from = spans.last?.range.upperBound ?? 0
        guard let (opener, closer) = firstOpener(in: source, from: from) else { return source }
        let rest = source[(opener + closer.count)...]
        if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return Array(source[..<opener])
        }
        var completed = source
        completed += closer
        let closed = completed.withUnsafeBufferPointer { MathScanner(bytes: $0).spans() }
        guard closed.contains(where: { $0.range == opener..<completed.count }) else { return source }
        return completed
    }

    /// The first `$$`, `\[` or `\(` at or after `from` outside code spans,
    /// and the closer it needs.
    private static func firstOpener(in source: [UInt8], from: Int) -> (Int, [UInt8])? {
        var i = from
        while i + 1 < source.count {
            switch (source[i], source[i + 1]) {
            case (UInt8(ascii: "\\"), UInt8(ascii: "[")): return (i, Array(#"\]"#.utf8))
            case (UInt8(ascii: "\\"), UInt8(ascii: "(")): return (i, Array(#"\)"#.utf8))
            case (UInt8(ascii: "\\"), _): i += 2
            case (UInt8(ascii: "$"), UInt8(ascii: "$")): return (i, Array("$$".utf8))
            case (UInt8(ascii: "`"), _): return nil
            default: i += 1
            }
        }
        return nil
    }

    /// `source` with every math span's bytes replaced by `x`: the same
    /// positions, and nothing in TeX that inline completion would close.
    ///
    /// - Complexity: O(n).
    static func masked(_ source: [UInt8]) -> [UInt8] {
        let spans = source.withUnsafeBufferPointer { MathScanner(bytes: $0).spans() }
        guard !spans.isEmpty else { return source }
        var masked = source
        for span in spans {
            for i in span.range { masked[i] = UInt8(ascii: "x") }
        }
        return masked
    }
}
