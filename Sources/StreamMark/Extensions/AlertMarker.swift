/// Recognises GitHub alerts: a top-level block quote whose first line is
/// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`
/// (any letter case), alone on its line but for trailing spaces or tabs.
///
/// The quote becomes an ``BlockKind/alert(_:)`` holding the quote's blocks
/// without the marker line: the first paragraph loses the inlines of that
/// line and its break, or goes when it held nothing else. The paragraph
/// keeps its id and range, so the block a client shows does not change
/// identity when the marker line completes.
///
/// Decisions (docs/extensions.md, "Alerts"): only top-level quotes are
/// alerts, as on GitHub ("Alerts cannot be nested within other
/// elements"); a quote holding only its marker line is an alert with no
/// body (so the block keeps its kind when the first body line arrives);
/// a first line with text after the marker is a plain quote.
struct AlertMarker {
    /// The document text.
    let text: UnsafeBufferPointer<UInt8>

    /// Turns the top-level quotes of `blocks` from index `start` on that
    /// are alerts into alerts.
    ///
    /// - Complexity: O(blocks) plus O(1) per quote.
    func apply(to blocks: inout [Block], from start: Int) {
        for index in blocks.indices.dropFirst(start) {
            if let alert = alert(from: blocks[index]) { blocks[index] = alert }
        }
    }

    /// The alert that `quote` (a top-level block quote) is, or `nil`.
    ///
    /// - Complexity: O(1): the marker line is read up to its first byte
    ///   that cannot belong to a marker (at most 12 bytes and the trailing
    ///   spaces).
    func alert(from quote: Block) -> Block? {
        guard case .blockQuote = quote.kind, let first = quote.children.first,
            case .paragraph(let inlines) = first.kind,
            let kind = Self.kind(ofLineAt: first.range.lowerBound, in: text)
        else { return nil }
        var children = quote.children
        if let lineEnd = inlines.firstIndex(where: { $0 == .softBreak || $0 == .lineBreak }) {
            children[0].kind = .paragraph(inlines: Array(inlines[(lineEnd + 1)...]))
        } else {
            children.removeFirst()
        }
        return Block(id: quote.id, kind: .alert(kind), range: quote.range, children: children)
    }

    /// The alert kind named by the line that starts at `start`, if the
    /// line is a marker.
    static func kind(ofLineAt start: Int, in text: UnsafeBufferPointer<UInt8>) -> AlertKind? {
        guard start + 2 < text.count, text[start] == UInt8(ascii: "["), text[start + 1] == UInt8(ascii: "!") else {
            return nil
        }
        var name: [UInt8] = []
        var offset = start + 2
        while offset < text.count, name.count < AlertKind.longestName, let letter = lowercaseLetter(text[offset]) {
            name.append(letter)
            offset += 1
        }
        guard offset < text.count, text[offset] == UInt8(ascii: "]"),
            let kind = AlertKind(rawValue: String(decoding: name, as: UTF8.self))
        else { return nil }
        offset += 1
        while offset < text.count, text[offset] == 0x20 || text[offset] == 0x09 { offset += 1 }
        guard offset == text.count || text[offset] == 0x0A || text[offset] == 0x0D else { return nil }
        return kind
    }

    private static func lowercaseLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 0x20
        default: nil
        }
    }
}
