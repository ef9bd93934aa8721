/// Math left open at the end of the open block, for display only: an
/// unclosed `$$`, `\[` or `\(` is closed (and, for `$$`, the TeX's open
/// `{` groups), so the formula being typed shows as math from its first
/// characters instead of as raw TeX that turns into math when the closer
/// arrives. An unclosed single `$` is left alone: it is as likely a price
/// as math.
///
/// Inline completion then reads the text with its math masked
/// (``masked(_:)``), so a `*` or `[` inside TeX opens nothing.
enum MathCompletion {
    /// `source` with its last unclosed display or bracket opener closed,
    /// when closing it makes math that runs to the end, a command name
    /// or half a `$$` closer still being typed held back; an opener with nothing but spaces (or
    /// that command) after it is hidden; else `source`.
    ///
    /// - Complexity: O(n).
    static func complete(_ source: [UInt8]) -> [UInt8] {
        let spans = source.withUnsafeBufferPointer { MathScanner(bytes: $0).spans() }
        let from = spans.last?.range.upperBound ?? 0
        guard let (opener, closer) = firstOpener(in: source, from: from) else { return source }
        // A command being typed (`\fra`, a lone `\`) is held back: it would
        // escape the closer, or flash as an unknown command.
        var end = Self.commandStart(in: source, from: opener + closer.count)
        // Half of a `$$` closer (`$$x$`) is held back too.
        if closer.first == UInt8(ascii: "$"), end == source.count, end > opener + 2,
            source[end - 1] == UInt8(ascii: "$"),
            source[end - 2] != UInt8(ascii: "\\")
        {
            end -= 1
        }
        if source[(opener + closer.count)..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return Array(source[..<opener])
        }
        var completed = Array(source[..<end])
        // `$$` math ends at a `$` outside braces: close the groups the TeX
        // typed so far left open (`\frac{a` shows as `\frac{a}`), or the
        // formula would show as text until each group closes.
        if closer.first == UInt8(ascii: "$") { completed += Self.openGroups(in: completed[(opener + 2)...]) }
        completed += closer
        let closed = completed.withUnsafeBufferPointer { MathScanner(bytes: $0).spans() }
        guard closed.contains(where: { $0.range == opener..<completed.count }) else { return source }
        return completed
    }

    /// Where a trailing command name (a backslash that starts no escape
    /// pair, then letters) begins in `source` after `from`; the end when
    /// there is none.
    private static func commandStart(in source: [UInt8], from: Int) -> Int {
        var start = source.count
        while start > from, source[start - 1].isASCIILetter { start -= 1 }
        var backslashes = 0
        while start - backslashes > from, source[start - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
        return backslashes % 2 == 1 ? start - 1 : source.count
    }

    /// A `}` for each `{` of `tex` left open (a backslash takes the byte
    /// after it); none when a `}` closes nothing.
    private static func openGroups(in tex: ArraySlice<UInt8>) -> [UInt8] {
        var depth = 0
        var i = tex.startIndex
        while i < tex.endIndex {
            switch tex[i] {
            case UInt8(ascii: "\\"): i += 1
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                if depth == 0 { return [] }
                depth -= 1
            default: break
            }
            i += 1
        }
        return Array(repeating: UInt8(ascii: "}"), count: min(depth, InlineCompletion.limit))
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

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}
