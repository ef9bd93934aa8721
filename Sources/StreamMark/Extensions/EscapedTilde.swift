/// Keeps backslash-escaped tildes (`\~`) apart from delimiter tildes.
///
/// cmark resolves `\~` to a plain `~` in its text nodes, where the
/// strikethrough pass could no longer tell it from a delimiter. Blocks
/// whose source holds `\~` are therefore parsed again with every escaped
/// tilde replaced by a private-use character, which the inline passes treat
/// as a literal `~`; afterwards it becomes `~` again (`\~` inside code
/// spans and raw HTML, where backslashes are literal).
enum EscapedTilde {
    /// The stand-in for an escaped tilde.
    static let marker: Unicode.Scalar = "\u{E07E}"
    private static let markerBytes: [UInt8] = Array(String(marker).utf8)

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60)
            || (byte >= 0x7B && byte <= 0x7E)
    }

    /// Whether `bytes[range]` holds a backslash followed by a tilde.
    static func occurs(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "\\") {
                if bytes[i + 1] == UInt8(ascii: "~") { return true }
                i += 2
            } else {
                i += 1
            }
        }
        return false
    }

    /// `bytes` with every escaped tilde replaced by the marker (an escaped
    /// backslash stays as it is).
    ///
    /// - Complexity: O(n).
    static func substituted(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < bytes.count, isASCIIPunctuation(bytes[i + 1]) {
                if bytes[i + 1] == UInt8(ascii: "~") {
                    result.append(contentsOf: markerBytes)
                } else {
                    result.append(byte)
                    result.append(bytes[i + 1])
                }
                i += 2
            } else {
                result.append(byte)
                i += 1
            }
        }
        return result
    }

    private static func replacing(_ string: String, with replacement: String) -> String {
        guard string.unicodeScalars.contains(marker) else { return string }
        var result = ""
        for scalar in string.unicodeScalars {
            if scalar == marker { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// The inlines with every marker turned back into what cmark would
    /// have produced from `\~`.
    static func restored(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .text(let s): .text(replacing(s, with: "~"))
            case .code(let s): .code(replacing(s, with: "\\~"))
            case .html(let s): .html(replacing(s, with: "\\~"))
            case .softBreak, .lineBreak: inline
            case .emphasis(let c): .emphasis(restored(c))
            case .strong(let c): .strong(restored(c))
            case .strikethrough(let c): .strikethrough(restored(c))
            case .link(let d, let t, let c):
                .link(destination: replacing(d, with: "~"), title: replacing(t, with: "~"), children: restored(c))
            case .image(let d, let t, let c):
                .image(source: replacing(d, with: "~"), title: replacing(t, with: "~"), children: restored(c))
            }
        }
    }
}
