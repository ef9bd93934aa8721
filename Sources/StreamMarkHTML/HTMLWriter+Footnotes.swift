import StreamMark

extension HTMLWriter {
    /// Records every footnote definition under `root` by id, for the
    /// section to find.
    ///
    /// - Complexity: O(n) in the size of the tree (no recursion).
    mutating func collectNotes(_ root: Block) {
        var stack = [root]
        while let block = stack.popLast() {
            if case .footnoteDefinition = block.kind { notes[block.id] = block }
            stack.append(contentsOf: block.children)
        }
    }

    /// The footnotes section as cmark-gfm's `footnotes` extension writes
    /// it: the listed notes in order inside `<section class="footnotes"
    /// data-footnotes><ol>`.
    mutating func writeFootnotes(_ ids: [BlockID]) {
        cr()
        put("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
        for id in ids {
            guard let note = notes[id], case .footnoteDefinition(let definition) = note.kind else { continue }
            writeNote(note, definition)
        }
        put("</ol>\n</section>\n")
    }

    /// One note: `<li id="fn-LABEL">`, its blocks (notes nested in it are
    /// listed on their own), and its back-references, inside its last
    /// block when that is a paragraph, else on a line of their own.
    private mutating func writeNote(_ note: Block, _ definition: FootnoteDefinition) {
        cr()
        put("<li id=\"fn-")
        writeHref(definition.label)
        put("\">\n")
        let children = note.children.filter {
            if case .footnoteDefinition = $0.kind { return false }
            return true
        }
        for (index, child) in children.enumerated() {
            if index == children.count - 1, case .paragraph(let inlines) = child.kind {
                cr()
                put("<p>")
                writeInlines(inlines)
                put(" ")
                writeBackReferences(definition)
                put("</p>\n")
                put("</li>\n")
                return
            }
            write(child, inTightList: false)
        }
        cr()
        writeBackReferences(definition)
        put("\n</li>\n")
    }

    /// The links back to each reference of a note, on one line.
    private mutating func writeBackReferences(_ definition: FootnoteDefinition) {
        for occurrence in 1...max(1, definition.referenceCount) {
            if occurrence > 1 { put(" ") }
            put("<a href=\"#fnref-")
            writeHref(definition.label)
            if occurrence > 1 { put("-\(occurrence)") }
            put("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">\u{21A9}")
            if occurrence > 1 { put("<sup class=\"footnote-ref\">\(occurrence)</sup>") }
            put("</a>")
        }
    }

    /// A reference: a superscript link to its note, or its source text
    /// while undefined (its ``FootnoteReference/fallback``, e-mail
    /// addresses linked, if it has one).
    mutating func writeFootnoteReference(_ reference: FootnoteReference) {
        guard reference.isResolved else {
            guard let fallback = reference.fallback else { return escapeHTML(reference.sourceText) }
            return writeInlines(fallback)
        }
        put("<sup class=\"footnote-ref\"><a href=\"#fn-")
        writeHref(reference.label)
        put("\" id=\"fnref-")
        writeHref(reference.label)
        if reference.occurrence > 1 { put("-\(reference.occurrence)") }
        put("\" data-footnote-ref>\(reference.number)</a></sup>")
    }
}
