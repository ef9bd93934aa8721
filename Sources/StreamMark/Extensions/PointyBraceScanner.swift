/// What cmark's inline parser makes of a `<`: an autolink (URI or e-mail)
/// or a raw HTML tag (open or closing tag, comment, processing
/// instruction, declaration, CDATA section), matched with libcmark 0.30's
/// own grammar (`scanners.re`, `handle_pointy_brace`), so that the math
/// scanner skips exactly what binds tighter than math that starts inside
/// it, and nothing else (`<span title="$x$"t>` is no tag, so its `$x$` is
/// math).
///
/// Searches that can run to the end of the bytes (an unclosed comment,
/// processing instruction, CDATA section, declaration or quoted attribute
/// value) remember where they ended, and `end(at:)` is called with
/// increasing starts, so a run of `<?` or `<a b="` stays linear.
///
/// Checked against libcmark by `PointyBraceScannerTests`.
struct PointyBraceScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// For each searched literal: the last start searched from and where
    /// the literal was found then (`nil`: nowhere after it).
    private var searched: [String: (from: Int, found: Int?)] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The end of the autolink or raw HTML that starts with the `<` at
    /// `start`, or `nil` when cmark reads that `<` as text.
    ///
    /// - Complexity: O(length of the match), at most O(rest of the bytes).
    mutating func end(at start: Int) -> Int? {
        let i = start + 1
        guard i < bytes.count else { return nil }
        if let end = uriAutolink(i) ?? emailAutolink(i) { return end }
        switch bytes[i] {
        case UInt8(ascii: "!"): return declarationLike(i + 1)
        case UInt8(ascii: "?"): return processingInstruction(i + 1)
        case UInt8(ascii: "/"): return closingTag(i + 1)
        default: return openTag(i)
        }
    }

    /// The end of the autolink that starts with the `<` at `start`, or
    /// `nil` when none does.
    func autolinkEnd(at start: Int) -> Int? {
        start + 1 < bytes.count ? uriAutolink(start + 1) ?? emailAutolink(start + 1) : nil
    }

    // MARK: - Autolinks

    /// `scheme:rest>`: a scheme of 2–32 letters, digits, `+`, `.`, `-`
    /// starting with a letter, then no space, control, `<` or `>`.
    private func uriAutolink(_ start: Int) -> Int? {
        var i = start
        guard i < bytes.count, Self.isLetter(bytes[i]) else { return nil }
        i += 1
        while i < bytes.count, i - start < 33, Self.isSchemeByte(bytes[i]) { i += 1 }
        guard (2...32).contains(i - start), i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        while i < bytes.count, bytes[i] > 0x20, bytes[i] != UInt8(ascii: "<"), bytes[i] != UInt8(ascii: ">") { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ">") ? i + 1 : nil
    }

    /// `local@domain>` with the spec's e-mail grammar.
    private func emailAutolink(_ start: Int) -> Int? {
        var i = start
        while i < bytes.count, Self.isEmailLocalByte(bytes[i]) { i += 1 }
        guard i > start, i < bytes.count, bytes[i] == UInt8(ascii: "@") else { return nil }
        i += 1
        while true {
            // A label: 1–63 letters, digits or `-`, not starting or ending with `-`.
            let label = i
            while i < bytes.count, i - label < 63, Self.isAlphanumeric(bytes[i]) || bytes[i] == UInt8(ascii: "-") {
                i += 1
            }
            guard i > label, Self.isAlphanumeric(bytes[label]), Self.isAlphanumeric(bytes[i - 1]) else { return nil }
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ">") { return i + 1 }
            guard bytes[i] == UInt8(ascii: ".") else { return nil }
            i += 1
        }
    }

    // MARK: - Raw HTML

    /// After `<`: a tag name, attributes, optional whitespace, `/`? `>`.
    private mutating func openTag(_ start: Int) -> Int? {
        guard var i = tagName(start) else { return nil }
        while true {
            let spaced = skipSpace(i)
            if spaced > i, let after = attribute(spaced) {
                i = after
                continue
            }
            i = spaced
            break
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ">") ? i + 1 : nil
    }

    /// After `</`: a tag name, optional whitespace, `>`.
    private func closingTag(_ start: Int) -> Int? {
        guard let name = tagName(start) else { return nil }
        let i = skipSpace(name)
        return i < bytes.count && bytes[i] == UInt8(ascii: ">") ? i + 1 : nil
    }

    /// After `<!`: a comment, a CDATA section or a declaration.
    private mutating func declarationLike(_ start: Int) -> Int? {
        if matches("--", at: start) { return comment(start + 2) }
        if matches("[CDATA[", at: start) { return next("]]>", from: start + 7).map { $0 + 3 } }
        // A declaration: upper-case letters, whitespace, anything but `>`.
        var i = start
        while i < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[i]) { i += 1 }
        guard i > start, i < bytes.count, Self.isSpace(bytes[i]) else { return nil }
        return next(">", from: i).map { $0 + 1 }
    }

    /// After `<!--`: text that does not start with `>` or `->`, holds no
    /// `--` and does not end with `-`, then `-->`: the first `--` must be
    /// the start of `-->` (a text ending with `-` puts it one byte early).
    private mutating func comment(_ start: Int) -> Int? {
        if matches(">", at: start) || matches("->", at: start) { return nil }
        guard let dashes = next("--", from: start) else { return nil }
        return matches(">", at: dashes + 2) ? dashes + 3 : nil
    }

    /// After `<?`: anything, then `?>`.
    private mutating func processingInstruction(_ start: Int) -> Int? {
        next("?>", from: start).map { $0 + 2 }
    }

    /// The end of `[A-Za-z][A-Za-z0-9-]*` at `start`.
    private func tagName(_ start: Int) -> Int? {
        guard start < bytes.count, Self.isLetter(bytes[start]) else { return nil }
        var i = start + 1
        while i < bytes.count, Self.isAlphanumeric(bytes[i]) || bytes[i] == UInt8(ascii: "-") { i += 1 }
        return i
    }

    /// The end of an attribute name and optional value at `start`.
    private mutating func attribute(_ start: Int) -> Int? {
        guard start < bytes.count,
            Self.isLetter(bytes[start]) || bytes[start] == UInt8(ascii: "_")
                || bytes[start] == UInt8(ascii: ":")
        else { return nil }
        var i = start + 1
        while i < bytes.count, Self.isAttributeNameByte(bytes[i]) { i += 1 }
        let equals = skipSpace(i)
        guard equals < bytes.count, bytes[equals] == UInt8(ascii: "=") else { return i }
        return value(skipSpace(equals + 1)) ?? i
    }

    /// The end of an unquoted, single- or double-quoted attribute value.
    private mutating func value(_ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let quote = bytes[start]
        if quote == UInt8(ascii: "\"") { return next("\"", from: start + 1).map { $0 + 1 } }
        if quote == UInt8(ascii: "'") { return next("'", from: start + 1).map { $0 + 1 } }
        var i = start
        while i < bytes.count, Self.isUnquotedValueByte(bytes[i]) { i += 1 }
        return i > start ? i : nil
    }

    // MARK: - Bytes

    private func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
        return i
    }

    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[start + $0] == literal.utf8Start[$0] }
    }

    /// Where the first `literal` at or after `start` begins, from the last
    /// search for it when that one started earlier and found it (or
    /// nothing) at or after `start`.
    ///
    /// - Complexity: amortized O(1) per call over increasing starts, plus
    ///   the bytes newly searched.
    private mutating func next(_ literal: StaticString, from start: Int) -> Int? {
        let key = literal.description
        if let last = searched[key], last.from <= start, (last.found ?? .max) >= start { return last.found }
        var i = start
        while i < bytes.count, !matches(literal, at: i) { i += 1 }
        let found = i < bytes.count ? i : nil
        searched[key] = (start, found)
        return found
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "-")
    }

    private static func isUnquotedValueByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && !"\"'=<>`".utf8.contains(byte)
    }

    private static func isEmailLocalByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || ".!#$%&'*+/=?^_`{|}~-".utf8.contains(byte)
    }
}
