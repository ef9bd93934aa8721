/// The link reference definitions of text that leaves a table's
/// containers: cmark-gfm reads them, cmark does not.
///
/// A line at the margin after a table in a list item or a block quote is
/// lazy continuation text of the table's paragraph for cmark, where no
/// definition starts; cmark-gfm's table ended the paragraph, so the line
/// leaves the containers and may begin definitions (`- [a]|b` / `  -|-` /
/// `[a]: /u` defines `a`, and the header cell links). The walker parses
/// such a rest again outside the containers (``ExtensionWalker/escape``),
/// which gives the rest's blocks, not its definitions, to the rest of the
/// buffer. It records here each rest that may define a label; the parse
/// pass then parses the buffer again with the rests in front of it
/// (``prefix(_:of:)``), where cmark reads their definitions and their
/// blocks are dropped (``ParsePass``).
///
/// In front of the buffer, a rest's definition would win over one the
/// buffer holds before the rest, which cmark-gfm reads first: such labels
/// are renamed in the rests (U+E000 in front).
final class EscapedDefinitions {
    /// One rest: where its first line starts (an offset of the layer's
    /// text), and its lines, prefixes removed, ended by a blank line.
    struct Rest {
        var start: Int
        var text: [UInt8]
    }

    /// The rests that may define a label, in the order the walk met them.
    private(set) var rests: [Rest] = []

    /// Records the rest at `start` (the lines that left their containers,
    /// prefixes removed, up to a code or HTML block that ends them: it
    /// holds no definition, and would take in what follows) if it may hold
    /// a definition.
    ///
    /// - Complexity: O(rest).
    func record(_ rest: [UInt8], at start: Int) {
        guard rest.withUnsafeBufferPointer({ ReferenceKeys.mayDefine($0, 0..<$0.count) }) else { return }
        rests.append(Rest(start: start, text: rest + [0x0A, 0x0A]))
    }

    /// At most how many rests of one buffer a plain cmark parse checks
    /// for labels defined before them (``prefix(_:of:)``); past that the
    /// buffer is not parsed again (a bound on hostile text).
    static let checkedRests = 8

    /// The rests (starts as offsets of `buffer`) to stand in front of
    /// `buffer`, behind a thematic break at the margin, which closes what
    /// they left open; a label that `buffer` defines before the rest is
    /// renamed in it. `nil` when more than ``checkedRests`` rests use a
    /// label that the text before them may define.
    ///
    /// - Complexity: O(buffer + rests), plus a plain cmark parse of the
    ///   buffer before each of at most ``checkedRests`` rests.
    static func prefix(_ rests: [Rest], of buffer: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var checked = 0
        // Labels that may be defined before the rest, over-approximated,
        // scanned once in document order.
        var earlier: Set<String> = []
        var scanned = 0
        for rest in rests.sorted(by: { $0.start < $1.start }) {
            let start = min(max(rest.start, 0), buffer.count)
            buffer.withUnsafeBufferPointer { earlier.formUnion(ReferenceKeys.definitions(in: $0, scanned..<start)) }
            scanned = max(scanned, start)
            let labels = rest.text.withUnsafeBufferPointer { pointer in
                lines(of: pointer).compactMap { label(pointer, $0) }.map { Array(pointer[$0]) }
            }.filter { earlier.contains($0.withUnsafeBufferPointer { ReferenceKeys.key($0, 0..<$0.count) }) }
            if !labels.isEmpty { checked += 1 }
            guard checked <= checkedRests else { return nil }
            result += hiding(defined(labels, in: buffer[..<start]), in: rest.text)
        }
        return result + Array("***\n".utf8)
    }

    /// The keys of those of `labels` that `text` defines, as cmark reads
    /// it: a parse of `text` followed by a reference to each label.
    static func defined(_ labels: [[UInt8]], in text: ArraySlice<UInt8>) -> Set<String> {
        guard !labels.isEmpty else { return [] }
        var probe = Array(text) + Array("\n\n***\n\n".utf8)
        for label in labels { probe += [UInt8(ascii: "[")] + label + Array("]\n\n".utf8) }
        let blocks = ParsePass(options: .commonMark).blocks(of: probe)
        var keys: Set<String> = []
        for (label, block) in zip(labels.reversed(), blocks.reversed()) {
            guard case .paragraph(let inlines) = block.kind, case .link? = inlines.first else { continue }
            keys.insert(label.withUnsafeBufferPointer { ReferenceKeys.key($0, 0..<$0.count) })
        }
        return keys
    }

    /// The ranges of the lines of `bytes`, without their line endings.
    private static func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var lineStart = 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            result.append(lineStart..<end)
            lineStart = end + 1
        }
        return result
    }

    /// `text` with the label of each line that may define one of `keys`
    /// (`[label]:` after up to three spaces) renamed: U+E000 in front of
    /// it. Its line stays a definition, so those after it in the same
    /// paragraph stay definitions too, of the labels they name.
    private static func hiding(_ keys: Set<String>, in text: [UInt8]) -> [UInt8] {
        guard !keys.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + 3)
        text.withUnsafeBufferPointer { pointer in
            for line in lines(of: pointer) {
                let end = min(line.upperBound + 1, pointer.count)
                if let label = label(pointer, line), keys.contains(ReferenceKeys.key(pointer, label)) {
                    result += pointer[line.lowerBound..<label.lowerBound] + [0xEE, 0x80, 0x80]
                    result += pointer[label.lowerBound..<end]
                } else {
                    result += pointer[line.lowerBound..<end]
                }
            }
        }
        return result
    }

    /// The label of `[label]:` at the start of `line` (after up to three
    /// spaces; no unescaped bracket inside).
    private static func label(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int>? {
        var i = line.lowerBound
        while i < line.upperBound, bytes[i] == 0x20, i - line.lowerBound < 3 { i += 1 }
        guard i < line.upperBound, bytes[i] == UInt8(ascii: "[") else { return nil }
        let start = i + 1
        i = start
        while i < line.upperBound, bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: "]") {
            i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard i + 1 < line.upperBound, i > start, bytes[i] == UInt8(ascii: "]"), bytes[i + 1] == UInt8(ascii: ":")
        else { return nil }
        return start..<i
    }
}
