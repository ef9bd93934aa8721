import StreamMark

/// Renders blocks as lines of terminal text: wrapped at a width measured in
/// display columns, styled with SGR escape sequences and OSC 8 hyperlinks
/// when the options allow.
///
/// ```swift
/// let renderer = TerminalRenderer(options: TerminalOptions(width: 80, color: true))
/// print(renderer.render(document: MarkdownParser().parse(text)))
/// ```
///
/// For streaming, ``makeCache()`` returns a ``RenderCache`` whose render
/// function is ``render(_:context:child:)``: each block is rendered from its
/// value and its children's cached lines, so only changed blocks are redrawn.
public struct TerminalRenderer: Sendable {
    /// How to render.
    public var options: TerminalOptions

    /// Creates a renderer.
    public init(options: TerminalOptions = TerminalOptions()) {
        self.options = options
    }

    /// The colors of the options' theme.
    var palette: TerminalPalette { options.theme.palette }

    /// The context of a top-level block: the full width.
    public var rootContext: TerminalContext { TerminalContext(width: options.width) }

    /// A render cache that renders with this renderer.
    public func makeCache() -> RenderCache<TerminalContext, [String]> {
        let renderer = self
        return RenderCache { block, context, child in
            renderer.render(block, context: context, child: child)
        }
    }

    /// Renders a whole document (one-shot), ending with a newline unless the
    /// document renders to nothing; its footnotes section, if any, last
    /// (``footnoteLines(_:in:)``).
    ///
    /// - Complexity: O(n) in the size of the document.
    public func render(document: Block) -> String {
        let cache = makeCache()
        cache.update(to: document)
        var lines = cache.output(for: cache.root, context: rootContext)
        if let section = document.children.last, case .footnotes = section.kind {
            let notes = footnoteLines(section, in: document)
            if !lines.isEmpty && !notes.isEmpty { lines.append("") }
            lines += notes
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Renders one block from its value and its children's output.
    ///
    /// - Parameters:
    ///   - block: the block.
    ///   - context: where it is laid out.
    ///   - child: the lines of child `index` rendered in a context.
    /// - Returns: the block's lines (no trailing newlines); empty when the
    ///   block shows nothing (an HTML block in safe mode).
    /// - Complexity: O(size of the block's own content + its children's lines).
    public func render(
        _ block: Block, context: TerminalContext, child: (_ index: Int, _ context: TerminalContext) -> [String]
    ) -> [String] {
        let width = context.width
        switch block.kind {
        case .document:
            return stack(block, separated: true) { child($0, TerminalContext(width: width)) }
        case .paragraph(let inlines):
            return paragraph(inlines, width: width)
        case .heading(let level, let inlines):
            return heading(level: level, inlines: inlines, width: width)
        case .thematicBreak:
            return [StyledText.encode(String(repeating: "─", count: width), style: dimStyle, options: options)]
        case .codeBlock(let attributes):
            return codeBlock(attributes)
        case .htmlBlock(let literal):
            guard options.showsHTML else { return [] }
            return codeLines(literal).map { StyledText.encode($0, style: dimStyle, options: options) }
        case .blockQuote:
            let bar = StyledText.encode("│ ", style: barStyle, options: options)
            let inner = TerminalContext(width: width - 2, listDepth: context.listDepth)
            let lines = stack(block, separated: true) { child($0, inner) }
            return lines.isEmpty ? [bar] : lines.map { $0.isEmpty ? bar : bar + $0 }
        case .alert(let kind):
            return alert(block, kind: kind, context: context, child: child)
        case .math(let tex):
            return mathBlock(tex, width: width)
        case .list(let attributes):
            return list(block, attributes: attributes, context: context, child: child)
        case .item:
            let inner = TerminalContext(width: width, listDepth: context.listDepth)
            return stack(block, separated: !context.tight) { child($0, inner) }
        case .table(let attributes):
            return table(block, attributes: attributes, width: width, child: child)
        case .tableRow(let cells):
            let layout =
                context.table
                ?? TableLayout(
                    columnWidths: cells.map { max(1, styled($0.inlines, base: .plain).width) },
                    alignments: cells.map { _ in .none })
            return tableRow(cells, layout: layout, header: false)
        case .footnoteDefinition, .footnotes:
            // A note is drawn in the section, not where it was written; the
            // section needs the document: ``footnoteLines(_:in:)``.
            return []
        }
    }

    // MARK: - Blocks

    /// Children's lines one after another, with a blank line between
    /// children when `separated`; children that render nothing are skipped.
    private func stack(_ block: Block, separated: Bool, child: (Int) -> [String]) -> [String] {
        var lines: [String] = []
        for index in block.children.indices {
            let childLines = child(index)
            if childLines.isEmpty { continue }
            if separated && !lines.isEmpty { lines.append("") }
            lines.append(contentsOf: childLines)
        }
        return lines
    }

    /// An alert: its title (bold, in the alert's colour) and its blocks,
    /// behind a bar of that colour.
    private func alert(
        _ block: Block, kind: AlertKind, context: TerminalContext, child: (Int, TerminalContext) -> [String]
    ) -> [String] {
        var style = TerminalStyle()
        style.foreground = palette.alerts[kind]
        let bar = StyledText.encode("│ ", style: style, options: options)
        style.bold = true
        let title = bar + StyledText.encode(kind.title, style: style, options: options)
        let inner = TerminalContext(width: context.width - 2, listDepth: context.listDepth)
        let lines = stack(block, separated: true) { child($0, inner) }
        return [title] + lines.map { $0.isEmpty ? bar : bar + $0 }
    }

    private var dimStyle: TerminalStyle {
        var style = TerminalStyle()
        style.dim = true
        return style
    }

    private var barStyle: TerminalStyle {
        var style = TerminalStyle()
        style.foreground = 244
        return style
    }

    private func heading(level: Int, inlines: [Inline], width: Int) -> [String] {
        var style = TerminalStyle()
        style.bold = true
        switch level {
        case 1:
            style.foreground = palette.heading1
            style.underline = true
        case 2: style.foreground = palette.heading2
        case 3: style.foreground = palette.heading3
        default: break
        }
        var text = StyledText()
        text.append(String(repeating: "#", count: level) + " ", style: style)
        append(inlines, to: &text, style: style)
        return text.wrapped(width: width).map { StyledText.encode($0, options: options) }
    }

    /// The lines of a code literal, without the final newline, tabs expanded.
    func codeLines(_ literal: String) -> [String] {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines.map { line in
            var expanded = ""
            var column = 0
            Self.appendExpandingTabs(line, to: &expanded, column: &column)
            return expanded
        }
    }

    /// Appends `text` to `expanded` with tabs expanded to the next multiple
    /// of 4 columns, `column` being the display column reached so far.
    static func appendExpandingTabs(_ text: some StringProtocol, to expanded: inout String, column: inout Int) {
        for character in text {
            if character == "\t" {
                let spaces = 4 - column % 4
                expanded += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                expanded.append(character)
                column += DisplayWidth.of(character)
            }
        }
    }

    private func list(
        _ block: Block, attributes: ListAttributes, context: TerminalContext,
        child: (Int, TerminalContext) -> [String]
    ) -> [String] {
        let bullets = ["•", "◦", "▪"]
        var markerStyle = TerminalStyle()
        markerStyle.foreground = palette.marker
        var lines: [String] = []
        for index in block.children.indices {
            var marker: String
            if attributes.kind == .ordered {
                marker = "\(attributes.start &+ index)" + (attributes.delimiter == .paren ? ")" : ".")
            } else {
                marker = bullets[context.listDepth % bullets.count]
            }
            var markerText = marker
            var taskStyle = markerStyle
            if case .item(let task?) = block.children[index].kind {
                if attributes.kind == .bullet { markerText = "" } else { markerText += " " }
                markerText += task == .checked ? "[x]" : "[ ]"
                if task == .checked { taskStyle.foreground = palette.checked }
            }
            let markerWidth = DisplayWidth.of(markerText) + 1
            let inner = TerminalContext(
                width: context.width - markerWidth, listDepth: context.listDepth + 1, tight: attributes.tight)
            let itemLines = child(index, inner)
            if !attributes.tight && !lines.isEmpty { lines.append("") }
            let first = StyledText.encode(markerText, style: taskStyle, options: options) + " "
            let indent = String(repeating: " ", count: markerWidth)
            if itemLines.isEmpty {
                lines.append(StyledText.encode(markerText, style: taskStyle, options: options))
                continue
            }
            for (lineIndex, line) in itemLines.enumerated() {
                if lineIndex == 0 {
                    lines.append(first + line)
                } else {
                    lines.append(line.isEmpty ? "" : indent + line)
                }
            }
        }
        return lines
    }

    // MARK: - Tables

    private func table(
        _ block: Block, attributes: TableAttributes, width: Int, child: (Int, TerminalContext) -> [String]
    ) -> [String] {
        let columns = attributes.alignments.count
        guard columns > 0 else { return [] }
        var natural = Array(repeating: 1, count: columns)
        var minimum = Array(repeating: 1, count: columns)
        func measure(_ cells: [TableCell]) {
            for (column, cell) in cells.prefix(columns).enumerated() {
                let text = styled(cell.inlines, base: .plain)
                natural[column] = max(natural[column], text.width)
                let longestWord = text.longestWord
                minimum[column] = max(minimum[column], min(longestWord, 12))
            }
        }
        measure(attributes.header)
        for row in block.children {
            if case .tableRow(let cells) = row.kind { measure(cells) }
        }
        let available = max(columns, width - (3 * columns + 1))
        var widths = natural
        if natural.reduce(0, +) > available {
            let floor = natural.indices.map { min(natural[$0], minimum[$0]) }
            if floor.reduce(0, +) <= available {
                // Every column gets its longest word (up to 12 columns), then
                // the rest is shared, narrowest needs first.
                widths = floor
                var extra = available - floor.reduce(0, +)
                var left = columns
                for column in natural.indices.sorted(by: { natural[$0] - floor[$0] < natural[$1] - floor[$1] }) {
                    let add = min(natural[column] - floor[column], extra / max(1, left))
                    widths[column] += add
                    extra -= add
                    left -= 1
                }
            } else {
                // Not even that fits: share the width evenly.
                var remaining = available
                var left = columns
                for column in natural.indices.sorted(by: { natural[$0] < natural[$1] }) {
                    widths[column] = max(1, min(natural[column], remaining / max(1, left)))
                    remaining -= widths[column]
                    left -= 1
                }
            }
        }
        let layout = TableLayout(columnWidths: widths, alignments: attributes.alignments)
        var border = TerminalStyle()
        border.foreground = palette.frame
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            let text = left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
            return StyledText.encode(text, style: border, options: options)
        }
        var lines = [rule("┌", "┬", "┐")]
        lines.append(contentsOf: tableRow(attributes.header, layout: layout, header: true))
        lines.append(rule("├", "┼", "┤"))
        let context = TerminalContext(width: width, table: layout)
        for index in block.children.indices {
            lines.append(contentsOf: child(index, context))
        }
        lines.append(rule("└", "┴", "┘"))
        return lines
    }

    private func tableRow(_ cells: [TableCell], layout: TableLayout, header: Bool) -> [String] {
        var border = TerminalStyle()
        border.foreground = palette.frame
        var base = TerminalStyle()
        base.bold = header
        let columns = layout.columnWidths.count
        var cellLines: [[StyledText.Line]] = []
        cellLines.reserveCapacity(columns)
        for column in 0..<columns {
            let inlines = column < cells.count ? cells[column].inlines : []
            cellLines.append(styled(inlines, base: base).wrapped(width: layout.columnWidths[column]))
        }
        let height = cellLines.map(\.count).max() ?? 1
        let bar = StyledText.encode("│", style: border, options: options)
        var out: [String] = []
        for lineIndex in 0..<height {
            var line = bar
            for column in 0..<columns {
                let content = lineIndex < cellLines[column].count ? cellLines[column][lineIndex] : StyledText.Line()
                let pad = max(0, layout.columnWidths[column] - content.width)
                let alignment = column < layout.alignments.count ? layout.alignments[column] : .none
                let (before, after): (Int, Int)
                switch alignment {
                case .right: (before, after) = (pad, 0)
                case .center: (before, after) = (pad / 2, pad - pad / 2)
                case .left, .none: (before, after) = (0, pad)
                }
                line += " " + String(repeating: " ", count: before) + StyledText.encode(content, options: options)
                line += String(repeating: " ", count: after) + " " + bar
            }
            out.append(line)
        }
        return out
    }

    // MARK: - Inlines

    /// The inlines styled and wrapped to `width`, as encoded lines.
    func wrap(_ inlines: [Inline], base: TerminalStyle, width: Int) -> [String] {
        styled(inlines, base: base).wrapped(width: width).map { StyledText.encode($0, options: options) }
    }

    private func styled(_ inlines: [Inline], base: TerminalStyle) -> StyledText {
        var text = StyledText()
        append(inlines, to: &text, style: base)
        return text
    }

    private func append(_ inlines: [Inline], to text: inout StyledText, style: TerminalStyle) {
        for inline in inlines { append(inline, to: &text, style: style) }
    }

    /// Appends one inline; without color, emphasis keeps Markdown-like
    /// markers so the structure stays visible in plain text.
    private func append(_ inline: Inline, to text: inout StyledText, style: TerminalStyle) {
        switch inline {
        case .text(let string):
            text.append(string, style: style)
        case .softBreak:
            text.append(" ", style: style)
        case .lineBreak:
            text.appendLineBreak()
        case .code(let code):
            var codeStyle = style
            if options.color {
                codeStyle.foreground = 223
                codeStyle.background = 236
                text.append(code, style: codeStyle)
            } else {
                text.append("`" + code + "`", style: codeStyle)
            }
        case .math(let tex, let display):
            appendMath(tex, display: display, to: &text, style: style)
        case .footnoteReference(let reference):
            appendFootnoteReference(reference, to: &text, style: style)
        case .html(let html):
            if options.showsHTML {
                var htmlStyle = style
                htmlStyle.dim = true
                text.append(html, style: htmlStyle)
            }
        case .emphasis(let children):
            var inner = style
            inner.italic = true
            if !options.color { text.append("*", style: style) }
            append(children, to: &text, style: inner)
            if !options.color { text.append("*", style: style) }
        case .strong(let children):
            var inner = style
            inner.bold = true
            if !options.color { text.append("**", style: style) }
            append(children, to: &text, style: inner)
            if !options.color { text.append("**", style: style) }
        case .strikethrough(let children):
            var inner = style
            inner.strikethrough = true
            if !options.color { text.append("~~", style: style) }
            append(children, to: &text, style: inner)
            if !options.color { text.append("~~", style: style) }
        case .link(let destination, _, let children):
            let url = Self.sanitizedURL(destination)
            var inner = style
            inner.underline = true
            inner.foreground = palette.link
            if options.hyperlinks { inner.link = url }
            append(children, to: &text, style: inner)
            let label = children.plainText
            if Self.showsTarget(url, of: label, hyperlinks: options.hyperlinks) {
                var urlStyle = style
                urlStyle.dim = true
                text.append(" (" + url + ")", style: urlStyle)
            }
        case .image(let source, _, let children):
            let url = Self.sanitizedURL(source)
            var inner = style
            inner.foreground = palette.image
            if options.hyperlinks { inner.link = url }
            text.append("[image: ", style: inner)
            append(children, to: &text, style: inner)
            text.append("]", style: inner)
            if !url.isEmpty {
                var urlStyle = style
                urlStyle.dim = true
                text.append(" (" + url + ")", style: urlStyle)
            }
        }
    }

    /// A URL without control characters (they would end an OSC sequence).
    static func sanitizedURL(_ url: String) -> String {
        String(
            String.UnicodeScalarView(
                url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) })
        )
    }
}
