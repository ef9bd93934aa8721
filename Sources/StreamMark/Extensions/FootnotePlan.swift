/// The lines of a buffer that may hold footnote definition markers, and the
/// adjustments ``FootnoteCut`` learned from parsing its rewrite.
struct FootnotePlan {
    /// One marker `[^label]:` and the blanks after it.
    struct Marker {
        /// Offset of its `[`.
        var bracket: Int
        /// The label's bytes.
        var label: Range<Int>
        /// Offset after the blanks that follow `]:`.
        var end: Int
    }

    /// A line whose text after its (over-approximated) container prefixes
    /// starts with markers.
    struct Line {
        var index: Int
        /// Where the container prefixes end (the first marker's `[`).
        var prefixEnd: Int
        /// Spaces right before `prefixEnd` (what a cut may remove).
        var trailingSpaces: Int
        var markers: [Marker]
        /// Where the line's content ends (before its line ending).
        var contentEnd: Int
    }

    /// A rewrite of the buffer.
    struct Rewrite {
        var edited: [UInt8] = []
        var edits: [FootnoteCut.Edit] = []
        var labels: [Int: String] = [:]
        var breaks: Set<Int> = []
        /// Rewritten offset where each line starts.
        var lineStarts: [Int] = []
        /// Rewritten offsets of each candidate line's markers, by line.
        var markerOffsets: [Int: [Int]] = [:]
    }

    let buffer: UnsafeBufferPointer<UInt8>
    /// Where each line starts and where its content ends.
    private var bounds: [(start: Int, contentEnd: Int)] = []
    /// The candidate lines.
    private(set) var lines: [Line] = []
    /// Spaces to cut before the first marker, by line.
    var cuts: [Int: Int] = [:]
    /// Terminator lines: the bytes that replace the line's content.
    var terminators: [Int: [UInt8]] = [:]
    /// Lines whose markers turned out not to be definitions.
    var excluded: Set<Int> = []
    /// The stand-in kinds no line of the buffer uses as a list marker.
    private var freeKinds: [[UInt8]] = []
    /// Kinds a line's stand-ins must not take: a parse put a stand-in of
    /// that kind into a real list (only when no free kind suits the line).
    var avoidedKinds: [Int: Set<[UInt8]>] = [:]

    private static let kinds: [[UInt8]] = [[0x2D], [0x2B], [0x2A], [0x31, 0x2E], [0x31, 0x29]]

    /// The kind of the list item marker at `offset` of `text` (a bullet, or
    /// digits and `.` or `)`), as ``kinds`` spells it.
    static func kind(ofMarkerAt offset: Int, in text: [UInt8]) -> [UInt8]? {
        guard offset < text.count else { return nil }
        let byte = text[offset]
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") { return [byte] }
        var end = offset
        while end < text.count, text[end] >= 0x30, text[end] <= 0x39 { end += 1 }
        guard end > offset, end < text.count, text[end] == UInt8(ascii: ".") || text[end] == UInt8(ascii: ")")
        else { return nil }
        return [0x31, text[end]]
    }

    /// The plan for `buffer`: its candidate lines, and (only when there is
    /// one, as every parse of the streaming engine builds a plan) the list
    /// marker kinds its lines use.
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        var start = 0
        var index = 0
        while start <= buffer.count {
            var end = start
            while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            bounds.append((start, end))
            if let line = Self.candidate(buffer, index: index, start: start, contentEnd: end) { lines.append(line) }
            if end < buffer.count, buffer[end] == 0x0D, end + 1 < buffer.count, buffer[end + 1] == 0x0A { end += 1 }
            start = end + 1
            index += 1
            if start == buffer.count { break }
        }
        guard !lines.isEmpty else { return }
        var used: Set<[UInt8]> = []
        for line in bounds { Self.collectKinds(buffer, line.start..<line.contentEnd, into: &used) }
        freeKinds = Self.kinds.filter { !used.contains($0) }
        if freeKinds.isEmpty { freeKinds = Self.kinds }
    }

    // MARK: - Scanning

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The candidate line at `start`, if its text after container-like
    /// prefixes starts with a marker.
    private static func candidate(_ buffer: UnsafeBufferPointer<UInt8>, index: Int, start: Int, contentEnd: Int)
        -> Line?
    {
        var i = start
        while true {
            var j = i
            while j < contentEnd, isBlank(buffer[j]) { j += 1 }
            guard let next = containerMarkerEnd(buffer, j, contentEnd) else { break }
            i = next
        }
        var prefixEnd = i
        while prefixEnd < contentEnd, isBlank(buffer[prefixEnd]) { prefixEnd += 1 }
        var markers: [Marker] = []
        var at = prefixEnd
        while let marker = marker(buffer, at, contentEnd)
            ?? nestedMarker(buffer, after: at, contentEnd, lineStart: start, markers)
        {
            markers.append(marker)
            at = marker.end
        }
        guard !markers.isEmpty else { return nil }
        var spaces = 0
        while prefixEnd - spaces > start, buffer[prefixEnd - spaces - 1] == 0x20 { spaces += 1 }
        return Line(
            index: index, prefixEnd: prefixEnd, trailingSpaces: spaces, markers: markers, contentEnd: contentEnd)
    }

    /// A marker after the container markers that follow a marker
    /// (`[^2]: > [^1]: y`, `[^2]: - [^1]: y`): cmark-gfm opens the quote or
    /// item inside the first note and the second note inside that. Each
    /// container marker is followed by at most four columns of blanks, so
    /// that the marker is no indented code (``blanksBetween(_:from:to:lineStart:)``
    /// writes them for the rewrite).
    private static func nestedMarker(
        _ buffer: UnsafeBufferPointer<UInt8>, after i: Int, _ end: Int, lineStart: Int, _ markers: [Marker]
    ) -> Marker? {
        guard !markers.isEmpty else { return nil }
        var j = i
        var opened = false
        while let next = containerMarkerEnd(buffer, j, end) {
            j = next
            while j < end, isBlank(buffer[j]) { j += 1 }
            guard column(buffer, from: lineStart, to: j) - column(buffer, from: lineStart, to: next) <= 4 else {
                return nil
            }
            opened = true
        }
        return opened ? marker(buffer, j, end) : nil
    }

    /// The runs of blanks after the container markers between two markers
    /// of a line that the rewrite writes otherwise, and what it writes: the
    /// blanks after a list marker as the spaces they span on the line
    /// (cmark-gfm's columns, which the item's width keeps), after a `>` one
    /// space at most (the marker after it may stand indented inside the
    /// quote, as the first marker of a line may inside its container: a
    /// note continues four columns past the quote's content, as the
    /// stand-in item does when it stands at that content). Only blanks are
    /// edited, so every container keeps its own offset.
    static func blanksBetween(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, lineStart: Int)
        -> [(range: Range<Int>, spaces: Int)]
    {
        var runs: [(range: Range<Int>, spaces: Int)] = []
        var i = start
        while i < end {
            let next = containerMarkerEnd(buffer, i, end) ?? end
            i = next
            while i < end, isBlank(buffer[i]) { i += 1 }
            let columns = column(buffer, from: lineStart, to: i) - column(buffer, from: lineStart, to: next)
            let spaces = buffer[next - 1] == UInt8(ascii: ">") ? min(columns, 1) : columns
            let run = next..<i
            if spaces != run.count || run.contains(where: { buffer[$0] == 0x09 }) {
                runs.append((run, spaces))
            }
        }
        return runs
    }

    /// The end of a `>`, bullet or ordered list marker at `i` (a marker must
    /// be followed by a blank), or nil.
    static func containerMarkerEnd(_ buffer: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        guard i < end else { return nil }
        let byte = buffer[i]
        if byte == UInt8(ascii: ">") { return i + 1 }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
            return i + 1 < end && isBlank(buffer[i + 1]) ? i + 1 : nil
        }
        var j = i
        while j < end, j - i < 9, buffer[j] >= 0x30, buffer[j] <= 0x39 { j += 1 }
        guard j > i, j < end, buffer[j] == UInt8(ascii: ".") || buffer[j] == UInt8(ascii: ")") else { return nil }
        return j + 1 < end && isBlank(buffer[j + 1]) ? j + 1 : nil
    }

    /// `[^label]:` and the blanks after it at `i` (cmark-gfm's scanner:
    /// a label is one or more bytes other than `]`, space, tab, CR, LF and
    /// NUL).
    private static func marker(_ buffer: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Marker? {
        guard i + 4 < end + 1, i + 1 < end, buffer[i] == UInt8(ascii: "["), buffer[i + 1] == UInt8(ascii: "^")
        else { return nil }
        var j = i + 2
        while j < end, buffer[j] != UInt8(ascii: "]"), buffer[j] != 0x20, buffer[j] != 0x09, buffer[j] != 0 {
            j += 1
        }
        guard j > i + 2, j + 1 < end, buffer[j] == UInt8(ascii: "]"), buffer[j + 1] == UInt8(ascii: ":") else {
            return nil
        }
        var after = j + 2
        while after < end, isBlank(buffer[after]) { after += 1 }
        return Marker(bracket: i, label: (i + 2)..<j, end: after)
    }

    /// Adds the list marker kinds a line may use (over-approximated: a
    /// marker after a blank, `>` or the line start, before a blank or the
    /// end).
    private static func collectKinds(
        _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into used: inout Set<[UInt8]>
    ) {
        var i = line.lowerBound
        while i < line.upperBound {
            let atStart = i == line.lowerBound || isBlank(buffer[i - 1]) || buffer[i - 1] == UInt8(ascii: ">")
            defer { i += 1 }
            guard atStart else { continue }
            let byte = buffer[i]
            var end = i
            var kind: [UInt8]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                kind = [byte]
                end = i + 1
            } else {
                while end < line.upperBound, end - i < 9, buffer[end] >= 0x30, buffer[end] <= 0x39 { end += 1 }
                guard end > i, end < line.upperBound,
                    buffer[end] == UInt8(ascii: ".") || buffer[end] == UInt8(ascii: ")")
                else { continue }
                kind = [0x31, buffer[end]]
                end += 1
            }
            if end == line.upperBound || isBlank(buffer[end]) { used.insert(kind) }
        }
    }

    // MARK: - Rewriting

    /// The buffer with every candidate that is not excluded rewritten, and
    /// the terminators in place.
    func rewrite() -> Rewrite {
        var out = Rewrite()
        out.edited.reserveCapacity(buffer.count + 16)
        var candidates = lines[...]
        var copied = 0
        func copy(upTo offset: Int) {
            out.edited.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<offset]))
            copied = offset
        }
        func replace(_ range: Range<Int>, with bytes: [UInt8]) {
            copy(upTo: range.lowerBound)
            let start = out.edited.count
            out.edited.append(contentsOf: bytes)
            out.edits.append(FootnoteCut.Edit(original: range, edited: start..<out.edited.count))
            copied = range.upperBound
        }
        for (index, bound) in bounds.enumerated() {
            copy(upTo: bound.start)
            out.lineStarts.append(out.edited.count)
            if let terminator = terminators[index] {
                replace(bound.start..<bound.contentEnd, with: terminator)
                out.breaks.insert(out.edited.count - 3)
                continue
            }
            guard let line = candidates.first, line.index == index else { continue }
            candidates.removeFirst()
            guard !excluded.contains(index) else { continue }
            let cut = min(cuts[index] ?? 0, line.trailingSpaces)
            if cut > 0 { replace((line.prefixEnd - cut)..<line.prefixEnd, with: []) }
            let rest = UnsafeBufferPointer(rebasing: buffer[line.markers.last!.end..<line.contentEnd])
            var offsets: [Int] = []
            var between = 0
            for (previous, marker) in zip([nil] + line.markers.map(Optional.some), line.markers) {
                if let previous {
                    between += marker.bracket - previous.end
                    for run in Self.blanksBetween(
                        buffer, from: previous.end, to: marker.bracket, lineStart: bound.start)
                    {
                        replace(run.range, with: Array(repeating: 0x20, count: run.spaces))
                        between += run.spaces - run.range.count
                    }
                }
                var standIn = kind(forRest: rest, avoiding: avoidedKinds[index] ?? [])
                while standIn.count < 4 { standIn.append(0x20) }
                replace(marker.bracket..<marker.end, with: standIn)
                let at = out.edited.count - 4
                offsets.append(at)
                out.labels[at] = String(decoding: UnsafeBufferPointer(rebasing: buffer[marker.label]), as: UTF8.self)
            }
            out.markerOffsets[index] = offsets
            let restStart = line.markers.last!.end
            let prefixColumns = Self.column(buffer, from: bound.start, to: line.prefixEnd - cut)
            for tab in expandedTabs(
                lineStart: bound.start, restStart: restStart,
                rewrittenColumn: prefixColumns + 4 * line.markers.count + between, contentEnd: line.contentEnd)
            {
                replace(tab.offset..<(tab.offset + 1), with: Array(repeating: 0x20, count: tab.width))
            }
            if rest.isEmpty {
                replace(line.contentEnd..<line.contentEnd, with: Array("___".utf8))
                out.breaks.insert(out.edited.count - 3)
            }
        }
        copy(upTo: buffer.count)
        return out
    }

    /// The first kind, not among `avoided`, that does not make a thematic
    /// break with `rest` (`*   ***`, `-   --`): a free one if there is one,
    /// else any (a parse shows whether it joined a real list).
    private func kind(forRest rest: UnsafeBufferPointer<UInt8>, avoiding avoided: Set<[UInt8]>) -> [UInt8] {
        let body = rest.filter { !Self.isBlank($0) }
        for kind in freeKinds + Self.kinds
        where !avoided.contains(kind) && (body.isEmpty || !body.allSatisfy({ $0 == kind[0] })) {
            return kind
        }
        return [UInt8(ascii: "+")]
    }
}
