/// The number of terminal columns text occupies.
///
/// East Asian wide and fullwidth characters and emoji take 2 columns,
/// combining marks, format characters and controls take 0, everything else 1.
/// Widths are measured per grapheme cluster (`Character`): a base character
/// followed by combining marks, an emoji with a variation selector or skin
/// tone, a ZWJ sequence or a flag is one cluster.
public enum DisplayWidth {
    /// The East Asian Wide (W) and Fullwidth (F) ranges outside the emoji
    /// blocks (emoji are recognised through `isEmojiPresentation`).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247,
        0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CD5, 0x1B000...0x1B2FB,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The width of one Unicode scalar on its own.
    ///
    /// - Complexity: O(log r) for r ranges in the wide table.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }
        if v < 0x1100 {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return 0
            default: return 1
            }
        }
        if (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound {
                high = mid - 1
            } else if v > range.upperBound {
                low = mid + 1
            } else {
                return 2
            }
        }
        return 1
    }

    /// The width of one grapheme cluster.
    ///
    /// - Complexity: O(scalars in the cluster).
    public static func of(_ character: Character) -> Int {
        if character.isASCII {
            return character == "\r\n" ? 0 : of(character.unicodeScalars.first!)
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var width = of(first)
        var count = 0
        var emojiVariant = false
        var zeroWidthJoiner = false
        for scalar in scalars {
            count += 1
            if scalar.value == 0xFE0F { emojiVariant = true }
            if scalar.value == 0x200D { zeroWidthJoiner = true }
        }
        if count > 1 {
            if (emojiVariant || zeroWidthJoiner) && first.properties.isEmoji { width = 2 }
            if (0x1F1E6...0x1F1FF).contains(first.value) { width = 2 }
        }
        if width == 0 && count > 1 {
            // A cluster that starts with a mark or format character: measure
            // the widest of its scalars.
            for scalar in scalars { width = max(width, of(scalar)) }
        }
        return width
    }

    /// The width of a string.
    ///
    /// - Complexity: O(n) in the length of the string.
    public static func of(_ string: some StringProtocol) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    /// The width of a line that may contain ANSI escape sequences (CSI `ESC [`
    /// and OSC `ESC ]` sequences are skipped).
    ///
    /// - Complexity: O(n) in the length of the line.
    public static func ofVisibleText(_ line: String) -> Int {
        var total = 0
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if character == "\u{1B}" {
                guard let kind = iterator.next() else { break }
                if kind == "[" {
                    while let c = iterator.next() {
                        if let ascii = c.asciiValue, ascii >= 0x40 && ascii <= 0x7E { break }
                    }
                } else if kind == "]" {
                    while let c = iterator.next() {
                        if c == "\u{07}" { break }
                        if c == "\u{1B}" {
                            _ = iterator.next()
                            break
                        }
                    }
                }
                continue
            }
            total += of(character)
        }
        return total
    }
}
