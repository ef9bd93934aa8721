import StreamMark
import Testing

/// Task items, strikethrough and autolinks in the tree.
@Suite struct InlineTreeTests {
    static func parse(_ text: String, _ extensions: ParseOptions.Extensions = .gfm) -> Block {
        MarkdownParser(options: ParseOptions(extensions: extensions)).parse(text)
    }

    static func inlines(_ text: String, _ extensions: ParseOptions.Extensions = .gfm) -> [Inline] {
        parse(text, extensions).children.first?.kind.inlines ?? []
    }

    @Test func taskItems() {
        let list = Self.parse("- [ ] todo\n- [x] done\n- [X] Done\n- [y] no\n- plain\n").children[0]
        #expect(
            list.children.map(\.kind) == [
                .item(task: .unchecked), .item(task: .checked), .item(task: .checked), .item(task: nil),
                .item(task: nil),
            ])
        #expect(list.children[0].children[0].kind.inlines == [.text("todo")])
        #expect(list.children[3].children[0].kind.inlines == [.text("[y] no")])
        // Off: plain items with the marker as text.
        let off = Self.parse("- [x] done\n", [.table]).children[0].children[0]
        #expect(off.kind == .item(task: nil))
        #expect(off.children[0].kind.inlines == [.text("[x] done")])
    }

    @Test func taskMarkersInQuotesAreText() {
        let item = Self.parse("> - [ ] a\n").children[0].children[0].children[0]
        #expect(item.kind == .item(task: nil))
    }

    @Test func strikethrough() {
        #expect(Self.inlines("~~a~~ ~b~") == [.strikethrough([.text("a")]), .text(" "), .strikethrough([.text("b")])])
        #expect(Self.inlines("x ~~~a~~~ ~~b~ ~c~~") == [.text("x ~~~a~~~ ~~b~ ~c~~")])
        #expect(Self.inlines("**~~a~~**") == [.strong([.strikethrough([.text("a")])])])
        #expect(Self.inlines("`~~a~~`") == [.code("~~a~~")])
        #expect(Self.inlines("~~a~~", [.autolink]) == [.text("~~a~~")])
    }

    @Test func autolinks() {
        #expect(
            Self.inlines("see www.a.com/x. and https://b.org/(c)) or me@d.io!") == [
                .text("see "), .link(destination: "http://www.a.com/x", title: "", children: [.text("www.a.com/x")]),
                .text(". and "),
                .link(destination: "https://b.org/(c)", title: "", children: [.text("https://b.org/(c)")]),
                .text(") or "), .link(destination: "mailto:me@d.io", title: "", children: [.text("me@d.io")]),
                .text("!"),
            ])
        #expect(
            Self.inlines("[a www.b.com](u)") == [
                .link(destination: "u", title: "", children: [.text("a www.b.com")])
            ])
        #expect(Self.inlines("www.a.com", [.table]) == [.text("www.a.com")])
    }
}
