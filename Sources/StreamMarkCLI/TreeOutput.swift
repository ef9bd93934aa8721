import StreamMark

/// `--format tree`: the final tree, one block per line, indented by depth,
/// with id, kind, byte range and a short summary of the content.
final class TreeOutput: StreamOutput {
    func consume(_ patches: [Patch], document: StreamingDocument) {}

    func finish(_ patches: [Patch], document: StreamingDocument) {
        var out = ""
        Self.dump(document.root, depth: 0, into: &out)
        OutputSink.standardOutput.write(out)
    }

    /// Appends the lines of `block` and its descendants; without `ranges`
    /// (a tree built from a version-2 patch stream) the byte ranges are left out.
    static func dump(_ block: Block, depth: Int, into out: inout String, ranges: Bool = true) {
        out += String(repeating: "  ", count: depth)
        out += "\(block.id) \(block.kind.name)"
        if ranges { out += " \(block.range.lowerBound)..<\(block.range.upperBound)" }
        switch block.kind {
        case .list(let list):
            out += " \(list.kind.rawValue)"
            if list.kind == .ordered { out += " start=\(list.start) delimiter=\(list.delimiter.rawValue)" }
            out += list.tight ? " tight" : " loose"
        case .item(let task?): out += " task=\(task.rawValue)"
        case .heading(let level, _): out += " level=\(level)"
        case .codeBlock(let code):
            out += code.fenced ? " fenced" : " indented"
            if let language = code.language { out += " language=\(language)" }
            out += " " + summary(code.literal)
        case .htmlBlock(let literal): out += " " + summary(literal)
        case .table(let table): out += " columns=\(table.alignments.count)"
        case .tableRow(let cells): out += " cells=\(cells.count)"
        default: break
        }
        if let inlines = block.kind.inlines { out += " " + summary(inlines.plainText) }
        out += "\n"
        for child in block.children { dump(child, depth: depth + 1, into: &out, ranges: ranges) }
    }

    /// The text quoted, with newlines escaped, cut at 48 characters.
    static func summary(_ text: String) -> String {
        var short = ""
        var count = 0
        for character in text {
            if count == 48 {
                short += "…"
                break
            }
            switch character {
            case "\n": short += "\\n"
            case "\"": short += "\\\""
            case "\\": short += "\\\\"
            default:
                if let ascii = character.asciiValue, ascii < 0x20 || ascii == 0x7F {
                    short += "\\u{\(String(ascii, radix: 16))}"
                } else {
                    short.append(character)
                }
            }
            count += 1
        }
        return "\"" + short + "\""
    }
}
