/// Cheap, conservative scanning for link reference labels.
///
/// A link reference definition anywhere in the document changes the links of
/// every paragraph that uses its label, so the engine must know which text
/// could define or use which label — without parsing. These scans
/// over-approximate: they may report a label that is not one (costing a
/// little extra work) but never miss one that is.
///
/// Keys (``key(_:_:)``) over-approximate cmark's label matching, which
/// folds case with Unicode full case folding (`cmark_utf8proc_case_fold`)
/// and collapses ASCII whitespace: labels that cmark matches always have
/// equal keys; some labels it does not match do too (`ı` and `i`, `ab` and
/// `a b`), which only makes a definition a carrier of more blocks.
enum ReferenceKeys {

    /// The parts of `range` outside the code and HTML blocks among `blocks`
    /// (at any depth), in order: text that can define or use a label.
    ///
    /// A nested block ends where its container does at the latest: cmark
    /// ends a fenced code block that its container's end closed (`> ~~~`,
    /// then a line without `>`) at the end of the line that closed it,
    /// which is no part of the block and may hold a definition.
    ///
    /// - Complexity: O(blocks visited), not descending into code or HTML blocks.
    static func gaps(of range: Range<Int>, excluding blocks: some Collection<Block>) -> [Range<Int>] {
        var opaque: [Range<Int>] = []
        func collect(_ block: Block, end: Int) {
            switch block.kind {
            case .codeBlock, .htmlBlock, .math:
                opaque.append(block.range.lowerBound..<max(block.range.lowerBound, min(block.range.upperBound, end)))
            default:
                for child in block.children { collect(child, end: min(end, block.range.upperBound)) }
            }
        }
        for block in blocks { collect(block, end: .max) }
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for hole in opaque.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lower = max(hole.lowerBound, start)
            if lower > start { result.append(start..<min(lower, range.upperBound)) }
            start = max(start, min(hole.upperBound, range.upperBound))
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result.filter { !$0.isEmpty }
    }

    /// Keys of every bracketed span `[…]` in the ranges of `bytes`.
    static func references(in bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Set<String> {
        ranges.reduce(into: []) { $0.formUnion(references(in: bytes, $1)) }
    }

    /// Keys of every `[…]:` in the ranges of `bytes` (with `footnotes`,
    /// not the footnote markers `[^label]:`, which never define a link).
    static func definitions(
        in bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>], footnotes: Bool = false
    ) -> Set<String> {
        ranges.reduce(into: []) { $0.formUnion(definitions(in: bytes, $1, footnotes: footnotes)) }
    }

    /// Whether any of the ranges could hold a definition (`]:`).
    static func mayDefine(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Bool {
        ranges.contains { mayDefine(bytes, $0) }
    }

    /// Keys of every bracketed span `[…]` in `bytes` (possible references).
    static func references(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Set<String> {
        scan(bytes, range, definitionsOnly: false)
    }

    /// Keys of every `[…]:` in `bytes` whose `[` starts its line, after
    /// indentation and container markers (`>`, `-`, `+`, `*`, `1.`, `1)`,
    /// a task marker, a footnote marker `[^label]:`):
    /// possible definitions. A definition starts a paragraph, so a
    /// `[label]:` in the middle of a line never is one. With `footnotes`, a
    /// footnote marker (`[^label]:`, the label without spaces) is skipped:
    /// at a line start cmark-gfm makes it a note, which interrupts a
    /// paragraph, so it never starts one.
    static func definitions(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, footnotes: Bool = false
    ) -> Set<String> {
        scan(bytes, range, definitionsOnly: true, footnotes: footnotes)
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, definitionsOnly: Bool, footnotes: Bool = false
    ) -> Set<String> {
        var keys: Set<String> = []
        var open = -1
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if byte == UInt8(ascii: "[") {
                open =
                    !definitionsOnly
                        || (startsLine(bytes, i, from: range.lowerBound)
                            && !followsParagraphText(bytes, i, from: range.lowerBound))
                    ? i : -1
            } else if byte == UInt8(ascii: "]"), open >= 0 {
                let isDefinition =
                    i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: ":")
                    && (!definitionsOnly || destinationMayFollow(bytes, i + 2, range))
                let isMarker =
                    footnotes && isFootnoteMarker(bytes, open, closing: i)
                    && !followsTaskMarker(bytes, open, from: range.lowerBound)
                if !definitionsOnly || (isDefinition && !isMarker), i - open <= 1001 {
                    keys.insert(key(bytes, (open + 1)..<i))
                }
                open = -1
            }
            i += 1
        }
        return keys
    }

    /// Keys of the labels the ranges certainly define: lines of the simplest
    /// definition forms, `[label]: destination` and `[label]: destination
    /// "title"` with at most three leading spaces, no brackets or
    /// backslashes in the label, no spaces or parentheses in the
    /// destination, a one-line title and nothing after it, each after a
    /// blank line or another such line. Outside code and HTML blocks (the
    /// caller passes their gaps) such a line always starts a paragraph, so
    /// cmark takes it as a definition, and so does cmark-gfm unless the
    /// paragraph becomes a table (docs/extensions.md, "Definitions in a
    /// table's paragraph"): the lines of a paragraph that holds a line that
    /// may be a delimiter row, or that runs on past the range, count for
    /// nothing. Only the first definition of a label counts, so the
    /// definers after a certain one never matter.
    ///
    /// - Complexity: O(n) in the length of the ranges.
    static func certainDefinitions(in bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Set<String> {
        var keys: Set<String> = []
        for range in ranges {
            var lineStart = range.lowerBound
            var afterBreak = startsAfterBlankLine(bytes, range.lowerBound)
            // The keys of the paragraph being read, kept once it ends
            // without a line that may be a delimiter row.
            var pending: Set<String> = []
            var mayBeTable = false
            while lineStart < range.upperBound {
                var lineEnd = lineStart
                while lineEnd < range.upperBound && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
                let line = lineStart..<lineEnd
                let blank = line.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
                if blank {
                    if !mayBeTable { keys.formUnion(pending) }
                    (pending, mayBeTable) = ([], false)
                }
                if mayBeDelimiterRow(bytes, line) { mayBeTable = true }
                if afterBreak, lineEnd < range.upperBound, let label = simpleDefinitionLabel(bytes, line) {
                    pending.insert(key(bytes, label))
                } else {
                    afterBreak = blank
                }
                lineStart = lineEnd
                if lineStart < range.upperBound && bytes[lineStart] == 0x0D { lineStart += 1 }
                if lineStart < range.upperBound && bytes[lineStart] == 0x0A { lineStart += 1 }
            }
            if !mayBeTable, startsBlankLine(bytes, range.upperBound) { keys.formUnion(pending) }
        }
        return keys
    }

    /// Whether the line at `offset` (a line start), or the line after the
    /// one holding it, is blank; not the end of the text, which may grow.
    private static func startsBlankLine(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        var i = offset
        if i > 0, bytes[i - 1] != 0x0A, bytes[i - 1] != 0x0D {
            while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            if i < bytes.count, bytes[i] == 0x0D { i += 1 }
            if i < bytes.count, bytes[i] == 0x0A { i += 1 }
        }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i < bytes.count && (bytes[i] == 0x0A || bytes[i] == 0x0D)
    }

    /// Whether `line` may be a table's delimiter row: after spaces, tabs and
    /// `>`, only `|`, `-`, `:`, spaces and tabs, with a `-` and a `|` or `:`.
    static func mayBeDelimiterRow(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        var i = line.lowerBound
        while i < line.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == UInt8(ascii: ">") { i += 1 }
        var dash = false
        var pipeOrColon = false
        while i < line.upperBound {
            switch bytes[i] {
            case UInt8(ascii: "-"): dash = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"): pipeOrColon = true
            case 0x20, 0x09: break
            default: return false
            }
            i += 1
        }
        return dash && pipeOrColon
    }

    /// Whether the line before `offset` is blank (or `offset` starts the text).
    private static func startsAfterBlankLine(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        guard offset > 0 else { return true }
        var i = offset - 1
        guard bytes[i] == 0x0A || bytes[i] == 0x0D else { return false }
        if bytes[i] == 0x0A, i > 0, bytes[i - 1] == 0x0D { i -= 1 }
        while i > 0 {
            let byte = bytes[i - 1]
            if byte == 0x0A || byte == 0x0D { return true }
            if byte != 0x20 && byte != 0x09 { return false }
            i -= 1
        }
        return true
    }

    /// The label range of a line `   [label]: destination`, if it has that simplest form.
    static func simpleDefinitionLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
        var i = line.lowerBound
        while i < line.upperBound && bytes[i] == 0x20 && i - line.lowerBound < 3 { i += 1 }
        guard i < line.upperBound, bytes[i] == UInt8(ascii: "[") else { return nil }
        let labelStart = i + 1
        i = labelStart
        var blank = true
        while i < line.upperBound, bytes[i] != UInt8(ascii: "]") {
            let byte = bytes[i]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\") { return nil }
            if byte != 0x20 && byte != 0x09 { blank = false }
            i += 1
        }
        guard i < line.upperBound, !blank, i - labelStart <= 999 else { return nil }
        let label = labelStart..<i
        i += 1
        guard i < line.upperBound, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        while i < line.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let destination = i
        while i < line.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 {
            if bytes[i] == UInt8(ascii: "(") || bytes[i] == UInt8(ascii: ")") || bytes[i] < 0x20 { return nil }
            i += 1
        }
        guard i > destination, bytes[destination] != UInt8(ascii: "<") else { return nil }
        while i < line.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        // An optional title on the same line: "…", '…' or (…), without its
        // closing character or a backslash inside.
        if i < line.upperBound {
            let open = bytes[i]
            let close: UInt8? =
                open == UInt8(ascii: "\"")
                ? open
                : open == UInt8(ascii: "'")
                    ? open
                    : open == UInt8(ascii: "(") ? UInt8(ascii: ")") : nil
            guard let close, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 else { return nil }
            i += 1
            while i < line.upperBound && bytes[i] != close {
                if bytes[i] == UInt8(ascii: "\\") || bytes[i] == open { return nil }
                i += 1
            }
            guard i < line.upperBound else { return nil }
            i += 1
            while i < line.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        }
        return i == line.upperBound ? label : nil
    }

    /// Whether only indentation, container markers and task markers precede
    /// `offset` on its line.
    private static func startsLine(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, from lowerBound: Int) -> Bool {
        var i = offset
        while i > lowerBound {
            switch bytes[i - 1] {
            case 0x0A, 0x0D: return true
            case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
                UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i -= 1
            case UInt8(ascii: "]")
            where i - 3 >= lowerBound && bytes[i - 3] == UInt8(ascii: "[")
                && (bytes[i - 2] == 0x20 || bytes[i - 2] == UInt8(ascii: "x") || bytes[i - 2] == UInt8(ascii: "X")):
                // A task marker: cmark-gfm parses the rest of its line as
                // the item's content (`TaskMarkerCut`).
                i -= 3
            case UInt8(ascii: ":") where i - 2 > lowerBound && bytes[i - 2] == UInt8(ascii: "]"):
                // A footnote marker `[^label]:`: its note's first line is
                // the note's content, where a definition may start.
                guard let open = footnoteMarkerStart(bytes, closing: i - 2, from: lowerBound) else { return false }
                i = open
            default: return false
            }
        }
        return true
    }

    /// Whether a task marker (`[ ]`, `[x]`, `[X]`) and blanks precede
    /// `offset` on its line: cmark-gfm takes the marker off before it reads
    /// definitions, so a `[^label]:` there defines the link label `^label`
    /// (a footnote marker must start the line's content).
    static func followsTaskMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, from lowerBound: Int) -> Bool {
        var i = offset
        while i > lowerBound, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        guard i < offset, i - 3 >= lowerBound, bytes[i - 1] == UInt8(ascii: "]"), bytes[i - 3] == UInt8(ascii: "[")
        else { return false }
        return bytes[i - 2] == 0x20 || bytes[i - 2] == UInt8(ascii: "x") || bytes[i - 2] == UInt8(ascii: "X")
    }

    /// Whether `bytes`, a parse buffer (notes already stand-in items, task
    /// markers cut), may define a link label that begins with `^`: a
    /// `[^label]:` left at a line start is no note there, and after a task
    /// marker cmark-gfm reads it as a link reference definition; a label
    /// written with blanks before its `^` (`[ ^1]:`) is never a note's, and
    /// normalizes to `^1`. Only then may a footnote-shaped label without
    /// blanks be a link label.
    ///
    /// - Complexity: O(n).
    static func mayDefineCaretLabels(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "["), opensCaretLabel(bytes, after: i), startsLine(bytes, i, from: 0) {
                return definitions(in: bytes, 0..<bytes.count).contains { $0.hasPrefix("^") }
            }
            i += 1
        }
        return false
    }

    /// Whether the first byte after `open` that ``key(_:_:)`` keeps is `^`.
    private static func opensCaretLabel(_ bytes: UnsafeBufferPointer<UInt8>, after open: Int) -> Bool {
        var j = open + 1
        while j < bytes.count, j - open <= 1001 {
            switch bytes[j] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: ">"): j += 1
            default: return bytes[j] == UInt8(ascii: "^")
            }
        }
        return false
    }

    /// Whether `[…]` from `open` to `closing` is `[^label]` with a label of
    /// no whitespace: cmark-gfm's footnote marker when `:` follows.
    private static func isFootnoteMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ open: Int, closing: Int) -> Bool {
        guard closing - open >= 3, bytes[open + 1] == UInt8(ascii: "^") else { return false }
        return !bytes[(open + 2)..<closing].contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }

    /// The offset of the `[` of the `[^label` whose `]` is at `closing`,
    /// on the same line, or nil.
    private static func footnoteMarkerStart(
        _ bytes: UnsafeBufferPointer<UInt8>, closing: Int, from lowerBound: Int
    ) -> Int? {
        var j = closing - 1
        while j > lowerBound, closing - j <= 1001 {
            switch bytes[j] {
            case 0x0A, 0x0D, UInt8(ascii: "]"): return nil
            case UInt8(ascii: "^") where bytes[j - 1] == UInt8(ascii: "["): return j - 1
            default: j -= 1
            }
        }
        return nil
    }

    /// Whether the line before the one holding `offset` is plain paragraph
    /// text, which the line at `offset` would continue (a continuation line
    /// never starts a definition): it starts with an ASCII letter, is
    /// indented less than four columns, has a space inside (a destination on
    /// its own line has none) and no `"`, `'` or `)` (a title that might
    /// still be open, or just closed) or `]:` (a label begun on a line
    /// before may end there). Only for a `[` after nothing but
    /// indentation: after a list or quote marker (`- [x]: /u` below `a `)
    /// the line may start a block that interrupts the paragraph.
    private static func followsParagraphText(
        _ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, from lowerBound: Int
    ) -> Bool {
        var end = offset
        while end > lowerBound, bytes[end - 1] != 0x0A, bytes[end - 1] != 0x0D { end -= 1 }
        guard end > lowerBound, bytes[end..<offset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return false }
        end -= 1
        if bytes[end] == 0x0A, end > lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        var start = end
        while start > lowerBound, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        guard start > lowerBound || lowerBound == 0 else { return false }
        var i = start
        var indent = 0
        while i < end, bytes[i] == 0x20 || bytes[i] == UInt8(ascii: ">") {
            indent = bytes[i] == 0x20 ? indent + 1 : 0
            i += 1
        }
        guard i < end, indent < 4, CharacterClass.isASCIIAlpha(bytes[i]) else { return false }
        var hasSpace = false
        for j in i..<end {
            switch bytes[j] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), 0x09: return false
            // A label over lines may end here (`[` / `d]: /`), and a
            // definition with it.
            case UInt8(ascii: "]") where j + 1 < end && bytes[j + 1] == UInt8(ascii: ":"): return false
            case 0x20: hasSpace = true
            default: break
            }
        }
        return hasSpace
    }

    /// Whether what follows a label's `]:` at `start` may complete a link
    /// reference definition. It cannot when a destination on the same line
    /// is followed, on that line, by text that cannot start a title: the
    /// `[^1]: Some note.` of footnote-style text (destination `Some`, then
    /// `note.`), which is never a definition however the line goes on, so
    /// that the label is not taken as one of the text's definitions; nor
    /// can `[x]:` with no destination after it, before a blank line or the
    /// end of the text (as the text grows, the label is scanned again). Any
    /// other form — the destination on the next line, `<…>`, a title after
    /// it — may be one.
    ///
    /// - Complexity: O(length of the line).
    static func destinationMayFollow(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ range: Range<Int>)
        -> Bool
    {
        func isLineEnd(_ i: Int) -> Bool { i >= range.upperBound || bytes[i] == 0x0A || bytes[i] == 0x0D }
        var i = start
        while !isLineEnd(i), bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if isLineEnd(i) {
            // The destination must be on the next line: there is none yet
            // (the text ends) or a blank line ends the paragraph.
            if i < range.upperBound, bytes[i] == 0x0D { i += 1 }
            if i < range.upperBound, bytes[i] == 0x0A { i += 1 }
            while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            return !isLineEnd(i)
        }
        if bytes[i] == UInt8(ascii: "<") { return true }
        // A bare destination runs to a space or tab (escapes included).
        while !isLineEnd(i), bytes[i] != 0x20, bytes[i] != 0x09 {
            i += bytes[i] == UInt8(ascii: "\\") && !isLineEnd(i + 1) ? 2 : 1
        }
        guard !isLineEnd(i), bytes[i] == 0x20 || bytes[i] == 0x09 else { return isLineEnd(i) }
        while !isLineEnd(i), bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if isLineEnd(i) { return true }
        return bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") || bytes[i] == UInt8(ascii: "(")
    }

    /// Whether the text contains anything that could be a definition (`]:`).
    static func mayDefine(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "]") && bytes[i + 1] == UInt8(ascii: ":") { return true }
            i += 1
        }
        return false
    }

    /// The key of the label in `range`: ASCII whitespace and `>` (container
    /// prefixes inside a multi-line label) dropped, ASCII lowercased; a
    /// label with a non-ASCII byte is then mapped, scalar by scalar,
    /// through Unicode lowercasing, uppercasing and lowercasing again, and
    /// every U+FFFD (what invalid UTF-8 decodes to) is dropped. Keys
    /// compare by canonical equivalence (`String` equality).
    ///
    /// Why this covers cmark's case fold: full case folding maps each
    /// scalar on its own, and for every scalar `c` the mapping gives `c` and
    /// its fold the same image (checked over all of Unicode against
    /// CaseFolding.txt: `ẞ` needs the first lowercasing, which gives `ß`,
    /// whose uppercase is `SS`; then `ß`, `ẞ`, `SS` and `ss` all become
    /// `ss`, the Kelvin sign `k`, `ς` and `Σ` `σ`, `İ` `i̇`). Equal folds
    /// therefore give equal keys. Dropping U+FFFD makes labels that differ
    /// only in invalid bytes equal, whatever cmark's decoder makes of them.
    ///
    /// - Complexity: O(length of the label).
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var ascii = true
        for i in range {
            let byte = bytes[i]
            if byte >= 0x80 {
                ascii = false
                out.append(byte)
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: ">"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 32)
            default: out.append(byte)
            }
        }
        let key = String(decoding: out, as: UTF8.self)
        guard !ascii else { return key }
        var folded = key.lowercased().uppercased().lowercased()
        folded.unicodeScalars.removeAll { $0 == "\u{FFFD}" }
        return folded
    }
}
