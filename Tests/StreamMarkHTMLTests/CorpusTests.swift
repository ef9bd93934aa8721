import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Every Markdown file of the corpus (the 40 real model answers in
/// `Corpus/llm` and any other `*.md` outside the spec folders) renders byte
/// for byte as cmark renders it, under every option set; a file whose
/// inline containers nest deeper than `InlineNesting.maximumDepth`
/// (`pathological-nested-emphasis.md`: 20,000 levels) renders cmark's text
/// with its markup nested to the limit (``Oracle/matches(_:cmark:)``).
///
/// Files are parsed on a ``LargeStack`` thread, as they were when the
/// converter recursed (nothing that walks a block tree does any more).
@Suite struct CorpusTests {
    /// Paths relative to the repository root.
    static let files: [String] = {
        let corpus = Repository.corpus
        guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
        var result: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".md") {
            if path.hasPrefix("commonmark/") || path.hasPrefix("gfm/") { continue }
            result.append("Corpus/" + path)
        }
        return result.sorted()
    }()

    @Test func corpusIsFound() {
        #expect(Self.files.filter { $0.hasPrefix("Corpus/llm/") }.count == 40)
        #expect(Self.files.contains("Corpus/SOURCES.md"))
    }

    @Test(arguments: files)
    func matchesCmark(_ path: String) throws {
        let bytes = try Repository.bytes(path)
        #expect(!bytes.isEmpty)
        let tree = LargeStack.run { MarkdownParser(options: .commonMark).parse(bytes: bytes) }
        for (renderOptions, cmarkOptions) in Oracle.optionSets {
            let ours = HTMLRenderer(options: renderOptions).render(tree)
            let cmark = CmarkReference.html(bytes, options: cmarkOptions)
            #expect(Oracle.matches(ours, cmark: cmark), "\(renderOptions): \(Oracle.firstDifference(ours, cmark))")
        }
        let smart = LargeStack.run { Oracle.ours(bytes, smart: true, options: .init(unsafe: true)) }
        let cmarkSmart = CmarkReference.html(bytes, options: [.smart, .unsafe])
        #expect(Oracle.matches(smart, cmark: cmarkSmart), "smart: \(Oracle.firstDifference(smart, cmarkSmart))")
    }

    /// Top-level fragments concatenate to the document's HTML.
    @Test(arguments: files)
    func fragmentsConcatenateToDocument(_ path: String) throws {
        let bytes = try Repository.bytes(path)
        let tree = LargeStack.run { MarkdownParser(options: .commonMark).parse(bytes: bytes) }
        if path.hasPrefix("Corpus/llm/") { #expect(tree.children.count > 1) }
        for options in [HTMLRenderer.RenderOptions(), .init(unsafe: true)] {
            let renderer = HTMLRenderer(options: options)
            let fragments = tree.children.map { renderer.render(block: $0) }.joined()
            #expect(
                Oracle.matches(fragments, cmark: CmarkReference.html(bytes, options: options.unsafe ? [.unsafe] : [])))
        }
    }

    /// Every list and block quote, at any depth, renders as its opening
    /// markup, its children's fragments and its closing markup (what
    /// `--fragments` sends piece by piece for a growing container).
    @Test(arguments: files)
    func containersRenderPieceByPiece(_ path: String) throws {
        let bytes = try Repository.bytes(path)
        let tree = LargeStack.run { MarkdownParser().parse(bytes: bytes) }
        let renderer = HTMLRenderer()
        var containers = 0
        var stack = [(tree, false)]
        while let (block, inTightList) = stack.popLast() {
            var childrenTight = false
            switch block.kind {
            case .list(let attributes):
                childrenTight = attributes.tight
                fallthrough
            case .blockQuote:
                containers += 1
                let markup = renderer.containerMarkup(of: block)
                let pieces = block.children.map { renderer.render(block: $0, inTightList: childrenTight) }
                #expect(
                    markup.opening + pieces.joined() + markup.closing
                        == renderer.render(block: block, inTightList: inTightList), "\(block.id)")
            case .item:
                childrenTight = inTightList
            default:
                break
            }
            if containers > 200 { break }
            for child in block.children { stack.append((child, childrenTight)) }
        }
        if path.contains("long-list") || path.contains("long-blockquote") { #expect(containers > 0) }
    }
}
