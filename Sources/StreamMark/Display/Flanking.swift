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

    /// Between two letters or digits (`2*3`, `snake_case`).
    var isWordInternal: Bool {
        !isSpaceOrPunctuation(before) && !isSpaceOrPunctuation(after)
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
