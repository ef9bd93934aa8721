/// Lines of a paragraph after a table that cmark-gfm parses as other
/// blocks: their text inside the container (indentation kept) and the map
/// from that text back to document offsets.
struct Remainder {
    /// The lines' text, container prefixes removed.
    var bytes: [UInt8] = []
    /// (offset in `bytes`, document offset, end of the run's line in the
    /// document) at the start of each copied run.
    var segments: [(buffer: Int, document: Int, limit: Int)] = []

    init(lines: ArraySlice<SourceLine>, text: UnsafeBufferPointer<UInt8>) {
        for line in lines {
            var start = line.containerEnd
            if start < line.end, text[start] == 0x09, line.containerColumn % 4 != 0 {
                // A partly consumed tab: its remaining columns become spaces.
                let width = 4 - line.containerColumn % 4
                segments.append((bytes.count, start, start))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
                start += 1
            }
            segments.append((bytes.count, start, line.end + line.endingLength))
            bytes.append(contentsOf: text[start..<line.end])
            if line.endingLength > 0 {
                bytes.append(contentsOf: text[line.end..<line.end + line.endingLength])
            } else {
                bytes.append(0x0A)
            }
        }
    }

    /// The document offset of a position in `bytes`.
    func documentOffset(_ offset: Int) -> Int {
        var low = 0
        var high = segments.count - 1
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].buffer <= offset { low = mid } else { high = mid - 1 }
        }
        // The newline added after a last line without one maps to its end.
        return min(segments[low].document + (offset - segments[low].buffer), segments[low].limit)
    }
}
