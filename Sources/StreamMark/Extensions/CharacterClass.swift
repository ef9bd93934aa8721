/// Character classes as cmark-gfm (CommonMark 0.29) defines them for
/// delimiter runs and autolinks.
enum CharacterClass {
    /// `cmark_isspace`: ASCII space, tab, newline, vertical tab, form feed, return.
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// `cmark_isalpha`.
    static func isASCIIAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `cmark_isalnum`.
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIIAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `cmark_utf8proc_is_space`: Unicode Zs and ASCII whitespace.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 128 { return isASCIISpace(UInt8(value)) }
        return value == 0xA0 || value == 0x1680 || (value >= 0x2000 && value <= 0x200A) || value == 0x202F
            || value == 0x205F || value == 0x3000
    }

    /// `cmark_ispunct`: the ASCII punctuation characters, which a
    /// backslash escapes.
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60)
            || (byte >= 0x7B && byte <= 0x7E)
    }

    /// `cmark_utf8proc_is_punctuation`: ASCII punctuation and the Unicode
    /// P categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 128 { return isASCIIPunctuation(UInt8(value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// `is_valid_hostchar` of cmark-gfm's autolink extension: the scalar
    /// starting at `offset` decodes and is neither space nor punctuation
    /// (a UTF-8 continuation byte does not decode).
    static func isHostCharacter(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard let scalar = decode(bytes, at: offset) else { return false }
        return !isSpace(scalar) && !isPunctuation(scalar)
    }

    /// The scalar whose encoding starts at `offset`, or `nil`.
    static func decode(_ bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        let length: Int
        if lead < 0x80 {
            return Unicode.Scalar(lead)
        } else if lead & 0xE0 == 0xC0 {
            length = 2
        } else if lead & 0xF0 == 0xE0 {
            length = 3
        } else if lead & 0xF8 == 0xF0 {
            length = 4
        } else {
            return nil
        }
        guard offset + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            let byte = bytes[offset + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value)
    }
}
