import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Our extensions against GitHub's cmark-gfm: the extension examples of the
/// GFM spec, cmark-gfm's `extensions.txt`, and every corpus file.
///
/// cmark-gfm implements CommonMark 0.29, we build on cmark 0.30; where the
/// two differ on core syntax (or where our layer over cmark's tree cannot
/// see the source, see `docs/extensions.md`) the example is listed in
/// ``knownDifferences`` with the reason, and only the extension constructs
/// (tables, `<del>`, task boxes, links) are compared.
@Suite struct GFMDifferentialTests {
    /// One input compared with cmark-gfm.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var markdown: String
        var testDescription: String { name }
    }

    /// Known differences, by case name, with the reason.
    static let knownDifferences: [String: String] = [:]

    static func examples(_ file: String, where include: (SpecExample) -> Bool) -> [Case] {
        let text = String(decoding: (try? Repository.bytes("Corpus/gfm/" + file)) ?? [], as: UTF8.self)
        return SpecExample.examples(in: text).filter(include).map {
            Case(name: "\(file) #\($0.number) line \($0.line)", markdown: $0.markdown)
        }
    }

    static let specCases = examples("spec.txt") { example in
        example.tags.contains { ["table", "strikethrough", "autolink", "disabled"].contains($0) }
    }
    static let extensionCases = examples("extensions.txt") { _ in true }
    static let corpusCases: [Case] = {
        let corpus = Repository.corpus
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("llm").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { name in
            let bytes = (try? Repository.bytes("Corpus/llm/" + name)) ?? []
            return Case(name: "llm/" + name, markdown: String(decoding: bytes, as: UTF8.self))
        }
    }()
    static let allCases = specCases + extensionCases + corpusCases
    /// Every other example of the GFM spec and cmark-gfm's regression file:
    /// core syntax with the extensions switched on.
    static let coreCases =
        examples("spec.txt") { example in
            !example.tags.contains { ["table", "strikethrough", "autolink", "disabled", "tagfilter"].contains($0) }
        } + examples("regression.txt") { _ in true }

    @Test func casesAreFound() {
        #expect(Self.specCases.count == 23)
        #expect(Self.extensionCases.count == 30)
        #expect(Self.corpusCases.count == 40)
    }

    @Test func oracleIsInstalled() throws {
        #expect(GFMOracle.executable != nil, "cmark-gfm is not installed (apt-get install cmark-gfm)")
        let html = try GFMOracle.html(Array("| a |\n| - |\n\n~~x~~ www.a.com\n".utf8))
        #expect(html.contains("<table>") && html.contains("<del>x</del>") && html.contains("http://www.a.com"))
    }

    @Test(arguments: allCases)
    func matchesCmarkGFM(_ example: Case) throws {
        let bytes = Array(example.markdown.utf8)
        let theirs = try GFMOracle.html(bytes)
        let ours = GFMOracle.ours(bytes)
        if let reason = Self.knownDifferences[example.name] {
            #expect(ours != theirs, "listed as a known difference (\(reason)) but now equal: remove it from the list")
            #expect(GFMOracle.extensionConstructs(ours) == GFMOracle.extensionConstructs(theirs), "\(reason)")
        } else {
            #expect(ours == theirs, "\(Self.firstDifference(ours, theirs))")
        }
    }

    /// Known differences with smart punctuation, with the reason.
    static let knownSmartDifferences: [String: String] = [
        "llm/036-mtg-arena-draft-bot.md":
            "core: a `\"` right after `(` is an opening quote in CommonMark 0.30, a closing one in cmark-gfm 0.29"
    ]

    /// The same cases with smart punctuation on both sides.
    @Test(arguments: allCases)
    func matchesCmarkGFMWithSmartPunctuation(_ example: Case) throws {
        let bytes = Array(example.markdown.utf8)
        let theirs = try GFMOracle.html(bytes, smart: true)
        let ours = GFMOracle.ours(bytes, smart: true)
        if let reason = Self.knownSmartDifferences[example.name] {
            #expect(ours != theirs, "listed as a known difference (\(reason)) but now equal: remove it from the list")
            #expect(GFMOracle.extensionConstructs(ours) == GFMOracle.extensionConstructs(theirs), "\(reason)")
        } else {
            #expect(ours == theirs, "\(Self.firstDifference(ours, theirs))")
        }
    }

    @Test(arguments: coreCases)
    func coreMatchesCmarkGFM(_ example: Case) throws {
        let bytes = Array(example.markdown.utf8)
        let theirs = try GFMOracle.html(bytes)
        let ours = GFMOracle.ours(bytes)
        if let reason = Self.knownDifferences[example.name] {
            #expect(ours != theirs, "listed as a known difference (\(reason)) but now equal: remove it from the list")
            #expect(GFMOracle.extensionConstructs(ours) == GFMOracle.extensionConstructs(theirs), "\(reason)")
        } else {
            #expect(ours == theirs, "\(Self.firstDifference(ours, theirs))")
        }
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index].prefix(300)) : "<none>"
            let r = index < right.count ? String(right[index].prefix(300)) : "<none>"
            if l != r { return "line \(index + 1):\n  ours:      \(l)\n  cmark-gfm: \(r)" }
        }
        return "identical"
    }
}
