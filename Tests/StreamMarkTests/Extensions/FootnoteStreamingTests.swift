import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

/// Footnotes while the text streams: the prefix-identity harness (the tree
/// equals the one-shot parse at every checked prefix, patches replay to it,
/// closed blocks stay final but for their references and notes) over the
/// footnote examples, the Corpus documents with footnotes and seeded random
/// documents; and what a late note changes.
@Suite struct FootnoteStreamingTests {
    static let options = ParseOptions(extensions: [.gfm, .footnotes])
    static let examples =
        SpecExample.load("footnotes.txt", folder: "gfm") + SpecExample.load("footnotes-cases.txt", folder: "gfm")

    static func read(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: CorpusAnswers.root.appendingPathComponent(path)))
    }

    /// The former known streaming differences (docs/footnotes.md §11, 2
    /// and 5), found by the differential fuzzer, and shapes like them:
    /// - all five list marker kinds in the one-shot buffer but not yet in
    ///   the window's: the note's stand-in item joined a real list in one
    ///   parse and not in the other (now it takes another kind);
    /// - a candidate holding a pair whose text a line inside an HTML or
    ///   code block seemed to define as a link label (such lines stand in
    ///   the reference context as thematic breaks now).
    static let formerStreamingDifferences = [
        "[^3]:p.\n- **n.\n+ L\n* a\n4) \n5.", "+\n-\n[^1]:\n2) * 1.", "[^3]:-\n+\n* a\n4)\n5.\n",
        "- a\n[^1]: x\n+ b\n* c\n1. d\n1) e\n\n[^1]\n", "[^[8618]]:\n<script\n[8618]:h",
        "[^[86]]:\n```\n[86]:h\n```\n", "[^[86]]:\n<!-- \n[86]:h\n-->\n", "[^[86]] x\n\n> ```\n> [86]: /u\n",
    ]

    /// Late link definitions read by an append shortcut (a definition run)
    /// that update frozen blocks holding references (docs/footnotes.md §11,
    /// formerly known differences 3 and 4): the ledger resolves them
    /// (`FootnoteSites.touched(by:)`). A reference inside a reference
    /// link's text whose note came first streamed unresolved (label "",
    /// number 0); a note whose only reference turned into link text kept
    /// the section. The fuzz runs' stream violations 431180 and 778663 are
    /// of the first kind.
    static let lateDefinitionsOverReferences = [
        "[^1]:r this however loads build.\n```\n```\n- [That [^1] parameter array first][93707]\n"
            + "- [Imaer base64 stream:][24842]\n\n[52581]: https://github.com/yarnpkg/berry/pull/52581/\n"
            + "[93707]: https://github.com/yarnpkg/berry/pull/93707/",
        "[^1]:[^1][15091]\n\n[4]:/\n[15091]:t",
        "[^2]: G\n\n- [[^2] r [d](https://e.com/d) n?][77039]\n- [x][3706]\n\n[8]: /8\n[77039]: https://g.com/7\n",
        "A[^1] and [^2].\n\n[^1]: one\n[^2]: two [^1][k]\n\n[x]: /x\n[k]: /k\n[y]: /y\n",
    ]

    @Test(arguments: lateDefinitionsOverReferences)
    func lateDefinitionOverReferencesStreamsLikeOneShot(_ text: String) {
        for chunking: PrefixHarness.Chunking in [.everyByte, .fixed(2), .fixed(5), .mixed(seed: 7), .mixed(seed: 8)] {
            let report = PrefixHarness(options: Self.options).verify(
                name: text, bytes: Array(text.utf8), chunking: chunking)
            #expect(report.passed, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
            #expect(report.prefixesChecked > 1)
        }
    }

    @Test(arguments: formerStreamingDifferences)
    func formerStreamingDifferenceStreamsLikeOneShot(_ text: String) {
        for chunking: PrefixHarness.Chunking in [.everyByte, .fixed(3), .mixed(seed: 5)] {
            let report = PrefixHarness(options: Self.options).verify(
                name: text, bytes: Array(text.utf8), chunking: chunking)
            #expect(report.passed, "\(chunking) \(text.debugDescription): \(report.violations.prefix(1))")
        }
    }

    /// Seeded documents using all five list marker kinds stream like the
    /// one-shot parse at every byte.
    @Test func notesAmongAllFiveListKindsStreamLikeOneShot() {
        var failures: [String] = []
        for index in 0..<150 {
            var random = SplitMix64(seed: 0x5_0000 + UInt64(index))
            let text = FootnoteDocumentGenerator.listKindDocument(using: &random)
            let report = PrefixHarness(options: Self.options).verify(
                name: text, bytes: Array(text.utf8), chunking: .everyByte)
            if !report.passed { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.count) of 150 fail; first: \(failures.first?.debugDescription ?? "")")
    }

    /// A late note that ends a paragraph and arrives in one chunk with the
    /// line after it (`z` / `[^f]:` / `q` after the chunk holding `z` /
    /// `[^f`) is frozen in the update it arrives in, never seen in the
    /// window: the frozen notes it renumbers (`o`, now 2) are resolved
    /// again (`FootnoteNumbering.takeShiftedLabels`). The long fuzz run's
    /// seed 429845, reduced; it streamed wrong at 7 of 14 chunk sizes.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 20])
    func lateNoteEndingAParagraphStreamsLikeOneShot(_ size: Int) {
        let harness = PrefixHarness(options: Self.options)
        for text in [
            "A[^f].\nB[^o].\n[^o]: x\n\nz\n[^f]:\nq\n", "A[^f].\nB[^o].\n[^o]: x\n  y\n\nz\n[^f]:\n\\\n",
            "A[^f] [^g].\nB[^o].\n[^o]: x\n\nz\n[^g]: g\nq\n[^f]:\nq\n",
        ] {
            let report = harness.verify(name: text, bytes: Array(text.utf8), chunking: .fixed(size))
            #expect(report.passed, "\(text.debugDescription): \(report.violations.first.map { "\($0)" } ?? "")")
        }
    }

    /// Every case streams like the one-shot parse (case #31, a link
    /// reference definition on a note's first line, did not until the
    /// engine's definition scan learned the footnote marker).
    @Test func examplesAtEveryByte() {
        #expect(Self.examples.count == 76)
        let harness = PrefixHarness(options: Self.options)
        for example in Self.examples {
            let report = harness.verify(name: "\(example)", bytes: Array(example.markdown.utf8), chunking: .everyByte)
            #expect(report.passed, "\(report.summaryLine) \(report.violations.first.map { "\($0)" } ?? "")")
        }
    }

    @Test(arguments: [
        "Corpus/features/footnotes-answer.md", "Corpus/features/research-answer.md",
        "Corpus/documents/rust-platform-support.md",
    ])
    func corpusDocument(_ path: String) throws {
        let bytes = try Self.read(path)
        let harness = PrefixHarness(options: Self.options)
        // Small chunks of the 40 KB Rust document take minutes with full
        // checks (the suite's budget); the answer is streamed byte by byte.
        let everyByte: [PrefixHarness.Chunking] = path.contains("-answer") ? [.everyByte] : []
        for chunking in everyByte + [.mixed(seed: 7), .fixed(64)] {
            let report = harness.verify(name: path, bytes: bytes, chunking: chunking)
            #expect(report.passed, "\(report.summaryLine) \(report.violations.first.map { "\($0)" } ?? "")")
        }
    }

    @Test(arguments: 0..<3)
    func randomDocuments(batch: Int) {
        let harness = PrefixHarness(options: Self.options)
        for index in 0..<50 {
            var random = SplitMix64(seed: 0x5EED_F007 + UInt64(batch * 100 + index))
            let bytes = Array(FootnoteDocumentGenerator.document(using: &random).utf8)
            let chunking: PrefixHarness.Chunking = index.isMultiple(of: 2) ? .everyByte : .mixed(seed: UInt64(index))
            let report = harness.verify(name: "random \(batch)/\(index)", bytes: bytes, chunking: chunking)
            #expect(report.passed, "\(report.summaryLine) \(report.violations.first.map { "\($0)" } ?? "")")
        }
    }

    /// A note that arrives after its references updates exactly the blocks
    /// holding them, inserts itself and the section, and renumbers nothing
    /// else.
    @Test func lateNoteUpdatesItsReferences() {
        var document = StreamingDocument(options: Self.options)
        let body = "First[^a] claim.\n\nSecond[^b] claim.\n\nThird with no note.\n\nFourth[^a] again.\n\n"
        document.append(body)
        let patches = document.append("[^a]: The source.\n")
        let fourth = BlockID.source(Array(body.utf8).firstRange(of: Array("Fourth".utf8))!.lowerBound)
        let note = BlockID.source(body.utf8.count)
        let updated = Set(
            patches.compactMap { patch -> BlockID? in
                if case .update(let id, _) = patch, id != .document { return id }
                return nil
            })
        #expect(updated == [.source(0), fourth])
        let inserted = patches.compactMap { patch -> BlockID? in
            if case .insert(_, _, let block) = patch { return block.id }
            return nil
        }
        #expect(inserted == [note, .footnotes])
        #expect(document.root.children.last?.kind == .footnotes(notes: [note]))
    }

    /// A reference that arrives after its note was listed updates its own
    /// block and the note (one more back-reference), nothing else.
    @Test func newReferenceUpdatesItsNote() {
        var document = StreamingDocument(options: Self.options)
        document.append("[^n]: A note.\n\nText[^n].\n\nMore text.\n\n")
        let patches = document.append("Again[^n].\n\n")
        let updated = Set(
            patches.compactMap { patch -> BlockID? in
                if case .update(let id, _) = patch, id != .document { return id }
                return nil
            })
        #expect(updated == ["e0"])
        guard case .footnoteDefinition(let note)? = document.root.children.first?.kind else {
            Issue.record("no note first")
            return
        }
        #expect(note.number == 1 && note.referenceCount == 2)
    }

    /// A cited answer, its notes after the text, streamed line by line:
    /// every append resolves a bounded number of top-level blocks (the
    /// window's and the paragraph a new note resolves), the same for 20
    /// and for 200 notes: the ledger's work does not grow with the text.
    @Test func resolvedBlocksPerAppendDoNotGrowWithTheDocument() {
        func maximum(notes: Int) -> Int {
            Self.mostResolved(
                (1...notes).map { "Claim \($0) is cited[^\($0)] here.\n\n" }
                    + (1...notes).map { "[^\($0)]: Source \($0).\n" })
        }
        let small = maximum(notes: 20)
        #expect(small == maximum(notes: 200))
        #expect((2...4).contains(small), "\(small)")
    }

    /// Notes first, then paragraphs that each cite their own note and note
    /// 0: a new citation of note 0 changes only its count, which only the
    /// note shows, so the paragraphs citing it are not resolved again.
    @Test func aPopularNoteDoesNotMakeItsCitersResolveAgain() {
        func maximum(notes: Int) -> Int {
            Self.mostResolved(
                (0..<notes).map { "[^\($0)]: Source \($0).\n" }
                    + (0..<notes).map { "\nClaim[^\($0)] and again[^0].\n" })
        }
        let small = maximum(notes: 20)
        #expect(small == maximum(notes: 200))
        #expect((2...5).contains(small), "got \(small)")
    }

    /// Notes arriving in any order, before, between and after their
    /// references (so late notes renumber notes already listed), and
    /// labels defined twice: the harness holds at every byte or at mixed
    /// chunks.
    @Test func shuffledNotesStreamLikeOneShot() {
        let harness = PrefixHarness(options: Self.options)
        for seed in 0..<40 {
            var random = SplitMix64(seed: 0xF00D + UInt64(seed))
            var pieces: [String] = []
            for _ in 0..<(4 + Int(random.next() % 10)) {
                let label = Int(random.next() % 6)
                pieces.append(
                    random.next() % 3 == 0
                        ? "[^\(label)]: Note \(label) \(random.next() % 100).\n"
                        : "Text[^\(label)] and[^\(label % 3)].\n\n")
            }
            let bytes = Array(pieces.joined().utf8)
            let chunking: PrefixHarness.Chunking = seed.isMultiple(of: 2) ? .everyByte : .mixed(seed: UInt64(seed))
            let report = harness.verify(name: "shuffled \(seed)", bytes: bytes, chunking: chunking)
            #expect(report.passed, "\(report.summaryLine) \(report.violations.first.map { "\($0)" } ?? "")")
        }
    }

    /// Streams `lines` one by one; returns the most top-level blocks one
    /// append resolved (`Work.footnoteBlocksResolved`), after checking that
    /// the final tree is the one-shot parse.
    static func mostResolved(_ lines: [String]) -> Int {
        var document = StreamingDocument(options: options)
        var most = 0
        for line in lines {
            document.append(line)
            most = max(most, document.statistics.lastWork.footnoteBlocksResolved)
        }
        document.finish()
        #expect(document.root == MarkdownParser(options: options).parse(lines.joined()))
        return most
    }
}
