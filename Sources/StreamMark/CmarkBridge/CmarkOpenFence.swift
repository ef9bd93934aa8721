internal import CCmark

/// The line that closes the fenced code block `bytes` leaves open at the
/// top level, or nil when it leaves none open.
///
/// ``CellInlineParser/referenceLines(of:outside:)`` joins groups of lines
/// into one text; a fence one group opens must not swallow the groups after
/// it. Whether a line of backticks opens a fence depends on its container
/// and its indentation (`    ```` is indented code, `- a` / blank /
/// `  ```` opens a fence inside the item, which the item's end closes), so
/// cmark decides: the text is parsed followed by a blank line and a line at
/// the margin, which ends every container. Only a fence open at the top
/// level swallows that line, and its opening run (read where the code
/// block starts) gives the closer.
///
/// - Complexity: one cmark parse of `bytes`.
func cmarkOpenFenceCloser(_ bytes: [UInt8]) -> [UInt8]? {
    var probe = bytes
    probe.append(contentsOf: [0x0A, 0x0A, UInt8(ascii: "Z"), 0x0A])
    return probe.withUnsafeBufferPointer { buffer -> [UInt8]? in
        guard let root = cmarkParseDocument(buffer, options: CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_node_free(root) }
        guard let last = cmark_node_last_child(root), cmark_node_get_type(last) == CMARK_NODE_CODE_BLOCK else {
            return nil
        }
        let starts = LineTable.lineStarts(of: buffer)
        let line = Int(cmark_node_get_start_line(last)) - 1
        guard line >= 0, line < starts.count else { return nil }
        let bomShift = line == 0 && LineTable.hasByteOrderMark(buffer) ? 3 : 0
        var i = starts[line] + Int(cmark_node_get_start_column(last)) - 1 + bomShift
        guard i >= 0, i < buffer.count, buffer[i] == UInt8(ascii: "`") || buffer[i] == UInt8(ascii: "~") else {
            return nil
        }
        let fence = buffer[i]
        var run = 0
        while i < buffer.count, buffer[i] == fence {
            run += 1
            i += 1
        }
        return Array(repeating: fence, count: run) + [0x0A]
    }
}
