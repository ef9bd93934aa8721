// All pointer code of StreamMark lives in this folder. Every cmark allocation
// made here (parser, document tree, rendered buffers) is freed before the
// function that made it returns, on every path.

internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses a UTF-8 buffer with cmark and converts the result into Swift values
/// in the same call, freeing the cmark tree before returning.
///
/// Offsets: cmark reports 1-based lines and 1-based byte columns of the
/// parsed buffer. ``CmarkNodeReader`` turns them into byte offsets of the
/// buffer and then, through `mapOffset`, into offsets of the document text
/// (the buffer may be a window of the document with synthetic context
/// before it).
struct CmarkNodeReader {
    /// Byte offsets at which each line of the buffer starts.
    let lineStarts: [Int]
    /// Length of the buffer.
    let length: Int
    /// 3 when the buffer starts with a UTF-8 byte order mark, which cmark
    /// strips before counting columns on line 1.
    let bomShift: Int
    /// Blocks starting before this buffer offset are synthetic context and skipped.
    let contentStart: Int
    /// Maps a buffer offset to a document offset.
    let mapOffset: (Int) -> Int
    let bytes: UnsafeBufferPointer<UInt8>

    /// Parses `bytes` and returns the converted top-level blocks whose start
    /// offset is in `contentStart..<contentEnd`.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, smart: Bool, contentStart: Int, contentEnd: Int = .max,
        mapOffset: @escaping (Int) -> Int
    ) -> [Block] {
        var literals: [Range<Int>]? = nil
        return parse(
            bytes, smart: smart, contentStart: contentStart, contentEnd: contentEnd, mapOffset: mapOffset,
            literals: &literals)
    }

    /// Parses `bytes` like ``parse(_:smart:contentStart:contentEnd:mapOffset:)``
    /// and, when `literals` is not nil, sets it to the buffer ranges of every
    /// code block and HTML block of the whole buffer (synthetic context
    /// included), in order: lines there never define a link reference.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, smart: Bool, contentStart: Int, contentEnd: Int = .max,
        mapOffset: @escaping (Int) -> Int, literals: inout [Range<Int>]?
    ) -> [Block] {
        var options: Int32 = CMARK_OPT_DEFAULT
        if smart { options |= CMARK_OPT_SMART }
        guard let root = cmarkParseDocument(bytes, options: options) else { return [] }
        defer { cmark_node_free(root) }
        let reader = CmarkNodeReader(
            lineStarts: LineTable.lineStarts(of: bytes), length: bytes.count,
            bomShift: LineTable.hasByteOrderMark(bytes) ? 3 : 0, contentStart: contentStart,
            mapOffset: mapOffset, bytes: bytes)
        var blocks: [Block] = []
        var node = cmark_node_first_child(root)
        while let current = node {
            let start = reader.bufferOffset(
                line: cmark_node_get_start_line(current), column: cmark_node_get_start_column(current))
            if start >= contentEnd { break }
            if start >= contentStart {
                blocks.append(reader.block(current))
            }
            node = cmark_node_next(current)
        }
        if literals != nil { literals = reader.literalRanges(root) }
        return blocks
    }

    /// Buffer ranges of the code blocks and HTML blocks under `root`, in
    /// order. Walks block nodes only (iteratively), never inlines.
    ///
    /// A nested block ends with its containers at the latest: cmark ends a
    /// fenced code block that its container's end closed (`- x` /
    /// `  ```` / `[a]: /u`) on the line that closed it, which belongs to no
    /// container and may hold a definition (as ``ReferenceKeys/gaps(of:excluding:)``
    /// caps it).
    ///
    /// - Complexity: O(block nodes).
    func literalRanges(_ root: OpaquePointer) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // The last line of the innermost container around the walk's
        // position (the smallest of its ancestors' last lines), per level.
        var caps: [Int] = []
        var node = cmark_node_first_child(root)
        while let current = node {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK {
                let start = bufferOffset(
                    line: cmark_node_get_start_line(current), column: cmark_node_get_start_column(current))
                // To the end of the block's last line. cmark reports the
                // line before it as the end of an HTML block that its end
                // condition closed (`<!DOCTYPE html>` alone on its line
                // ends on the line before it), so an HTML block ends no
                // earlier than its literal's lines say.
                var endLine = lastLine(current)
                endLine = min(endLine, caps.last ?? endLine)
                let end = endLine >= 1 && endLine < lineStarts.count ? lineStarts[endLine] : length
                ranges.append(start..<max(start, end))
            }
            if isContainer(current), let child = cmark_node_first_child(current) {
                caps.append(min(Int(cmark_node_get_end_line(current)), caps.last ?? .max))
                node = child
                continue
            }
            // The next block: a sibling, or the sibling of the nearest ancestor that has one.
            var climb: OpaquePointer? = current
            node = nil
            while let at = climb, at != root {
                if let next = cmark_node_next(at) {
                    node = next
                    break
                }
                climb = cmark_node_parent(at)
                if climb != root { caps.removeLast() }
            }
        }
        return ranges
    }

    /// The buffer offset of a cmark (line, column) position; column 0 means
    /// "before the first byte of the line".
    func bufferOffset(line: Int32, column: Int32) -> Int {
        let lineIndex = max(0, min(Int(line) - 1, lineStarts.count - 1))
        var offset = lineStarts[lineIndex] + max(0, Int(column) - 1)
        if lineIndex == 0 { offset += bomShift }
        return min(offset, length)
    }

    /// The last line (1-based) of a block: its end line, except for an
    /// HTML block that its end condition closed, which cmark ends on the
    /// line before the one that closed it (`<!--` / `c -->` ends on the
    /// `<!--` line); its literal's lines say where it really ends.
    private func lastLine(_ node: OpaquePointer) -> Int {
        let endLine = Int(cmark_node_get_end_line(node))
        guard cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK, let literal = cmark_node_get_literal(node)
        else { return endLine }
        var lines = 0
        var byte = literal
        while byte.pointee != 0 {
            if byte.pointee == 0x0A { lines += 1 }
            byte += 1
        }
        return max(endLine, Int(cmark_node_get_start_line(node)) + lines - 1)
    }

    private func range(_ node: OpaquePointer) -> Range<Int> {
        let start = bufferOffset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node))
        let endLine = cmark_node_get_end_line(node)
        let endColumn = cmark_node_get_end_column(node)
        var end: Int
        if case let last = lastLine(node), last > endLine {
            end = lineEnd(last)
        } else if endLine < 1 {
            end = start
        } else {
            // end_column is inclusive (1-based): the end offset is one past it.
            end = bufferOffset(line: endLine, column: endColumn) + (endColumn > 0 ? 1 : 0)
        }
        end = min(max(end, start), length)
        return mapOffset(start)..<mapOffset(end)
    }

    /// The buffer offset where line `line` (1-based) ends, before its line ending.
    private func lineEnd(_ line: Int) -> Int {
        var end = line < lineStarts.count ? lineStarts[line] : length
        if end > 0, end <= length, bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0, end <= length, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Converts one cmark block and its descendants.
    ///
    /// Iterative (an explicit stack of open containers), so any nesting
    /// depth converts on any thread's stack.
    ///
    /// - Complexity: O(size of the subtree).
    func block(_ root: OpaquePointer) -> Block {
        var open: [(node: OpaquePointer, children: [Block])] = []
        var node = root
        while true {
            var finished: Block
            if isContainer(node) {
                if let child = cmark_node_first_child(node) {
                    open.append((node, []))
                    node = child
                    continue
                }
                finished = container(node, children: [])
            } else {
                finished = leaf(node)
            }
            // Hand the finished block to its container; close containers
            // whose last child it was.
            var finishedNode = node
            while true {
                guard !open.isEmpty else { return finished }
                open[open.count - 1].children.append(finished)
                if let next = cmark_node_next(finishedNode) {
                    node = next
                    break
                }
                let frame = open.removeLast()
                finished = container(frame.node, children: frame.children)
                finishedNode = frame.node
            }
        }
    }

    private func isContainer(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM: true
        default: false
        }
    }

    /// A block quote, list or item with its converted children.
    private func container(_ node: OpaquePointer, children: [Block]) -> Block {
        let range = range(node)
        let id = BlockID.source(range.lowerBound)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            return Block(id: id, kind: .blockQuote, range: range, children: children)
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let delimiter: ListAttributes.Delimiter =
                switch cmark_node_get_list_delim(node) {
                case CMARK_PERIOD_DELIM: .period
                case CMARK_PAREN_DELIM: .paren
                default: .none
                }
            let attributes = ListAttributes(
                kind: ordered ? .ordered : .bullet,
                start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                delimiter: ordered ? delimiter : .none,
                tight: cmark_node_get_list_tight(node) != 0)
            return Block(id: .list(range.lowerBound), kind: .list(attributes), range: range, children: children)
        default:  // CMARK_NODE_ITEM
            return Block(id: id, kind: .item(task: nil), range: range, children: children)
        }
    }

    /// A leaf block (no block children).
    private func leaf(_ node: OpaquePointer) -> Block {
        let range = range(node)
        let id = BlockID.source(range.lowerBound)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK:
            let start = bufferOffset(
                line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node))
            let literal = string(cmark_node_get_literal(node))
            let info = string(cmark_node_get_fence_info(node))
            let attributes = CodeBlockAttributes(
                info: info, literal: literal,
                fenced: CodeBlockAttributes.isFenced(
                    line: UnsafeBufferPointer(rebasing: bytes[start...]), literal: literal, info: info))
            return Block(id: id, kind: .codeBlock(attributes), range: range)
        case CMARK_NODE_HTML_BLOCK:
            return Block(id: id, kind: .htmlBlock(literal: string(cmark_node_get_literal(node))), range: range)
        case CMARK_NODE_HEADING:
            return Block(
                id: id,
                kind: .heading(level: Int(cmark_node_get_heading_level(node)), inlines: inlines(node)),
                range: range)
        case CMARK_NODE_THEMATIC_BREAK:
            return Block(id: id, kind: .thematicBreak, range: range)
        default:  // CMARK_NODE_PARAGRAPH (custom blocks are never produced by the parser)
            return Block(id: id, kind: .paragraph(inlines: inlines(node)), range: range)
        }
    }

    /// Inlines being collected for one container (the block, or an open
    /// emphasis, strong, link or image).
    private struct InlineFrame {
        /// The container node.
        var node: OpaquePointer
        /// Whether the container is nested deeper than
        /// ``InlineNesting/maximumDepth``: it is dissolved into its parent.
        var dissolved = false
        var inlines: [Inline] = []
        /// Text not yet added: cmark splits text at special characters;
        /// adjacent text nodes are merged (the merged form renders
        /// identically), by appending, so k pieces cost O(total length),
        /// and empty ones dropped.
        var text: String?

        mutating func append(_ inline: Inline) {
            if case .text(let next) = inline {
                if text == nil { text = next } else { text! += next }
                return
            }
            flush()
            inlines.append(inline)
        }

        /// Adds the pending text, unless it is empty: cmark leaves an empty
        /// text node where it stripped the spaces before a hard line break
        /// (`*e*  ` and a line ending). The extension layer drops such
        /// nodes when it runs on a paragraph, and it runs only on
        /// paragraphs whose text may hold an extension, so keeping them
        /// would make a paragraph's first lines depend on its later ones.
        mutating func flush() {
            if let pending = text {
                if !pending.isEmpty { inlines.append(.text(pending)) }
                text = nil
            }
        }
    }

    /// The inline children of `root`, converted.
    ///
    /// Iterative (an explicit stack of open inline containers), so any
    /// nesting depth converts on any thread's stack. Containers nested
    /// deeper than ``InlineNesting/maximumDepth`` are dissolved: their
    /// content goes to their parent, so no text is lost.
    ///
    /// - Complexity: O(size of the subtree).
    func inlines(_ root: OpaquePointer) -> [Inline] {
        var open = [InlineFrame(node: root)]
        var next = cmark_node_first_child(root)
        while true {
            if let node = next {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                    if let child = cmark_node_first_child(node) {
                        // `open.count` is the new container's depth (the root is open[0]).
                        open.append(InlineFrame(node: node, dissolved: open.count > InlineNesting.maximumDepth))
                        next = child
                        continue
                    }
                    if open.count <= InlineNesting.maximumDepth {
                        open[open.count - 1].append(container(node, children: []))
                    }
                default:
                    open[open.count - 1].append(leafInline(node))
                }
                next = cmark_node_next(node)
                continue
            }
            // The last child of the innermost open container is done.
            var frame = open.removeLast()
            frame.flush()
            if open.isEmpty { return frame.inlines }
            if frame.dissolved {
                for inline in frame.inlines { open[open.count - 1].append(inline) }
            } else {
                open[open.count - 1].append(container(frame.node, children: frame.inlines))
            }
            next = cmark_node_next(frame.node)
        }
    }

    /// An emphasis, strong, link or image with its converted children.
    private func container(_ node: OpaquePointer, children: [Inline]) -> Inline {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_EMPH: .emphasis(children)
        case CMARK_NODE_STRONG: .strong(children)
        case CMARK_NODE_LINK:
            .link(
                destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)),
                children: children)
        default:  // CMARK_NODE_IMAGE
            .image(
                source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)),
                children: children)
        }
    }

    private func leafInline(_ node: OpaquePointer) -> Inline {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: .html(string(cmark_node_get_literal(node)))
        default: .text(string(cmark_node_get_literal(node)))
        }
    }
}
