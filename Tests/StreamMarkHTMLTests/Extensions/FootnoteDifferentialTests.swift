import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Footnotes against `cmark-gfm -e footnotes -e table -e strikethrough -e
/// autolink -e tasklist` (Debian's 0.29.0.gfm.6), byte for byte: cmark-gfm's
/// own footnote examples, the cases of `Corpus/gfm/footnotes-cases.txt`
/// (each expectation is the binary's output), the Corpus documents with
/// footnotes, and seeded random documents dense in footnote shapes.
@Suite struct FootnoteDifferentialTests {
    static let oracle = ["footnotes", "table", "strikethrough", "autolink", "tasklist"]
    static let extensions: ParseOptions.Extensions = [.gfm, .footnotes]
    static let examples = SpecExample.load("footnotes.txt", folder: "gfm")
    static let cases = SpecExample.load("footnotes-cases.txt", folder: "gfm")

    @Test func examplesAreLoaded() {
        #expect(Self.examples.count == 10)
        #expect(Self.cases.count == 66)
    }

    @Test(arguments: examples + cases)
    func example(_ example: SpecExample) throws {
        let markdown = Array(example.markdown.utf8)
        let ours = GFMOracle.ours(markdown, extensions: Self.extensions)
        #expect(example.html == (try GFMOracle.html(markdown, extensions: Self.oracle)), "\(example)")
        #expect(ours == example.html, "\(example)")
    }

    @Test(arguments: [
        "Corpus/features/footnotes-answer.md", "Corpus/documents/rust-platform-support.md",
        "Corpus/regressions/alert-late-definition-fuzz.md",
    ])
    func corpusDocument(_ path: String) throws {
        let markdown = try [UInt8](Data(contentsOf: CorpusAnswers.root.appendingPathComponent(path)))
        #expect(
            GFMOracle.ours(markdown, extensions: Self.extensions)
                == (try GFMOracle.html(markdown, extensions: Self.oracle)))
    }

    /// A note with nothing after its marker, alone on its line in a list
    /// item and followed by more of the item or by another item:
    /// cmark-gfm marks the definition's line blank, so the list is loose
    /// (a fuzz finding of stop 47, `5. [^1]:` / `6. x`); and neighbours
    /// that stay tight.
    static let emptyNotesInItems = [
        "5. [^1]:\n6. x", "- [^1]:\n- b", "5. a\n   [^1]:\n6. b", "- [^1]:   \n- b", "- - [^1]:\n- b",
        "- [^1]:\n\n- b", "- [^1]:\n  y\n- b", "```\n```\n5. [^1]:\n6. `", "- [^1]: x\n- b",
        "- [^1]:\n      x\n- b", "- > [^1]:\n- b", "- a\n- [^1]:", "- [^1]:\n- [^2]:\n- c\n\nx[^1][^2]",
        "> - [^1]:\n> - b",
    ]

    /// A note after lines that a table's rest takes in (the stop-57 fuzz
    /// hour's stream violation, `2) |` / blank / `    {` / `]` / `[^1]:`):
    /// the rest, parsed again from the rewritten text, took in the note's
    /// stand-in item, and the one-shot parse kept it as a list.
    static let notesInTableRests = [
        "`|||||\n-|-|-|-|-\n2) |\n\n    {\n]\n[^1]:\nt", "a|b\n-|-\n2) x\n\n    {\n]\n[^1]:\nt",
        "x[^1]\n\na|b\n-|-\n2) x\n\n    {\n]\n[^1]: note\nt", "x[^1]\n\na|b\n-|-\n2) x\n\n    {\n]\n[^1]: - i\n  j\n",
    ]

    /// A table, a rest that may open a list or continue a paragraph, lines
    /// it may take in, then a note (empty, with text, or opening a list)
    /// and what follows it.
    static func noteAfterTableRest(seed: Int) -> String {
        var random = SplitMix64(seed: 0x7AB1_0000 + UInt64(seed))
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        var lines = ["a|b", "-|-"]
        if Bool.random(using: &random) { lines.append("c|d") }
        lines.append(pick(["2) x", "- x", "3. x", "x", "> q", "2) |"]))
        for line in ["", pick(["    {", "   y", "  - z"]), pick(["]", "y"])] where Bool.random(using: &random) {
            lines.append(line)
        }
        lines.append("[^1]:" + pick(["", "", " note", " - i"]))
        for _ in 0..<Int.random(in: 0...2, using: &random) { lines.append(pick(["t", "  more", "- y", ""])) }
        return lines.joined(separator: "\n") + pick(["\n", "\n\nx[^1]\n"])
    }

    @Test func randomNotesAfterTableRestsMatchCmarkGFMAndStream() throws {
        try Self.expectMatches(0..<400, Self.noteAfterTableRest(seed:))
        Self.expectStreamsLikeOneShot(60, Self.noteAfterTableRest(seed:))
    }

    @Test(
        arguments: emptyNotesInItems + tabbedFirstLines + quoteLinesInNotes + nestedMarkers + indentedItems
            + notesInTableRests)
    func handCaseMatchesCmarkGFM(_ markdown: String) throws {
        let bytes = Array(markdown.utf8)
        let ours = GFMOracle.ours(bytes, extensions: Self.extensions)
        #expect(ours == (try GFMOracle.html(bytes, extensions: Self.oracle)), "\(markdown.debugDescription)")
    }

    @Test func emptyNotesInItemsStreamLikeOneShot() {
        let harness = PrefixHarness(options: ParseOptions(extensions: Self.extensions))
        let failures = harness.failingDocuments(seeds: Self.emptyNotesInItems) { $0 }
        #expect(failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")")
    }

    /// The 40 model answers (none has a footnote) render as cmark-gfm
    /// renders them with footnotes on: turning footnotes on changes nothing
    /// for text without them.
    @Test func answersAreUnchanged() throws {
        #expect(CorpusAnswers.names.count == 40)
        for name in CorpusAnswers.names {
            let markdown = CorpusAnswers.bytes(name)
            #expect(
                GFMOracle.ours(markdown, extensions: Self.extensions) == GFMOracle.ours(markdown, extensions: .gfm),
                "\(name)")
        }
    }

    /// A model answer with citations, as answers that cite sources write
    /// them: a reference after each inline link (`[docs](https://…)[^3]`),
    /// after each line of prose that ends a sentence or a clause, after a
    /// code span or URL that ends a line, and after a linked source on
    /// every seventh line of prose (`([source](http://s4)[^5]`); the notes defined at
    /// the end, one in three with a link of its own.
    static func citedAnswer(_ name: String) -> String {
        var notes = 0
        func note() -> String {
            notes += 1
            return "[^\(notes)]"
        }
        var fence = false
        var lines: [String] = []
        for line in String(decoding: CorpusAnswers.bytes(name), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            var line = String(line)
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fence.toggle() }
            if !fence {
                line = line.replacingOccurrences(of: "](http", with: "](http#")
                while let range = line.range(of: "](http#") {
                    let end = line[range.upperBound...].firstIndex(of: ")") ?? line.endIndex
                    line.replaceSubrange(range, with: "](http")
                    let after = line.index(end, offsetBy: end == line.endIndex ? 0 : 1, limitedBy: line.endIndex)!
                    line.insert(contentsOf: note(), at: after)
                }
                if let last = line.last, ".:`".contains(last) || line.hasSuffix(".com") { line += note() }
                // Every seventh line of prose names its source, linked.
                if lines.count % 7 == 3, line.first?.isLetter == true {
                    line += " ([source](http://s\(notes))\(note())"
                }
            }
            lines.append(line)
        }
        let definitions = (1...max(notes, 1)).map {
            "[^\($0)]: Source \($0)" + ($0 % 3 == 0 ? ", [page](https://example.com/\($0)_a)." : ".")
        }
        return lines.joined(separator: "\n") + "\n\n" + definitions.joined(separator: "\n") + "\n"
    }

    /// The 40 model answers with citations (``citedAnswer(_:)``) render as
    /// cmark-gfm renders them, and stream like their one-shot parse at a
    /// mixed chunking: the answers' own text around many references.
    @Test func citedAnswersMatchCmarkGFM() throws {
        var mismatches: [String] = []
        for name in CorpusAnswers.names {
            let markdown = Array(Self.citedAnswer(name).utf8)
            let ours = GFMOracle.ours(markdown, extensions: Self.extensions)
            if ours != (try GFMOracle.html(markdown, extensions: Self.oracle)) { mismatches.append(name) }
        }
        #expect(CorpusAnswers.names.count == 40)
        #expect(mismatches.isEmpty, "\(mismatches.count) of 40 differ: \(mismatches)")
    }

    @Test func citedAnswersStreamLikeOneShot() {
        let harness = PrefixHarness(options: ParseOptions(extensions: Self.extensions))
        let failures = harness.failingDocuments(
            seeds: Array(CorpusAnswers.names.enumerated()), chunkings: { [.mixed(seed: UInt64($0.offset))] },
            { Self.citedAnswer($0.element) })
        #expect(failures.isEmpty, "\(failures.count) of 40 fail")
    }

    @Test(arguments: 0..<8)
    func randomDocuments(batch: Int) throws {
        var mismatches: [String] = []
        for index in 0..<250 {
            var random = SplitMix64(seed: 0xF007_0000 + UInt64(batch * 1000 + index))
            let document = FootnoteDocumentGenerator.document(using: &random)
            let markdown = Array(document.utf8)
            let ours = GFMOracle.ours(markdown, extensions: Self.extensions)
            let theirs = try GFMOracle.html(markdown, extensions: Self.oracle)
            if ours != theirs { mismatches.append(document) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of 250 differ; first:\n\(mismatches.first ?? "")")
    }

    /// Documents using all five list marker kinds, so that a note's stand-in
    /// item has no free kind and may join a real list (docs/footnotes.md
    /// §11, formerly known difference 2): the parse then gives it another.
    @Test func notesAmongAllFiveListKinds() throws {
        var mismatches: [String] = []
        for index in 0..<300 {
            var random = SplitMix64(seed: 0x5_0000 + UInt64(index))
            let markdown = Array(FootnoteDocumentGenerator.listKindDocument(using: &random).utf8)
            let ours = GFMOracle.ours(markdown, extensions: Self.extensions)
            if ours != (try GFMOracle.html(markdown, extensions: Self.oracle)) {
                mismatches.append(String(decoding: markdown, as: UTF8.self))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of 300 differ; first:\n\(mismatches.first ?? "")")
    }

    /// A note's first line that opens quotes and list items with tabs after
    /// their markers, under other containers, then lines that may continue
    /// them (docs/footnotes.md §9.3, item 16): cmark-gfm expands each tab
    /// from the columns after the note's marker, which the four-column
    /// stand-in item does not keep.
    static func tabbedFirstLine(seed: Int) -> String {
        var random = SplitMix64(seed: 0x7AB0_0000 + UInt64(seed))
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        func blanks(atLeast minimum: Int) -> String {
            String(
                (0..<Int.random(in: minimum...4, using: &random)).map { _ in Bool.random(using: &random) ? "\t" : " " })
        }
        var line = pick(["", "", "> ", "- ", "  ", "1. "]) + "[^1]:" + pick([" ", "\t", "", "  ", " \t"])
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let marker = pick([">", ">", "-", "1.", "*"])
            line += marker + blanks(atLeast: marker == ">" ? 0 : 1)
        }
        line += pick(["a", "<div>", "foo", "\tb", "```"])
        var lines = [line]
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            lines.append(blanks(atLeast: 0) + blanks(atLeast: 0) + pick(["bar", "- bar", "> q", "c", "```"]))
        }
        return lines.joined(separator: "\n") + "\n\nx[^1]\n"
    }

    /// The stop-46 fuzz finding (`[^1]: > ⇥a`: indented code in cmark-gfm)
    /// and neighbours: a list item's width from a tab, tabs past a quote's
    /// indented code, a literal tab before an HTML block, notes in quotes.
    static let tabbedFirstLines = [
        "[^1]\n[^1]: > \ta", "[^1]: > \ta\n\nx[^1]", "[^1]: -\tfoo\n      - bar\n\nx[^1]",
        "[^1]:> \t<div>\n\nx[^1]", "[^1]: >\t\t\tx\n\nx[^1]", "> [^1]: > \ta\n\nx[^1]",
        "[^1]: - \t  \tq\n\nx[^1]", "[^1]:\t> \ta\n\nx[^1]", "  [^1]: 1.\tfoo\n        - bar\n\nx[^1]",
        "[^1]: [^2]: >\t\ta\n\nx[^1] [^2]",
    ]

    @Test(arguments: 0..<2)
    func tabbedFirstLinesMatchCmarkGFM(batch: Int) throws {
        try Self.expectMatches(stride(from: batch, to: 400, by: 2), Self.tabbedFirstLine(seed:))
    }

    @Test func tabbedFirstLinesStreamLikeOneShot() {
        Self.expectStreamsLikeOneShot(80, Self.tabbedFirstLine(seed:))
    }

    /// Lines of blanks and `>` inside a note (docs/footnotes.md, §9.3 "As
    /// built", item 14): four columns past the note's container continue
    /// it, whatever follows (`[^1]:` / `    >` / `    u`: an empty quote
    /// and `u` in the note, a fuzz finding); fewer end it when its
    /// containers match (`> [^1]: a` / `>`), and a line whose containers
    /// do not match is lazy text or ends them (`> [^1]: a` / `    >`).
    static let quoteLinesInNotes = [
        "[^1]:\n    >\n    u\n\nx[^1]", "[^1]: a\n    >\n    u\n\nx[^1]", "> [^1]: a\n    >\n\nx[^1]",
        "> [^1]: a\n>\n>     b\n\nx[^1]", "> [^1]: a\n  >\n>     b\n\nx[^1]", "- [^1]: a\n      >\n      u\n\nx[^1]",
        "> - [^1]: a\n>\n>       \t>\n     > u\n\nx[^1]",
        "> - [^1]: a\n>           >\n   >\n>    >\n>      - v\n\nx[^1]",
        "[^1]: a\n    > >\n  >\n    u\n\nx[^1]",
    ]

    /// A note under quotes and items, then lines of blanks and `>` at
    /// varied indentation among text, items and indented code.
    static func quoteLinesInNote(seed: Int) -> String {
        var random = SplitMix64(seed: 0x9E0A_0000 + UInt64(seed))
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        let prefixes = ["": "", "> ": "> ", "- ": "  ", "1. ": "   ", "> - ": ">   "]
        let outer = pick(Array(prefixes.keys).sorted())
        let continuation = prefixes[outer]!
        var lines = [outer + "[^1]:" + pick(["", "", " a", " > q", " - i"])]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let indent = String(repeating: " ", count: pick(["0", "1", "2", "3", "4", "4", "4", "5", "6", "8"]).count)
            let container = pick([
                continuation, continuation, String(continuation.reversed().drop { $0 == " " }.reversed()), "",
            ])
            lines.append(container + indent + pick([">", "> >", "", ">   x", "u", "> u", "- v", "  ", "\t>", "    c"]))
        }
        return lines.joined(separator: "\n") + "\n\nx[^1]\n"
    }

    @Test(arguments: 0..<2)
    func randomQuoteLinesInNotesMatchCmarkGFM(batch: Int) throws {
        try Self.expectMatches(stride(from: batch, to: 600, by: 2), Self.quoteLinesInNote(seed:))
    }

    @Test func randomQuoteLinesInNotesStreamLikeOneShot() {
        Self.expectStreamsLikeOneShot(80, Self.quoteLinesInNote(seed:))
    }

    /// A note first in a list item whose marker is indented, then a line
    /// of blanks (docs/footnotes.md, §9.3 "As built", item 22, a finding
    /// of the stop-55 fuzz hour): the blanks before the marker belong to
    /// the item's width, so the blank line does not end the item.
    static let indentedItems = [
        " - [^1]:\n \n   b\n", " - [^1]: a\n \n   b\n\nx[^1]\n", "  - [^1]:\n \n    b\n\nx[^1]\n",
        ">  - [^1]: a\n>  \n>    b\n\nx[^1]\n", "- a\n\n   - [^1]: a\n     \n      b\n\nx[^1]\n",
        "   1. [^1]: a\n  \n      b\n\nx[^1]\n",
    ]

    /// A note first in an item whose marker follows zero to three blanks,
    /// the item at the top level, in a quote or in another item; then lines
    /// of blanks, tabs and text at varied indentation.
    static func indentedItem(seed: Int) -> String {
        var random = SplitMix64(seed: 0x1D22_0000 + UInt64(seed))
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        func blanks(_ most: Int) -> String { String(repeating: " ", count: Int.random(in: 0...most, using: &random)) }
        let outer = pick(["", "", "> ", ">  ", "- ", " - ", "1. "])
        let marker = pick(["-", "*", "1.", "10)"])
        let head = outer + blanks(3) + marker + pick([" ", " ", "  ", "\t"]) + "[^1]:" + pick(["", " a", " - i"])
        let continuation = String(repeating: " ", count: outer.count)
        let quote = outer.hasPrefix(">") ? ">" : ""
        var lines = [head]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let container = quote.isEmpty ? continuation : pick([quote + blanks(3), quote, ""])
            lines.append(container + pick(["", blanks(8), "\t", " \t", blanks(8) + pick(["b", "- c", "> q"])]))
        }
        return lines.joined(separator: "\n") + "\n\nx[^1]\n"
    }

    @Test(arguments: 0..<2)
    func randomIndentedItemsMatchCmarkGFM(batch: Int) throws {
        try Self.expectMatches(stride(from: batch, to: 800, by: 2), Self.indentedItem(seed:))
    }

    @Test func randomIndentedItemsStreamLikeOneShot() {
        Self.expectStreamsLikeOneShot(80, Self.indentedItem(seed:))
    }

    /// A note's marker after a quote or list marker that follows a note's
    /// marker (docs/footnotes.md, §9.3 "As built", item 19; the fuzz shape
    /// `[^1]:* [^1]:`): cmark-gfm opens the container inside the first
    /// note and a second note inside that.
    static let nestedMarkers = [
        "[^2]: > [^1]: y\n\n[^2] [^1]\n", "[^2]: - [^1]: y\n\n[^2] [^1]\n", "[^1]:* [^1]:",
        "[^2]: >     [^1]: y\n\n[^2] [^1]\n", "[^2]: - > [^1]: y\n    z\n\n[^2] [^1]\n",
        "[^2]: 1.  [^1]: y\n        w\n\n[^2] [^1]\n", "> [^2]: > [^1]: y\n> > q\n\n[^2] [^1]\n",
        "[^2]: > [^1]:\ty\n\n[^2] [^1]\n", "[^2]: > [^1]: > \ty\n\n[^2] [^1]\n",
        "[^2]: >\t[^1]: y\n    > z\n\n[^2] [^1]\n",
        "[^2]: >   [^1]: y\n    >     z\n\n[^2] [^1]\n", "[^2]: -\t[^1]: y\n      z\n\n[^2] [^1]\n",
    ]

    /// A first line of markers and container markers with spaces and tabs
    /// after each, then lines that may continue what it opened; every
    /// label distinct and used.
    static func nestedMarkerLine(seed: Int) -> String {
        var random = SplitMix64(seed: 0x19E5_0000 + UInt64(seed))
        func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }
        var line = pick(["", "", "> ", "- ", "  ", "1. "]) + "[^1]:" + pick([" ", "", " ", "  "])
        var labels = 1
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            if Bool.random(using: &random) {
                labels += 1
                line += "[^\(labels)]:" + pick([" ", "", " ", "\t", "  "])
            } else {
                line += pick([">", ">", "-", "1.", "*", "+"]) + pick([" ", " ", "", "  ", "     ", "\t", "    "])
            }
        }
        var lines = [line + pick(["a", "y", "- b", "> q", "```", ""])]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            lines.append(
                pick(["", "    ", "  ", "      ", "        "]) + pick(["bar", "- bar", "> q", "c", "d", ">"]))
        }
        return lines.joined(separator: "\n") + "\n\nx" + (1...labels).map { "[^\($0)]" }.joined() + "\n"
    }

    @Test(arguments: 0..<2)
    func randomNestedMarkersMatchCmarkGFM(batch: Int) throws {
        try Self.expectMatches(stride(from: batch, to: 800, by: 2), Self.nestedMarkerLine(seed:))
    }

    @Test func randomNestedMarkersStreamLikeOneShot() {
        Self.expectStreamsLikeOneShot(80, Self.nestedMarkerLine(seed:))
    }

    /// Expects the documents `document` makes of `seeds` to render as
    /// cmark-gfm renders them; the failure names the differing seeds and
    /// the first document.
    static func expectMatches(
        _ seeds: some Sequence<Int>, _ document: (Int) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var mismatches: [Int] = []
        for seed in seeds {
            let markdown = Array(document(seed).utf8)
            let ours = GFMOracle.ours(markdown, extensions: Self.extensions)
            if ours != (try GFMOracle.html(markdown, extensions: Self.oracle)) { mismatches.append(seed) }
        }
        #expect(
            mismatches.isEmpty,
            "differ: \(mismatches); first: \(mismatches.first.map { document($0).debugDescription } ?? "")",
            sourceLocation: sourceLocation)
    }

    /// Expects the first `count` documents `document` makes to stream like
    /// their one-shot parse, at every byte.
    static func expectStreamsLikeOneShot(
        _ count: Int, _ document: (Int) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let harness = PrefixHarness(options: ParseOptions(extensions: Self.extensions))
        let failures = harness.failingDocuments(seeds: Array(0..<count), document)
        #expect(
            failures.isEmpty, "\(failures.count) fail; first: \(failures.first?.debugDescription ?? "")",
            sourceLocation: sourceLocation)
    }
}
