import StreamMark
import Testing

/// The hard cases of streaming CommonMark, by name. Each streams its text one
/// byte at a time through the prefix-identity harness (one-shot equality at
/// every prefix, patch replay, unique ids, closed blocks stay closed) and then
/// checks the identity behaviour the case is about.
@Suite struct StreamingHardCaseTests {
    /// Streams `steps` (each appended as one chunk) and returns the patches of each step.
    func stream(_ steps: [String], options: ParseOptions = .commonMark) -> (StreamingDocument, [[Patch]]) {
        var document = StreamingDocument(options: options)
        var all: [[Patch]] = []
        for step in steps { all.append(document.append(step)) }
        return (document, all)
    }

    func harness(_ text: String, options: ParseOptions = .commonMark) {
        for chunking in [PrefixHarness.Chunking.everyByte, .lines, .random(seed: 7)] {
            let report = PrefixHarness(options: options).verify(
                name: "case", bytes: Array(text.utf8), chunking: chunking)
            #expect(report.passed, "\(chunking): \(report.violations.map(\.description))")
        }
    }

    func removed(_ patches: [Patch]) -> [BlockID] {
        patches.compactMap { if case .remove(let id) = $0 { id } else { nil } }
    }

    func updated(_ patches: [Patch]) -> [BlockID] {
        patches.compactMap { if case .update(let id, _) = $0 { id } else { nil } }
    }

    @Test func setextUnderlineArrivingLater() {
        let text = "Intro.\n\nA title\nthat wraps\n---\n\nAfter.\n"
        harness(text)
        let (document, patches) = stream(["Intro.\n\nA title\nthat wraps\n", "--", "-\n\nAfter.\n"])
        // The paragraph at byte 8 becomes a heading: an update of the same id.
        #expect(updated(patches[1]).contains("e8"))
        #expect(removed(patches[1]).isEmpty)
        #expect(document.root.children.map(\.kind.name) == ["paragraph", "heading", "paragraph"])
        #expect(document.root.children[1].id == "e8")
    }

    @Test func lazyContinuation() {
        let text = "> quoted line\nlazy continuation\n\n- item\nlazy item line\n"
        harness(text)
        let (_, patches) = stream(["> quoted line\n", "lazy continuation\n"])
        // The lazy line extends the quoted paragraph (e2): update, no new block.
        #expect(updated(patches[1]).contains("e2"))
        #expect(!patches[1].contains { if case .insert = $0 { true } else { false } })
    }

    @Test func listTurningLoose() {
        let text = "- one\n- two\n\n- three\n"
        harness(text)
        let (document, patches) = stream(["- one\n- two\n", "\n- three\n"])
        guard case .list(let before) = stream(["- one\n- two\n"]).0.root.children[0].kind,
            case .list(let after) = document.root.children[0].kind
        else {
            Issue.record("expected a list")
            return
        }
        #expect(before.tight && !after.tight)
        #expect(updated(patches[1]).contains("e0.list"))
    }

    @Test func indentedCodeAcrossBlankLines() {
        let text = "    code one\n\n\n    code two\nparagraph\n"
        harness(text)
        let (document, _) = stream(["    code one\n\n", "\n    code two\n"])
        guard case .codeBlock(let code) = document.root.children[0].kind else {
            Issue.record("expected code")
            return
        }
        #expect(code.literal == "code one\n\n\ncode two\n")
    }

    @Test func unclosedFenceSwallowsTheRestThenCloses() {
        let text = "Before\n\n```swift\nlet a = 1\n# not a heading\n- not a list\n```\n\n# Heading\n"
        harness(text)
        let (document, patches) = stream([
            "Before\n\n```swift\nlet a = 1\n", "# not a heading\n- not a list\n", "```\n\n# Heading\n",
        ])
        #expect(document.root.children.map(\.kind.name) == ["paragraph", "code_block", "heading"])
        // The code block (e8) grew by updates and was never removed.
        #expect(updated(patches[1]).contains("e8"))
        #expect(patches.allSatisfy { removed($0).isEmpty })
    }

    @Test(arguments: [
        "<script>\nlet x = 1\n\nstill script\n</script>\nafter\n",  // type 1
        "<!-- comment\n\nstill comment -->\nafter\n",  // type 2
        "<?php\n\necho 1;\n?>\nafter\n",  // type 3
        "<!DOCTYPE html>\nafter\n",  // type 4
        "<![CDATA[\n\ndata\n]]>\nafter\n",  // type 5
        "<div>\n*not emphasis*\n\n*emphasis*\n",  // type 6
        "<custom-tag attr=\"1\">\ntext\n\nafter\n",  // type 7
    ])
    func htmlBlocks(text: String) {
        harness(text)
        let (document, _) = stream([text])
        #expect(document.root.children.first?.kind.name == "html_block")
    }

    @Test func referenceDefinitionAtTheVeryEnd() {
        let text = "See [the docs] and [other].\n\nUnrelated paragraph.\n\n[the docs]: https://example.com/docs\n"
        harness(text)
        let (document, patches) = stream([
            "See [the docs] and [other].\n\nUnrelated paragraph.\n\n", "[the docs]: https://example.com/do",
            "cs\n",
        ])
        // The first paragraph was closed before the definition arrived ...
        #expect(patches[0].contains(.close(id: "e0")))
        // ... and is updated (same id) when it arrives; the unrelated paragraph is not.
        #expect(updated(patches[1]).contains("e0"))
        #expect(!updated(patches[1]).contains("e29"))
        #expect(updated(patches[2]).contains("e0"))
        #expect(document.root == MarkdownParser(options: .commonMark).parse(text))
        guard case .paragraph(let inlines) = document.root.children[0].kind else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(
            inlines.contains(.link(destination: "https://example.com/docs", title: "", children: [.text("the docs")])))
    }

    @Test func entityAndEscapeSplitAcrossChunks() {
        let text = "Caf&eacute; &#x41; \\* not emphasis \\\nline\n"
        harness(text)
        let (document, _) = stream(["Caf&eac", "ute; &#x", "41; \\", "* not emphasis \\", "\nline\n"])
        guard case .paragraph(let inlines) = document.root.children[0].kind else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(inlines.plainText == "Café A * not emphasis \nline")
    }

    @Test func headingUnderlineBecomesList() {
        harness("Foo\n- x\n")
        var document = StreamingDocument(options: .commonMark)
        document.append("Foo\n-")
        #expect(document.root.children.map(\.kind.name) == ["heading"])
        let patches = document.append(" x")
        // e0 stays (heading → paragraph, an update); the list is new.
        #expect(updated(patches).contains("e0"))
        #expect(!removed(patches).contains("e0"))
        #expect(document.root.children.map(\.id) == ["e0", "e4.list"])
        #expect(document.root.children[1].children.map(\.id) == ["e4"])
    }

    @Test func splitUTF8CharacterIsHeldBack() {
        let bytes = Array("añ 😀\r\nb".utf8)
        var document = StreamingDocument(options: .commonMark)
        for byte in bytes {
            document.append(bytes: [byte])
            #expect(!document.text.contains("\u{FFFD}"))
        }
        document.finish()
        #expect(document.text == "añ 😀\r\nb")
        #expect(document.root == MarkdownParser(options: .commonMark).parse("añ 😀\r\nb"))
    }

    @Test func closedBlocksAreReportedOnceAndNeverUpdated() {
        let text = "# Title\n\nFirst paragraph.\n\n- a\n- b\n\nLast"
        var document = StreamingDocument(options: .commonMark)
        var closedAt: [BlockID: Int] = [:]
        var updatedAfterClose: [BlockID] = []
        for (index, byte) in text.utf8.enumerated() {
            for patch in document.append(bytes: [byte]) {
                if case .close(let id) = patch {
                    #expect(closedAt[id] == nil, "closed twice: \(id)")
                    closedAt[id] = index
                }
                if case .update(let id, _) = patch, closedAt[id] != nil { updatedAfterClose.append(id) }
            }
        }
        #expect(updatedAfterClose.isEmpty)
        #expect(closedAt["e0"] != nil && closedAt["e9"] != nil)
    }

    func closed(_ patches: [Patch]) -> [BlockID] {
        patches.compactMap { if case .close(let id) = $0 { id } else { nil } }
    }

    /// An item of a tight list stays open until the list closes (a later
    /// blank line between items could still wrap its paragraph in `<p>`);
    /// the list then closes with one patch for its whole subtree.
    @Test func tightListItemsCloseWithTheirList() {
        let text = "- a\n- b\n- c\n\nAfter.\n"
        harness(text)
        var document = StreamingDocument(options: .commonMark)
        #expect(closed(document.append("- a\n- b\n")).isEmpty)
        #expect(closed(document.append("- c\n\n")).isEmpty)
        #expect(!document.isClosed("e0") && !document.isClosed("e4"))
        #expect(closed(document.append("After.\n")) == ["e0.list"])
        #expect(document.isClosed("e0") && document.isClosed("e8") && document.isClosed("e10"))
    }

    /// Once the frozen items made the list loose (final), items close one by
    /// one as the next item begins; the list's own close covers the rest.
    @Test func looseListItemsCloseAsTheNextBegins() {
        let text = "- a\n\n- b\n- c\n- d\n\nAfter.\n"
        harness(text)
        let (document, patches) = stream(["- a\n\n- b\n", "- c\n", "- d\n\n", "After.\n"])
        #expect(closed(patches[0]) == ["e0"])
        #expect(closed(patches[1]) == ["e5"])
        #expect(closed(patches[2]) == ["e9"])
        #expect(closed(patches[3]) == ["e0.list"])
        #expect(document.isClosed("e13"))
    }

    /// Found by the long fuzz run: a table row that looks like a link
    /// reference definition is a row (for cmark, continuation text of the
    /// paragraph the table began as), also once it is frozen and carried.
    @Test func tableRowLikeADefinitionDefinesNothing() {
        let text = "| a | b |\n| - | - |\n| c | d |\n| e | f |\n[bar]: /u\n| g | h |\n| i | j |\n\n[bar]\n"
        harness(text, options: .init())
        let (document, _) = stream(text.map { String($0) }, options: .init())
        #expect(document.root == MarkdownParser().parse(text))
        guard case .paragraph(let inlines) = document.root.children.last?.kind else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(inlines == [.text("[bar]")])
    }

    /// A definition-like line inside a code or HTML block defines nothing,
    /// for cells either, whatever window it is parsed in (found by the
    /// fuzzer: a row next to a fence made the one-shot parse take the
    /// fenced line as a definition).
    @Test(arguments: [
        "| [x][] |\n| --- |\n| [y]: /v |\n~~~ c\n\n[x]: /u\n",
        "| [x][] |\n| --- |\n\n<!--\n\n[x]: /u\n-->\n\n[x][]\n",
        "| [x][] |\n| --- |\n| a |\n\n- ~~~\n  [x]: /u\n  ~~~\n",
    ])
    func definitionLikeLineInCodeDefinesNothingForCells(_ text: String) {
        harness(text, options: .init())
        let (document, _) = stream(text.map { String($0) }, options: .init())
        #expect(document.root == MarkdownParser().parse(text))
        guard case .table(let table) = document.root.children.first?.kind else {
            Issue.record("expected a table")
            return
        }
        #expect(table.header.map(\.inlines) == [[.text("[x][]")]])
    }
}

extension StreamingHardCaseTests {
    /// A link reference definition between a closed table and the next block
    /// defines its label for the table's rows. Found by streaming a 942 KB
    /// concatenation of the Corpus documents in 64-byte chunks and comparing
    /// with its one-shot parse: when the table closed, the text after it was
    /// kept in one segment with the rows, and rows never define.
    @Test(arguments: [
        "a | b\n-|-\nx [l] y\nc\n\n[l]:s\n# \n",
        "| a |\n| - |\n| [l] |\n| b |\n\n\n[l]: /u \"t\"\n\n- item\n",
        "| a | b |\n| - | - |\n| 1 | [l][] |\n| 2 | 3 |\n\n[l]: /u\n> quote\n",
    ])
    func definitionAfterATableDefinesForItsRows(_ text: String) {
        harness(text, options: .init())
        var (document, _) = stream(text.map { String($0) }, options: .init())
        #expect(document.root == MarkdownParser().parse(text))
        document.finish()
        #expect(document.root == MarkdownParser().parse(text))
        let rows = document.root.children.first?.children ?? []
        let links = rows.flatMap { row -> [Inline] in
            guard case .tableRow(let cells) = row.kind else { return [] }
            return cells.flatMap(\.inlines).filter { if case .link = $0 { true } else { false } }
        }
        #expect(links.count == 1)
    }
}
