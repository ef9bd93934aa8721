/// CommonMark's flanking rules for a delimiter run, from the characters
/// around it (`nil` is the start or end of the text, which counts as
/// whitespace).
struct Flanking {
    let before: Unicode.Scalar?
    let after: Unicode.Scalar?

    func isSpace(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map(CharacterClass.isSpace) ?? true
    }

    func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map(CharacterClass.isPunctuation) ?? false
    }

    func isSpaceOrPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        isSpace(scalar) || isPunctuation(scalar)
    }

    var isLeftFlanking: Bool {
        !isSpace(after) && (!isPunctuation(after) || isSpaceOrPunctuation(before))
    }

    var isRightFlanking: Bool {
        !isSpace(before) && (!isPunctuation(before) || isSpaceOrPunctuation(after))
    }

    /// Whether an opener here is one the display completes: it follows the
    /// start, whitespace, opening punctuation (`(`, `[`, `{`, quotes) or
    /// another delimiter, or touches CJK text (written without spaces).
    /// Markup after a letter, digit or closing punctuation (`2*3`,
    /// `f(x)*y`) is left alone.
    var isWordInternal: Bool {
        guard let before else { return false }
        if Self.isCJK(before) || after.map(Self.isCJK) == true { return false }
        return !Self.startsMarkup(before)
    }

    /// Whether markup may start right after `scalar`.
    static func startsMarkup(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        if CharacterClass.isSpace(scalar) { return true }
        switch scalar {
        case "(", "[", "{", "\"", "'", "*", "_", "~", "<", "/", "-", ":": return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .openPunctuation, .initialPunctuation, .dashPunctuation: return true
        default: return false
        }
    }

    /// Han, kana, Hangul and their punctuation and full-width forms.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    func canOpen(_ byte: UInt8) -> Bool {
        guard byte == UInt8(ascii: "_") else { return isLeftFlanking }
        return isLeftFlanking && (!isRightFlanking || isPunctuation(before))
    }

    func canClose(_ byte: UInt8) -> Bool {
        guard byte == UInt8(ascii: "_") else { return isRightFlanking }
        return isRightFlanking && (!isLeftFlanking || isPunctuation(after))
    }
}
