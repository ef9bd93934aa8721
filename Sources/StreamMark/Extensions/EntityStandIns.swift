/// Keeps entities apart from the strikethrough and autolink passes, as
/// cmark-gfm's inline parser does.
///
/// cmark-gfm pairs `~` runs and matches `www.` while it walks the source,
/// where an entity is still `&…;`: a tilde written as `&#126;` is text,
/// never a delimiter; a run next to an entity is flanked by the `&` or the
/// `;`, both punctuation; and a `www.` right after an entity follows a
/// `;`, after which no link starts. cmark's tree holds the decoded
/// characters, so the passes saw `&#126;a&#126;` as `~a~` (a pair),
/// `~&#0;~e` as `~` `U+FFFD` `~e` (flanked by a symbol, not punctuation)
/// and `x&#32;www.a.com` as a link after a space. A block whose source
/// holds such an entity is parsed again (with the escapes of
/// ``EscapedTilde``): an entity that decodes to `~` becomes the escaped
/// tilde's stand-in, which the passes read as a literal `~`, and
/// ``boundary`` goes between an entity and a `~` beside it or a `www.`
/// after it: punctuation for the passes, nothing once restored.
///
/// Entities stay as written where cmark keeps them or matches them as
/// written: in code spans, autolinks and raw HTML, after a backslash
/// (``LiteralSpans``), and in the labels of references (matched to their
/// definitions as written; ``Labels``).
enum EntityStandIns {
    /// Stands between an entity and a `~` beside it or a `www.` after it
    /// (U+2E3D, punctuation that no other stand-in uses); restored, it is
    /// nothing.
    static let boundary: Unicode.Scalar = "\u{2E3D}"

    /// Whether `bytes[range]` may need ``substituted(_:)``: an entity-like
    /// `&…;` that is a numeric reference to `~`, touches a `~` or comes
    /// right before `www.`. A cheap test with false positives (it does not
    /// look for code spans), no false negatives.
    ///
    /// - Complexity: O(range.count), no allocation.
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "&"), let entity = entity(bytes, at: i, end: range.upperBound) else {
                i += 1
                continue
            }
            if entity.isTilde { return true }
            if i > range.lowerBound, bytes[i - 1] == UInt8(ascii: "~") { return true }
            if boundaryFollows(bytes, entity.end, range.upperBound) { return true }
            i = entity.end
        }
        return false
    }

    /// `bytes` with every numeric reference to `~` replaced by the escaped
    /// tilde's stand-in and ``boundary`` between an entity and a `~` beside
    /// it or a `www.` after it, outside code spans, autolinks, raw HTML and
    /// the link labels `isLinkLabel` says are defined. A shortcut or
    /// collapsed reference whose text would change is written in full,
    /// `[text][label]`: cmark matches the label as written and parses the
    /// text as cmark-gfm does (``Labels``).
    ///
    /// - Complexity: O(n), plus the look-aheads of ``LiteralSpans`` and
    ///   the label checks of ``Labels``.
    static func substituted(_ bytes: [UInt8], isLinkLabel: @escaping ([UInt8]) -> Bool) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buffer in
            let labels = Labels(buffer, isLinkLabel: isLinkLabel)
            var literals = LiteralSpans(buffer)
            var result: [UInt8] = []
            result.reserveCapacity(buffer.count)
            var i = 0
            // Hands on the byte (or literal span, or entity) at `i`.
            func step() {
                if let end = literals.end(at: i) {
                    result.append(contentsOf: buffer[i..<end])
                    i = end
                } else if buffer[i] == UInt8(ascii: "&"), !labels.kept[i],
                    let entity = entity(buffer, at: i, end: buffer.count)
                {
                    if i > 0, buffer[i - 1] == UInt8(ascii: "~") { append(boundary, to: &result) }
                    if entity.isTilde {
                        append(EscapedTilde.marker, to: &result)
                    } else {
                        result.append(contentsOf: buffer[i..<entity.end])
                    }
                    if boundaryFollows(buffer, entity.end, buffer.count) { append(boundary, to: &result) }
                    i = entity.end
                } else {
                    result.append(buffer[i])
                    i += 1
                }
            }
            while i < buffer.count {
                guard let reference = labels.writtenInFull[i] else {
                    step()
                    continue
                }
                // The copy stays on the line the reference ends on: cmark
                // matches labels with their whitespace collapsed.
                let label = buffer[i + 1..<reference.close].map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 }
                result.append(UInt8(ascii: "["))
                i += 1
                while i < reference.close { step() }
                result.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "[")] + label + [UInt8(ascii: "]")])
                i = reference.end
            }
            return result
        }
    }

    /// Whether the bytes at `i` (right after an entity) are a `~` or `www.`.
    private static func boundaryFollows(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ limit: Int) -> Bool {
        guard i < limit else { return false }
        if bytes[i] == UInt8(ascii: "~") { return true }
        return i + 3 < limit && bytes[i] == UInt8(ascii: "w") && bytes[i + 1] == UInt8(ascii: "w")
            && bytes[i + 2] == UInt8(ascii: "w") && bytes[i + 3] == UInt8(ascii: ".")
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout [UInt8]) {
        result.append(contentsOf: String(scalar).utf8)
    }

    /// The entity-like `&…;` at `start`: a decimal reference of 1–8 digits,
    /// a hexadecimal one of 1–6 (what libcmark 0.30 and cmark-gfm 0.29 both
    /// decode), or a name of 2–32 letters and digits (decoded or not, its
    /// `&` and `;` are punctuation either way). `isTilde`: a numeric
    /// reference to U+007E.
    private static func entity(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end limit: Int
    ) -> (end: Int, isTilde: Bool)? {
        var i = start + 1
        guard i < limit else { return nil }
        var value = 0
        var digits = 0
        if bytes[i] == UInt8(ascii: "#") {
            i += 1
            let hex = i < limit && (bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X"))
            if hex { i += 1 }
            while i < limit, let digit = digitValue(bytes[i], hex: hex), digits < 9 {
                value = min(value * (hex ? 16 : 10) + digit, 0x110000)
                digits += 1
                i += 1
            }
            guard digits >= 1, digits <= (hex ? 6 : 8) else { return nil }
        } else {
            while i < limit, digits <= 32, CharacterClass.isASCIIAlphanumeric(bytes[i]) {
                digits += 1
                i += 1
            }
            guard digits >= 2, digits <= 32 else { return nil }
            value = -1
        }
        guard i < limit, bytes[i] == UInt8(ascii: ";") else { return nil }
        return (i + 1, value == 0x7E)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
