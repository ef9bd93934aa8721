/// The texts of a block's autolinks (`<http://a~b~>`, `<a~b~@c.d>`) that
/// hold a tilde, read from the block's source, with how often each occurs.
///
/// cmark reads an autolink whole, so cmark-gfm's strikethrough never sees
/// the tildes inside it. In the finished tree an autolink is a link whose
/// text is its destination, as `[http://a~b~](http://a~b~)` is, whose
/// tildes cmark-gfm does pair: only the source tells the two apart. When
/// the tree holds more such links with one text than the source holds
/// autolinks with it, they cannot be told apart, and all of them are
/// paired as in any link's text (``confirmed(by:)``).
///
/// Built only for a block whose source holds both `<` and `~`.
struct AngleAutolinks {
    private var counts: [[UInt8]: Int] = [:]

    /// Adds the autolinks of `source`, a text cmark parses inlines from.
    ///
    /// - Complexity: O(1) unless `source` holds both `<` and `~`; then
    ///   O(`source.count`) and the scanners' look-aheads.
    mutating func add(_ source: UnsafeBufferPointer<UInt8>) {
        let tilde = UInt8(ascii: "~")
        guard source.contains(tilde), source.contains(UInt8(ascii: "<")) else { return }
        var literals = LiteralSpans(source)
        var i = 0
        while i < source.count {
            let autolinks = literals.autolinks
            guard let end = literals.end(at: i) else {
                i += 1
                continue
            }
            if literals.autolinks > autolinks, !Self.isLinkDestination(source, at: i),
                case let text = source[(i + 1)..<(end - 1)], text.contains(tilde)
            {
                counts[Array(text), default: 0] += 1
            }
            i = end
        }
    }

    /// Whether the `<` at `start` follows a `](` over blanks and at most
    /// one line ending: an inline link's destination written in pointy
    /// braces (`[http://a~b~](<http://a~b~>)`), whose text is no autolink.
    private static func isLinkDestination(_ source: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var j = start - 1
        var lineEndings = 0
        while j >= 0, source[j] == 0x20 || source[j] == 0x09 || source[j] == 0x0A || source[j] == 0x0D {
            if source[j] == 0x0A || source[j] == 0x0D && (j + 1 == start || source[j + 1] != 0x0A) { lineEndings += 1 }
            j -= 1
        }
        return lineEndings <= 1 && j >= 1 && source[j] == UInt8(ascii: "(") && source[j - 1] == UInt8(ascii: "]")
    }

    /// Whether no autolink holding a tilde was added.
    var isEmpty: Bool { counts.isEmpty }

    /// The autolinks of `source`, or `nil` when none holds a tilde.
    static func of(_ source: UnsafeBufferPointer<UInt8>) -> AngleAutolinks? {
        var autolinks = AngleAutolinks()
        autolinks.add(source)
        return autolinks.isEmpty ? nil : autolinks
    }

    /// These autolinks without the texts that more links of `inlines` have
    /// than the source has autolinks; `nil` if none is left.
    ///
    /// - Complexity: O(size of the inline tree).
    func confirmed(by inlines: [Inline]) -> AngleAutolinks? {
        var links: [[UInt8]: Int] = [:]
        func count(_ inlines: [Inline]) {
            for inline in inlines {
                if case .link(let destination, _, let children) = inline, let text = text(destination, children) {
                    links[text, default: 0] += 1
                }
                count(inline.containerChildren ?? [])
            }
        }
        count(inlines)
        var result = self
        result.counts = counts.filter { text, count in links[text, default: 0] <= count }
        return result.counts.isEmpty ? nil : result
    }

    /// Whether the link with `destination` and `children` is one of the
    /// autolinks.
    ///
    /// - Complexity: O(length of its text).
    func contains(destination: String, children: [Inline]) -> Bool {
        text(destination, children).map { counts[$0] != nil } ?? false
    }

    /// The text of a link that may be an autolink: one whose text is its
    /// destination (after `mailto:` for an address) and holds a tilde.
    private func text(_ destination: String, _ children: [Inline]) -> [UInt8]? {
        guard InlineExtensionPass.isAngleAutolink(destination, children), case .text(let text) = children[0],
            text.utf8.contains(UInt8(ascii: "~"))
        else { return nil }
        return Array(text.utf8)
    }
}
