/// The task markers cmark-gfm takes off their lines before it parses the
/// rest of the line, as byte ranges cut out of a buffer before cmark
/// parses it.
///
/// cmark-gfm's tasklist extension advances past `[ ]`/`[x]` when an item
/// opens, so the rest of the marker line is the item's content: a rest
/// `[2]: t` is a link reference definition, where cmark reads `[x] [2]: t`
/// as the start of a paragraph. Cutting the marker and the spaces after it
/// out of the line gives cmark the line cmark-gfm parses: the item's
/// content column stays where the marker was.
///
/// Only marker lines whose rest starts with `[` after any blanks are cut
/// (cmark-gfm opens no other block there: `- [x] # h` is a paragraph
/// `# h`, and so is `- [x]     code`), and only where cmark's own parse of
/// the buffer makes the line an item whose first block starts at the
/// marker (not a line of a code block, nor a paragraph's continuation
/// line). A blank rest is not cut (known difference in
/// docs/extensions.md): the empty item `- ` left would interrupt no
/// paragraph, and a window starting at the item cannot know whether a
/// paragraph comes before it.
struct TaskMarkerCut {
    /// The cut byte ranges of the original buffer, ascending.
    let cuts: [Range<Int>]
    /// `removed[i]`: the bytes `cuts[..<i]` cut.
    private let removed: [Int]

    /// The cuts for `buffer`, or `nil` if it has none.
    ///
    /// - Complexity: O(n); a second cmark parse of the buffer when a line
    ///   may be a task marker line to cut.
    init?(_ buffer: UnsafeBufferPointer<UInt8>) {
        let candidates = Self.candidates(buffer)
        guard !candidates.isEmpty else { return nil }
        var starts: Set<Int> = []
        Self.collectItemContentStarts(
            CmarkNodeReader.parse(buffer, smart: false, contentStart: 0, mapOffset: { $0 }), into: &starts)
        let cuts = candidates.filter { starts.contains($0.lowerBound) }
        guard !cuts.isEmpty else { return nil }
        self.cuts = cuts
        var removed = [0]
        for cut in cuts { removed.append(removed[removed.count - 1] + cut.count) }
        self.removed = removed
    }

    /// Marker lines that may parse differently once the marker is cut.
    private static func candidates(_ buffer: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let marker = TaskListMarker(text: buffer)
        let lines = SourceLines(text: buffer)
        var result: [Range<Int>] = []
        var lineStart = 0
        while lineStart < buffer.count {
            let end = lines.lineEnd(from: lineStart)
            if let bracket = marker.markerBracket(lineStart, end), let cut = cut(buffer, bracket, end) {
                result.append(cut)
            }
            lineStart = end + 1
            if end < buffer.count, buffer[end] == 0x0D, end + 1 < buffer.count, buffer[end + 1] == 0x0A {
                lineStart += 1
            }
        }
        return result
    }

    /// The bytes to cut for the marker at `bracket`, if the rest of its line
    /// (up to `end`) may parse differently without it.
    private static func cut(_ buffer: UnsafeBufferPointer<UInt8>, _ bracket: Int, _ end: Int) -> Range<Int>? {
        var i = bracket + 3
        while i < end, buffer[i] == 0x20 || buffer[i] == 0x09 { i += 1 }
        // cmark-gfm opens no other block after the marker, however many
        // blanks follow it: only a definition parses differently. (A blank
        // rest is not cut: the empty item `- ` would interrupt no
        // paragraph, and whether one comes before is not known to a window
        // starting at the item.)
        guard i < end, buffer[i] == UInt8(ascii: "[") else { return nil }
        return bracket..<i
    }

    private static func collectItemContentStarts(_ blocks: [Block], into starts: inout Set<Int>) {
        for block in blocks {
            if case .item = block.kind, let first = block.children.first { starts.insert(first.range.lowerBound) }
            collectItemContentStarts(block.children, into: &starts)
        }
    }

    /// `buffer` without the cut bytes.
    func applied(to buffer: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(buffer.count)
        var start = 0
        for cut in cuts {
            result.append(contentsOf: buffer[start..<cut.lowerBound])
            start = cut.upperBound
        }
        result.append(contentsOf: buffer[start...])
        return result
    }

    /// The original offset of offset `offset` of the cut buffer.
    ///
    /// - Complexity: O(log cuts).
    func original(_ offset: Int) -> Int {
        // The number of cuts that start at or before `offset` in the cut buffer.
        var low = 0
        var high = cuts.count
        while low < high {
            let mid = (low + high) / 2
            if cuts[mid].lowerBound - removed[mid] <= offset {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return offset + removed[low]
    }

    /// The offset in the cut buffer of original offset `offset` (the
    /// start of a cut for an offset inside it).
    ///
    /// - Complexity: O(log cuts).
    func cutOffset(_ offset: Int) -> Int {
        // The number of cuts that start before `offset`.
        var low = 0
        var high = cuts.count
        while low < high {
            let mid = (low + high) / 2
            if cuts[mid].lowerBound < offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return offset }
        let last = cuts[low - 1]
        return offset - removed[low - 1] - (min(last.upperBound, offset) - last.lowerBound)
    }
}
