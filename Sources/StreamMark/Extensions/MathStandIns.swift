/// Keeps math away from cmark's inline parser: each math span of a block's
/// inline source (``MathScanner``) is replaced by a stand-in before cmark
/// parses it, and the stand-ins in cmark's inlines become
/// ``Inline/math(_:display:)`` afterwards.
///
/// A stand-in is U+2E31 (a punctuation character, as `$` and `\` are to
/// cmark's flanking rules, so `*$x$*` and `a_$x$_b` parse as around the
/// math), two private-use characters (U+E000–U+F8FF) numbering the span,
/// and U+2E31 again. cmark keeps it whole inside one text node. Where it
/// lands in a code span, raw HTML, a link destination or title (`[a](u$x$)`:
/// the link binds tighter, as in pandoc), the source it stands for is put
/// back.
///
/// A block whose text already holds U+2E31 is left to cmark as it is (no
/// math in it), so no text can pose as a stand-in.
struct MathStandIns {
    /// The spans replaced so far, in order; stand-in `k` stands for `spans[k]`.
    private(set) var spans: [(tex: String, display: Bool, source: String)] = []

    static let edge: Unicode.Scalar = "\u{2E31}"
    private static let base: UInt32 = 0xE000
    private static let radix: UInt32 = 0x1900  // U+E000…U+F8FF

    /// The most spans one table can number (6,400²).
    static let capacity = Int(radix * radix)

    /// `content` with its math replaced by stand-ins numbered after the
    /// spans already replaced (one table numbers the math of all its
    /// cells); `content` itself when it holds no math or holds U+2E31.
    ///
    /// - Complexity: O(content).
    mutating func substitute(_ content: [UInt8]) -> [UInt8] {
        content.withUnsafeBufferPointer { bytes in
            guard MathScanner.mayHoldMath(bytes, 0..<bytes.count), !Self.holdsEdge(bytes) else { return content }
            let found = MathScanner(bytes: bytes).spans().prefix(Self.capacity - spans.count)
            guard !found.isEmpty else { return content }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var cursor = 0
            for span in found {
                out.append(contentsOf: bytes[cursor..<span.range.lowerBound])
                out.append(contentsOf: Self.standIn(spans.count).utf8)
                spans.append(
                    (
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[span.tex]), as: UTF8.self), span.display,
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[span.range]), as: UTF8.self)
                    ))
                cursor = span.range.upperBound
            }
            out.append(contentsOf: bytes[cursor...])
            return out
        }
    }

    /// The math spans of `bytes` when ``substitute(_:)`` would give each
    /// of them a stand-in (as the only text of one substitution), else `nil`.
    ///
    /// - Complexity: O(n).
    static func spansStandingIn(_ bytes: UnsafeBufferPointer<UInt8>) -> [MathScanner.Span]? {
        guard MathScanner.mayHoldMath(bytes, 0..<bytes.count) else { return [] }
        guard !holdsEdge(bytes) else { return nil }
        let spans = MathScanner(bytes: bytes).spans()
        return spans.count <= capacity ? spans : nil
    }

    /// The stand-in for span `index`.
    static func standIn(_ index: Int) -> String {
        let high = Unicode.Scalar(base + UInt32(index) / radix)!
        let low = Unicode.Scalar(base + UInt32(index) % radix)!
        var s = String(edge)
        s.unicodeScalars.append(high)
        s.unicodeScalars.append(low)
        s.unicodeScalars.append(edge)
        return s
    }

    /// Whether `bytes` hold U+2E31 (E2 B8 B1).
    private static func holdsEdge(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) where bytes[i] == 0xE2 && bytes[i + 1] == 0xB8 && bytes[i + 2] == 0xB1 {
            return true
        }
        return false
    }

    /// `inlines` with stand-ins in text turned into math, and those
    /// elsewhere turned back into their source.
    ///
    /// - Complexity: O(size of the inlines).
    func restored(_ inlines: [Inline]) -> [Inline] {
        if spans.isEmpty { return inlines }
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            switch inline {
            case .text(let text): appendSplitting(text, to: &result)
            case .code(let s): result.append(.code(sourced(s)))
            case .html(let s): result.append(.html(sourced(s)))
            case .softBreak, .lineBreak, .math, .footnoteReference: result.append(inline)
            case .emphasis(let c): result.append(.emphasis(restored(c)))
            case .strong(let c): result.append(.strong(restored(c)))
            case .strikethrough(let c): result.append(.strikethrough(restored(c)))
            case .link(let d, let t, let c):
                result.append(.link(destination: sourced(d), title: sourced(t), children: restored(c)))
            case .image(let d, let t, let c):
                result.append(.image(source: sourced(d), title: sourced(t), children: restored(c)))
            }
        }
        return result
    }

    /// The span a stand-in starting at `scalars[i]` names, if one does.
    private func span(at i: Int, in scalars: [Unicode.Scalar]) -> Int? {
        guard i + 3 < scalars.count, scalars[i] == Self.edge, scalars[i + 3] == Self.edge else { return nil }
        let high = scalars[i + 1].value &- Self.base
        let low = scalars[i + 2].value &- Self.base
        guard high < Self.radix, low < Self.radix else { return nil }
        let index = Int(high * Self.radix + low)
        return index < spans.count ? index : nil
    }

    private func appendSplitting(_ text: String, to result: inout [Inline]) {
        guard !spans.isEmpty, text.unicodeScalars.contains(Self.edge) else { return result.append(.text(text)) }
        let scalars = Array(text.unicodeScalars)
        var plain = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if let index = span(at: i, in: scalars) {
                if !plain.isEmpty { result.append(.text(String(plain))) }
                plain = String.UnicodeScalarView()
                result.append(.math(spans[index].tex, display: spans[index].display))
                i += 4
            } else {
                plain.append(scalars[i])
                i += 1
            }
        }
        if !plain.isEmpty { result.append(.text(String(plain))) }
    }

    /// `text` with each stand-in replaced by the source it stands for.
    private func sourced(_ text: String) -> String {
        guard text.unicodeScalars.contains(Self.edge) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        while i < scalars.count {
            if let index = span(at: i, in: scalars) {
                out += spans[index].source
                i += 4
            } else {
                out.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        return out
    }
}
