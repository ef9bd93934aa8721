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

    @Test(arguments: emptyNotesInItems)
    func emptyNoteInItem(_ markdown: String) throws {
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
}
