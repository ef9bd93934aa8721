import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTemplates
import StreamMarkTestSupport
import Testing

/// Escaped interpolation keeps data literal: the parsed text equals the data
/// and no structure (blocks, emphasis, code, links, HTML) appears.
@Suite struct TemplateEscapingTests {
    static let hostile: [String] = [
        "*not emphasis* and **not strong**",
        "# not a heading",
        "| not | a | table |\n|---|---|",
        "<script>alert(1)</script>",
        "`not code` and ``more``",
        "line one\nline two\n\n- not a list\n> not a quote\n```\nnot a fence",
        "1. not an ordered list",
        "    four leading spaces",
        "trailing spaces  ",
        "a\tb\r\nc",
        "[not a link](/x) ![not an image](x.png) [ref]",
        "&amp; &#65; &copy; are not entities",
        "\\*backslashes\\* stay \\",
        "_not em_ __not strong__",
        "---",
        "===",
        "- [ ] not a task",
        "<!-- not a comment -->",
        "",
    ]

    /// Data that only the GitHub extensions could read as structure
    /// (strikethrough, extended autolinks). Checked with extensions off, and
    /// against cmark-gfm itself (`extensionDataStaysTextInCmarkGFM`).
    static let extensionHostile: [String] = [
        "~~not struck~~ ~nor this~",
        "www.example.com and https://example.com/a_b and ftp://x.org",
        "[not a link](http://example.com)",
    ]

    /// True if `inlines` hold only text (no emphasis, code, link, html…).
    private func onlyText(_ inlines: [Inline]) -> Bool {
        inlines.allSatisfy { if case .text = $0 { return true } else { return false } }
    }

    /// The one leaf that the template `context` renders `value` into.
    private func leaves(_ template: String, _ value: String, options: TemplateOptions = TemplateOptions()) throws
        -> [Block]
    {
        let rendering = try Template(template).render(.object(["x": .string(value)]), options: options)
        var leaves: [Block] = []
        rendering.document.forEach { if !$0.kind.isContainer { leaves.append($0) } }
        return leaves
    }

    @Test(arguments: hostile)
    func paragraphText(_ value: String) throws {
        let found = try leaves("Before {{x}} after\n", value)
        #expect(found.count == 1)
        #expect(found.first?.kind.name == "paragraph")
        let inlines = found.first?.kind.inlines ?? []
        #expect(onlyText(inlines))
        #expect(inlines.plainText == "Before " + value + " after")
    }

    @Test(arguments: hostile)
    func wholeParagraph(_ value: String) throws {
        let found = try leaves("{{x}}\n", value)
        if value.isEmpty {
            #expect(found.isEmpty)
            return
        }
        #expect(found.count == 1)
        #expect(found.first?.kind.name == "paragraph")
        #expect(onlyText(found.first?.kind.inlines ?? []))
        #expect(found.first?.kind.inlines?.plainText == value)
    }

    @Test(arguments: hostile)
    func headingText(_ value: String) throws {
        let found = try leaves("## {{x}} ##\n\nAfter\n", value)
        #expect(found.map(\.kind.name) == ["heading", "paragraph"])
        #expect(onlyText(found.first?.kind.inlines ?? []))
        #expect(found.first?.kind.inlines?.plainText == value)
    }

    @Test(arguments: hostile)
    func listItemText(_ value: String) throws {
        let rendering = try Template("- {{x}}\n- second\n").render(.object(["x": .string(value)]))
        let list = rendering.document.children
        #expect(list.count == 1)
        #expect(list.first?.children.count == 2)
        let first = list.first?.children.first?.children ?? []
        if value.isEmpty {
            #expect(first.isEmpty)
        } else {
            #expect(first.count == 1)
            #expect(onlyText(first.first?.kind.inlines ?? []))
            #expect(first.first?.kind.inlines?.plainText == value)
        }
    }

    @Test(arguments: hostile)
    func htmlShowsTheTextEscaped(_ value: String) throws {
        let rendering = try Template("{{x}}\n").render(.object(["x": .string("<script>" + value)]))
        let html = HTMLRenderer(options: HTMLRenderer.RenderOptions(unsafe: true)).render(rendering.document)
        #expect(html.hasPrefix("<p>&lt;script&gt;"))
        #expect(!html.contains("<script>"))
        #expect(
            !html.contains("<em>") && !html.contains("<strong>") && !html.contains("<code>") && !html.contains("<a "))
    }

    @Test(arguments: hostile + extensionHostile)
    func plainCommonMark(_ value: String) throws {
        let found = try leaves("Before {{x}} after\n", value, options: TemplateOptions(parseOptions: .commonMark))
        #expect(found.count == 1)
        #expect(onlyText(found.first?.kind.inlines ?? []))
        #expect(found.first?.kind.inlines?.plainText == "Before " + value + " after")
    }

    @Test(arguments: hostile + extensionHostile)
    func extensionDataStaysTextInCmarkGFM(_ value: String) throws {
        let markdown = try Template("- [ ] {{x}}\n\n| a |\n| - |\n| {{x}} |\n").render(.object(["x": .string(value)]))
            .markdown
        let html = try Self.cmarkGFM(markdown)
        #expect(!html.contains("<del>") && !html.contains("<a ") && !html.contains("<em>") && !html.contains("<code>"))
        #expect(html.contains("<table>") && html.contains("<input type=\"checkbox\""))
        #expect(html.components(separatedBy: "<td>").count == 2, "one body cell: \(html)")
    }

    /// Data that footnote syntax could read as a reference or a definition:
    /// `[` becomes `&#91;` and `^` `\^`, so `[^` never reaches the parser.
    static let footnoteHostile: [String] = [
        "[^x]", "[^x]: not a note", "a[^1] b[^x]", "[^", "^]", "[^x]:\n[^x]", "[^ x ]", "\\[^x]",
    ]

    @Test(arguments: footnoteHostile)
    func footnoteDataStaysText(_ value: String) throws {
        let options = TemplateOptions(parseOptions: ParseOptions(extensions: [.standard, .footnotes]))
        for template in ["Before {{x}} after\n", "{{x}}\n", "- {{x}}\n"] {
            let found = try leaves(template, value, options: options)
            #expect(found.count == 1, "\(template)")
            let inlines = found.first?.kind.inlines ?? []
            #expect(onlyText(inlines), "\(template)")
            let expected = template.hasPrefix("Before") ? "Before " + value + " after" : value
            #expect(inlines.plainText == expected, "\(template)")
        }
        #expect(!MarkdownEscaperProbe.escaped(value).contains("[^"))
    }

    /// cmark-gfm's own `footnotes` extension finds no reference or note in
    /// the escaped data, though the template defines note `x`.
    @Test(arguments: footnoteHostile)
    func footnoteDataStaysTextInCmarkGFM(_ value: String) throws {
        let markdown = try Template("{{x}}\n\nSee {{x}}.\n\n> {{x}}\n\n[^x]: a real note\n")
            .render(.object(["x": .string(value)])).markdown
        let html = try CmarkGFM.html(markdown, extensions: ["footnotes"])
        #expect(!html.contains("footnote"), "\(html)")
        // The template's own reference works: the check can see one.
        let referenced = try CmarkGFM.html(markdown + "\nref[^x]\n", extensions: ["footnotes"])
        #expect(referenced.contains("data-footnote-ref"))
    }

    /// Renders `markdown` with the `cmark-gfm` CLI and all its extensions.
    static func cmarkGFM(_ markdown: String) throws -> String { try CmarkGFM.html(markdown) }

    @Test func rawInterpolationIsMarkdown() throws {
        let rendering = try Template("{{{x}}}\n").render(.object(["x": .string("*a* and `b`")]))
        #expect(
            rendering.document.children.first?.kind
                == .paragraph(inlines: [.emphasis([.text("a")]), .text(" and "), .code("b")]))
    }

    @Test func numbersAndBooleans() throws {
        let rendering = try Template("{{n}} {{f}} {{t}} {{missing}}|\n").render(
            try JSONValue(parsing: #"{"n": 1.5e3, "f": 0.25, "t": true}"#))
        #expect(rendering.document.children.first?.kind.inlines?.plainText == "1500 0.25 true |")
    }
}

/// The escaped form of data, as `{{x}}` interpolates it (through a
/// template, since the escaper is internal).
enum MarkdownEscaperProbe {
    static func escaped(_ value: String) -> String {
        let markdown = (try? Template("{{x}}").render(.object(["x": .string(value)]))).map(\.markdown)
        return markdown ?? ""
    }
}
