/// Bytes whose meaning to CommonMark is settled as they arrive: what the
/// in-place shortcuts may append to text or code without a parse.
enum InertBytes {
    /// How far back the shortcuts read the current word or line: what
    /// could still turn an inert word into something else (`<di`, `* `,
    /// `&amp`, `x@y`) is a short word, so a long line (Japanese has no
    /// spaces) costs O(chunk).
    static let lookBehind = 64

    /// Letters, digits, the bytes of non-ASCII characters, and the ASCII
    /// punctuation that no construct starts, ends or escapes with, alone or
    /// at the start of a line: `,` `;` `?` `!` `%` (`!` only matters
    /// before `[`, `;` only after `&`, neither of which is inert). Not `$`,
    /// which opens and closes math.
    static func isInert(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...0xFF, UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }

    /// Punctuation that is as inert as a letter inside a word of a line
    /// that starts with a letter (see ``LastWordShortcut``): `.` `:` `'`
    /// `"` `-` `(` `/`. Not `)`, which closes a link destination opened
    /// anywhere before (`[a]( b` then `)`).
    static func isWordPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "("), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// A space or line ending: what a word starting after it cannot join.
    static func isWordBoundary(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the last word may follow `byte` and still grow in place
    /// when the token before it holds no link: a byte whose meaning the
    /// word's first byte already settled — a delimiter run's flanking (`*`
    /// `_` `~`), an opened code span, link text or destination (`` ` ``
    /// `[` `]`), an escape (`\`), a cell (`|`). Letters and inert
    /// punctuation can close none of these. Not `<` (a tag or autolink may
    /// be forming), `&` or `#` (an entity, `&#35;`), `@` (an email
    /// autolink) or `)`.
    static func mayPrecedeWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "|"):
            true
        default:
            false
        }
    }

    /// Whether the line that `end` continues holds, between `lineFloor`
    /// and `end`, a byte other than a space, a tab or `fence`, within the
    /// last ``lookBehind`` bytes: such a code line can never become a
    /// closing fence, and its indentation is settled.
    static func lineIsSettled(
        before end: Int, after lineFloor: Int, fence: UInt8, in text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var i = end
        while i > lineFloor, end - i < lookBehind {
            i -= 1
            switch text[i] {
            case 0x0A, 0x0D: return false
            case 0x20, 0x09, fence: continue
            default: return true
            }
        }
        return false
    }
}
