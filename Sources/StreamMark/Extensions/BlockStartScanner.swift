/// Recognises, on a line inside a paragraph, the block starts that cannot
/// interrupt a paragraph but do end a table in cmark-gfm: a list item
/// (empty, or ordered not starting at 1) and an HTML block of type 7.
///
/// The line is given from its first non-space byte; its indentation is
/// known to be under four columns.
struct BlockStartScanner {
    /// The line from its first non-space byte.
    let bytes: [UInt8]

    private func isSpace(_ i: Int) -> Bool {
        i >= bytes.count || bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether a table ends before this line.
    func startsBlockInTable() -> Bool { isListMarker() || isHTMLBlockType7() }

    private func isListMarker() -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            return isSpace(1)
        }
        var i = 0
        while i < bytes.count, i < 9, isDigit(bytes[i]) { i += 1 }
        guard i > 0, i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else {
            return false
        }
        return isSpace(i + 1)
    }

    /// A complete open or closing tag alone on the line (CommonMark HTML
    /// block start condition 7).
    private func isHTMLBlockType7() -> Bool {
        var i = 0
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return false }
        i += 1
        let closing = i < bytes.count && bytes[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        guard i < bytes.count, isLetter(bytes[i]) else { return false }
        while i < bytes.count, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == UInt8(ascii: "-") { i += 1 }
        if closing {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        } else {
            // Attributes.
            while true {
                let save = i
                var spaced = false
                while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A {
                    i += 1
                    spaced = true
                }
                guard spaced, i < bytes.count,
                    isLetter(bytes[i]) || bytes[i] == UInt8(ascii: "_")
                        || bytes[i] == UInt8(ascii: ":")
                else {
                    i = save
                    break
                }
                while i < bytes.count,
                    isLetter(bytes[i]) || isDigit(bytes[i]) || "_.:-".utf8.contains(bytes[i])
                {
                    i += 1
                }
                // Optional value.
                var j = i
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                    j += 1
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                    guard j < bytes.count else { return false }
                    let quote = bytes[j]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        j += 1
                        while j < bytes.count, bytes[j] != quote, bytes[j] != 0x0A { j += 1 }
                        guard j < bytes.count, bytes[j] == quote else { return false }
                        j += 1
                    } else {
                        let start = j
                        while j < bytes.count, !isSpace(j), !"\"'=<>`".utf8.contains(bytes[j]) { j += 1 }
                        guard j > start else { return false }
                    }
                    i = j
                }
            }
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return false }
        i += 1
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i >= bytes.count || bytes[i] == 0x0A || bytes[i] == 0x0D
    }
}
