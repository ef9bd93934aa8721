/// The link reference definitions at the start of a paragraph's inline
/// source, read as cmark reads them when it finishes a paragraph
/// (`cmark_parse_reference_inline`, one after another while the text left
/// starts with `[`): a label, `:`, a destination, an optional title, and
/// nothing after it on its line.
///
/// A paragraph parsed again (``ExtensionWalker/reparsedInlines(_:prefixes:)``)
/// begins with them, and cmark must take them again; they are no inline
/// text for cmark-gfm, so no stand-in belongs in them: an escape in a
/// URL-shaped destination kept apart for the autolink
/// (`[3]:http://l\(`) left an unbalanced `(` there, and the line defined
/// nothing.
enum LeadingDefinitions {
    /// Where the definitions at the start of `content` end (0 when it
    /// starts with none).
    ///
    /// - Complexity: O(the definitions, and the line after them).
    static func end(of content: [UInt8]) -> Int {
        guard content.first == UInt8(ascii: "[") else { return 0 }
        // cmark's paragraph content ends with a line ending.
        let text = content.last == 0x0A || content.last == 0x0D ? content : content + [0x0A]
        return text.withUnsafeBufferPointer { bytes in
            var syntax = InlineLinkSyntax(bytes)
            var end = 0
            while end < content.count, bytes[end] == UInt8(ascii: "["),
                let next = definitionEnd(bytes, at: end, syntax: &syntax)
            {
                end = min(next, content.count)
            }
            return end
        }
    }

    /// After the definition starting with the `[` at `start`, if one does.
    private static func definitionEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, syntax: inout InlineLinkSyntax
    ) -> Int? {
        guard let labelEnd = labelEnd(bytes, at: start), labelEnd < bytes.count, bytes[labelEnd] == UInt8(ascii: ":")
        else { return nil }
        guard let destinationEnd = syntax.destinationEnd(skipSpacesAndNewline(bytes, labelEnd + 1)) else { return nil }
        let titleStart = skipSpacesAndNewline(bytes, destinationEnd)
        if titleStart > destinationEnd {
            let length = syntax.titleLength(titleStart)
            if length > 0, let end = lineEnd(bytes, after: titleStart + length) { return end }
        }
        return lineEnd(bytes, after: destinationEnd)
    }

    /// After the `]` of a link label at `start` (`link_label`: at most 999
    /// bytes, no unescaped bracket, not blank), or nil.
    private static func labelEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var i = start + 1
        var blank = true
        while i < bytes.count, bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: "]") {
            if !CharacterClass.isASCIISpace(bytes[i]) { blank = false }
            let escapes = bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count
            i += escapes && CharacterClass.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
            if i - start - 1 > 999 { return nil }
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "]"), !blank else { return nil }
        return i + 1
    }

    /// `spnl`: spaces and tabs, at most one line ending, spaces and tabs.
    private static func skipSpacesAndNewline(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = skipSpaces(bytes, start)
        if i < bytes.count, bytes[i] == 0x0D {
            i += 1
            if i < bytes.count, bytes[i] == 0x0A { i += 1 }
        } else if i < bytes.count, bytes[i] == 0x0A {
            i += 1
        }
        return skipSpaces(bytes, i)
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i
    }

    /// After the spaces and the line ending at `start`, if only spaces
    /// are left on the line.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
        var i = skipSpaces(bytes, start)
        guard i < bytes.count else { return i }
        guard bytes[i] == 0x0A || bytes[i] == 0x0D else { return nil }
        if bytes[i] == 0x0D { i += 1 }
        if i < bytes.count, bytes[i] == 0x0A { i += 1 }
        return i
    }
}
