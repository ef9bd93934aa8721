import StreamMark
import StreamMarkHighlight

extension HTMLWriter {
    /// One step of the iterative block walk.
    private enum BlockStep {
        /// Open a block. `inTightList` is true for an item of a tight list
        /// and for a direct child of such an item.
        case enter(Block, inTightList: Bool)
        /// Close a container.
        case exit(BlockKind)
    }

    /// Writes `root` and its subtree as cmark's `cmark_render_html` walks a
    /// tree: open tag on entering, close tag on exiting.
    ///
    /// - Complexity: O(n) in the size of the subtree, with a heap-allocated
    ///   stack (no recursion).
    mutating func write(_ root: Block, inTightList: Bool) {
        reserve(root.range.count + root.range.count / 4)
        var stack: [BlockStep] = [.enter(root, inTightList: inTightList)]
        while let step = stack.popLast() {
            switch step {
            case .exit(let kind):
                close(kind)
            case .enter(let block, let inTightList):
                let childrenInTightList: Bool
                switch block.kind {
                case .document:
                    if case .footnotes? = block.children.last?.kind, notes.isEmpty { collectNotes(block) }
                    childrenInTightList = false
                case .footnoteDefinition:
                    // Drawn in the footnotes section, not where it was written.
                    continue
                case .footnotes(let ids):
                    writeFootnotes(ids)
                    continue
                case .blockQuote, .list, .alert:
                    childrenInTightList = open(block.kind)
                case .item(let task):
                    cr()
                    put("<li>")
                    switch task {
                    case .unchecked?: put("<input type=\"checkbox\" disabled=\"\" /> ")
                    case .checked?: put("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
                    case nil: break
                    }
                    childrenInTightList = inTightList
                case .table(let attributes):
                    writeTable(attributes, rows: block.children)
                    continue
                case .tableRow(let cells):
                    writeStandaloneRow(cells)
                    continue
                case .codeBlock(let attributes):
                    writeCodeBlock(attributes)
                    continue
                case .math(let tex):
                    // A paragraph of display math, as pandoc writes `$$…$$`.
                    cr()
                    put("<p>")
                    writeMath(tex.hasSuffix("\n") ? String(tex.dropLast()) : tex, display: true)
                    put("</p>\n")
                    continue
                case .htmlBlock(let literal):
                    cr()
                    writeRawHTML(literal)
                    cr()
                    continue
                case .paragraph(let inlines):
                    if inTightList {
                        writeInlines(inlines)
                    } else {
                        cr()
                        put("<p>")
                        writeInlines(inlines)
                        put("</p>\n")
                    }
                    continue
                case .heading(let level, let inlines):
                    cr()
                    put("<h\(level)>")
                    writeInlines(inlines)
                    put("</h\(level)>\n")
                    continue
                case .thematicBreak:
                    cr()
                    put("<hr />\n")
                    continue
                }
                stack.append(.exit(block.kind))
                for child in block.children.reversed() {
                    stack.append(.enter(child, inTightList: childrenInTightList))
                }
            }
        }
    }

    /// The opening markup of a block quote, alert or list; returns whether the
    /// children are in a tight list.
    mutating func open(_ kind: BlockKind) -> Bool {
        switch kind {
        case .blockQuote:
            cr()
            put("<blockquote>\n")
            return false
        case .alert(let alert):
            // As GitHub writes it (without the title's icon).
            cr()
            put("<div class=\"markdown-alert markdown-alert-\(alert.rawValue)\">\n")
            put("<p class=\"markdown-alert-title\">\(alert.title)</p>\n")
            return false
        case .list(let attributes):
            cr()
            if attributes.kind == .bullet {
                put("<ul>\n")
            } else if attributes.start == 1 {
                put("<ol>\n")
            } else {
                put("<ol start=\"\(attributes.start)\">\n")
            }
            return attributes.tight
        default:
            return false
        }
    }

    /// The closing markup of a container.
    mutating func close(_ kind: BlockKind) {
        switch kind {
        case .blockQuote:
            cr()
            put("</blockquote>\n")
        case .alert:
            cr()
            put("</div>\n")
        case .list(let attributes):
            put(attributes.kind == .bullet ? "</ul>\n" : "</ol>\n")
        case .item:
            put("</li>\n")
        default:
            break
        }
    }

    /// A code block: `<pre><code>`, with `class="language-…"` from the
    /// info string's first word (up to the first space, tab, newline,
    /// vertical tab, form feed or carriage return) when there is an info
    /// string.
    private mutating func writeCodeBlock(_ attributes: CodeBlockAttributes) {
        cr()
        if attributes.info.isEmpty {
            put("<pre><code>")
        } else {
            put("<pre><code class=\"language-")
            var info = attributes.info
            info.withUTF8 { buffer in
                var end = 0
                while end < buffer.count, !Self.isSpace(buffer[end]) { end += 1 }
                escapeHTML(bytes: UnsafeBufferPointer(rebasing: buffer[0..<end]))
            }
            put("\">")
        }
        if options.highlight, let language = HighlightLanguage(infoString: attributes.info), language != .plainText {
            writeHighlightedCode(attributes.literal, language: language)
        } else {
            escapeHTML(attributes.literal)
        }
        put("</code></pre>\n")
    }

    /// The literal with each token of each line in a
    /// `<span class="hljs-KIND">` (a scope with a dot as two classes, as
    /// highlight.js writes them); the text is escaped exactly as without.
    ///
    /// - Complexity: O(literal).
    private mutating func writeHighlightedCode(_ literal: String, language: HighlightLanguage) {
        var literal = literal
        literal.withUTF8 { bytes in
            var state = HighlightState.initial
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                let highlighted = language.highlight(line: line, after: state)
                writeLine(line, tokens: highlighted.tokens)
                state = highlighted.state
                if lineEnd < bytes.count { put(byte: 0x0A) }
                lineStart = lineEnd + 1
            }
        }
    }

    private mutating func writeLine(_ line: UnsafeBufferPointer<UInt8>, tokens: [HighlightToken]) {
        var at = 0
        for token in tokens where token.range.upperBound <= line.count {
            escapeHTML(bytes: UnsafeBufferPointer(rebasing: line[at..<token.range.lowerBound]))
            put("<span class=\"")
            put(token.kind.cssClasses)
            put("\">")
            escapeHTML(bytes: UnsafeBufferPointer(rebasing: line[token.range]))
            put("</span>")
            at = token.range.upperBound
        }
        escapeHTML(bytes: UnsafeBufferPointer(rebasing: line[at...]))
    }

    /// cmark's `cmark_isspace`.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
