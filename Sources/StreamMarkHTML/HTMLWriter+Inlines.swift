import StreamMark

extension HTMLWriter {
    /// One step of the iterative inline walk.
    private enum InlineStep {
        /// Write an inline.
        case inline(Inline)
        /// Write closing markup.
        case markup(String)
    }

    /// Writes inline content as cmark does.
    ///
    /// - Complexity: O(n) in the size of the inlines, with a heap-allocated
    ///   stack (no recursion).
    mutating func writeInlines(_ inlines: [Inline]) {
        var stack: [InlineStep] = inlines.reversed().map { .inline($0) }
        while let step = stack.popLast() {
            let inline: Inline
            switch step {
            case .markup(let markup):
                put(markup)
                continue
            case .inline(let next):
                inline = next
            }
            let children: [Inline]
            switch inline {
            case .text(let text):
                escapeHTML(text)
                continue
            case .softBreak:
                if options.hardBreaks {
                    put("<br />\n")
                } else if options.noBreaks {
                    put(byte: UInt8(ascii: " "))
                } else {
                    put(byte: UInt8(ascii: "\n"))
                }
                continue
            case .lineBreak:
                put("<br />\n")
                continue
            case .code(let code):
                put("<code>")
                escapeHTML(code)
                put("</code>")
                continue
            case .html(let html):
                writeRawHTML(html)
                continue
            case .math(let tex, let display):
                writeMath(tex, display: display)
                continue
            case .footnoteReference(let reference):
                writeFootnoteReference(reference)
                continue
            case .image(let source, let title, let alt):
                put("<img src=\"")
                writeURL(source)
                put("\" alt=\"")
                writePlainText(alt)
                if !title.isEmpty {
                    put("\" title=\"")
                    escapeHTML(title)
                }
                put("\" />")
                continue
            case .emphasis(let content):
                put("<em>")
                stack.append(.markup("</em>"))
                children = content
            case .strong(let content):
                put("<strong>")
                stack.append(.markup("</strong>"))
                children = content
            case .strikethrough(let content):
                put("<del>")
                stack.append(.markup("</del>"))
                children = content
            case .link(let destination, let title, let content):
                put("<a href=\"")
                writeURL(destination)
                if !title.isEmpty {
                    put("\" title=\"")
                    escapeHTML(title)
                }
                put("\">")
                stack.append(.markup("</a>"))
                children = content
            }
            for child in children.reversed() { stack.append(.inline(child)) }
        }
    }

    /// Writes math as `pandoc --mathjax` does, the form KaTeX's and
    /// MathJax's auto-render find: `<span class="math inline">\(…\)</span>`
    /// or `<span class="math display">\[…\]</span>`, the TeX escaped.
    mutating func writeMath(_ tex: String, display: Bool) {
        put(display ? #"<span class="math display">\["# : #"<span class="math inline">\("#)
        escapeHTML(tex)
        put(display ? #"\]</span>"# : #"\)</span>"#)
    }

    /// Writes inlines as image alt text, as cmark's "plain" mode does: the
    /// escaped literal of text, code spans and raw HTML (raw HTML is
    /// escaped, never omitted), a space for each line break, and the
    /// content of every other inline without its markup.
    ///
    /// - Complexity: O(n) in the size of the inlines (no recursion).
    mutating func writePlainText(_ inlines: [Inline]) {
        var stack: [Inline] = inlines.reversed()
        while let inline = stack.popLast() {
            switch inline {
            case .text(let text), .code(let text), .html(let text), .math(let text, _):
                escapeHTML(text)
            case .softBreak, .lineBreak:
                put(byte: UInt8(ascii: " "))
            case .footnoteReference(let reference):
                // cmark-gfm writes nothing for a note's number in alt text.
                if !reference.isResolved { escapeHTML(reference.sourceText) }
            case .emphasis(let content), .strong(let content), .strikethrough(let content),
                .link(_, _, let content), .image(_, _, let content):
                stack.append(contentsOf: content.reversed())
            }
        }
    }
}
