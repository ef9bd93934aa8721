/// Escapes data so that it stays literal inline text wherever an escaped
/// `{{path}}` lands in Markdown (paragraphs, headings, list items, table
/// cells, link text).
///
/// - every ASCII punctuation character gets a backslash (`\*`, `\#`, `\|`,
///   `\<`, `` \` ``, `\&`, `\\`, `\$` …), so no emphasis, code span, link,
///   HTML, entity, list marker, heading, table pipe, fence or math can
///   start — except brackets and parentheses, which become numeric
///   character references (`&#91;`, `&#40;`): `\[` and `\(` open math;
///   a reference is literal text that opens nothing;
/// - line breaks, tabs and other C0 controls become numeric character
///   references (`&#10;`), so the text never leaves its line or block;
/// - leading and trailing spaces become `&#32;`, so they are neither
///   stripped nor read as indentation or a hard line break;
/// - NUL becomes U+FFFD (as the engine's normalizer would).
///
/// The parsed inline text then equals the data exactly (NUL aside).
enum MarkdownEscaper {
    /// Appends the escaped form of `text` to `output`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var firstNonSpace = 0
            while firstNonSpace < utf8.count, utf8[firstNonSpace] == 0x20 { firstNonSpace += 1 }
            var lastNonSpace = utf8.count
            while lastNonSpace > firstNonSpace, utf8[lastNonSpace - 1] == 0x20 { lastNonSpace -= 1 }
            for index in 0..<utf8.count {
                let byte = utf8[index]
                switch byte {
                case 0x00:
                    output.append(0xEF)
                    output.append(0xBF)
                    output.append(0xBD)
                case 0x20 where index < firstNonSpace || index >= lastNonSpace:
                    appendReference(0x20, to: &output)
                case 0x01...0x1F, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    appendReference(byte, to: &output)
                case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                    output.append(0x5C)  // backslash
                    output.append(byte)
                default:
                    output.append(byte)
                }
            }
        }
    }

    /// Appends `&#N;` for a byte below 100.
    private static func appendReference(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "&"))
        output.append(UInt8(ascii: "#"))
        if byte >= 10 { output.append(UInt8(ascii: "0") + byte / 10) }
        output.append(UInt8(ascii: "0") + byte % 10)
        output.append(UInt8(ascii: ";"))
    }

    /// The escaped form of `text`.
    static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        escape(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
