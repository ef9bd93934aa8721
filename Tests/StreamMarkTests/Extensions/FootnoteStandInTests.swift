import Testing

@testable import StreamMark

/// ``FootnoteStandIns`` on its own: which `[^…]` are candidates, what the
/// substitution hands cmark, and what it leaves alone.
@Suite struct FootnoteStandInTests {
    /// The candidates a scan finds (nested ones too), as source strings,
    /// and the `!`s before a `[^`.
    static func scanned(_ source: String) -> (candidates: [String], bangs: [Int]) {
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { pointer in
            let scan = FootnoteStandIns.scan(pointer)
            return (scan.candidates.map { String(decoding: bytes[$0.range], as: UTF8.self) }, scan.bangs)
        }
    }

    static let scans: [(source: String, candidates: [String])] = [
        ("a[^x] b", ["[^x]"]),
        ("[^x][^y]", ["[^x]", "[^y]"]),
        ("[^]", []),
        ("[^ ]", ["[^ ]"]),
        ("\\[^x]", []),
        ("[^a\\]b]", ["[^a\\]b]"]),
        ("`[^x]`", []),
        ("[^a`b]`c]", ["[^a`b]`c]"]),
        ("[^a`b`c]", ["[^a`b`c]"]),
        ("<span title=\"[^x]\">", []),
        ("<http://a.b/[^x]>", []),
        ("[^a <b title=\"]\"> c]", ["[^a <b title=\"]\"> c]"]),
        ("[^a [b] c]", ["[^a [b] c]"]),
        ("[^a [^b] c]", ["[^a [^b] c]", "[^b]"]),
        ("[^a [^b] c", ["[^b]"]),
        ("[^a [b c]", []),
        ("[^a ![b](/i) [^c] \\] d] [^e]", ["[^a ![b](/i) [^c] \\] d]", "[^c]", "[^e]"]),
        ("[^x\ny]", ["[^x\ny]"]),
        ("[^x\n[y]", []),
        // A link's `(…)` is cmark-gfm's whole: nothing in it is a candidate.
        ("[x](/u[^d])", []), ("[x](/u)[^d]", ["[^d]"]), ("[x](http://c)[^d]", ["[^d]"]),
    ]

    @Test(arguments: scans.indices)
    func scanFindsCandidates(_ index: Int) {
        let (source, candidates) = Self.scans[index]
        #expect(Self.scanned(source).candidates == candidates, "\(source)")
    }

    @Test func bangBeforeACandidateIsText() {
        #expect(Self.scanned("a![^x] \\![^y] ![z] ![^").bangs == [1, 19])
        #expect(Self.scanned("[^x]").bangs == [])
        var standIns = FootnoteStandIns()
        let out = String(decoding: standIns.substitute(Array("a![^x]".utf8)), as: UTF8.self)
        #expect(out == "a&#33;[" + FootnoteStandIns.standIn(0) + "]")
    }

    @Test func insideKeepsWhitespaceAndLinkPunctuation() {
        var standIns = FootnoteStandIns()
        let out = String(decoding: standIns.substitute(Array("x[^a (b) \"c\" <d>]y".utf8)), as: UTF8.self)
        let s = (0..<6).map(FootnoteStandIns.standIn)
        #expect(out == "x[\(s[0]) (\(s[1])) \"\(s[2])\" <\(s[3])>]y")
        #expect(standIns.candidates.map(\.label) == ["a (b) \"c\" <d>"])
        #expect(standIns.runs.map { $0.source } == ["^a", "b", "c", "d"])
    }

    @Test func bracketsOfPairsInsideStayButImagesDoNot() {
        var standIns = FootnoteStandIns()
        let out = String(decoding: standIns.substitute(Array("[^a [b] ![c] d]".utf8)), as: UTF8.self)
        let s = (0..<4).map(FootnoteStandIns.standIn)
        #expect(out == "[\(s[0]) [\(s[1])] \(s[2]) \(s[3])]")
        #expect(standIns.runs.map { $0.source } == ["^a", "b", "![c]", "d"])
        var links = FootnoteStandIns(isLinkLabel: { $0 == Array("b".utf8) })
        #expect(links.substitute(Array("[^a [b] c]".utf8)) == Array("[^a [b] c]".utf8))
    }

    @Test func aBangInsideACandidateIsPartOfIt() {
        var standIns = FootnoteStandIns()
        let out = String(decoding: standIns.substitute(Array("[^a ![^b] c] ![^d]".utf8)), as: UTF8.self)
        let s = (0..<4).map(FootnoteStandIns.standIn)
        #expect(out == "[\(s[0]) \(s[1])[\(s[2])] \(s[3])] &#33;[\(FootnoteStandIns.standIn(4))]")
        #expect(standIns.runs.map { $0.source } == ["^a", "!", "^b", "c", "^d"])
    }

    @Test func escapedPunctuationStaysInTheRun() {
        var standIns = FootnoteStandIns()
        _ = standIns.substitute(Array("[^a\\)b c]".utf8))
        #expect(standIns.runs.map { $0.source } == ["^a\\)b", "c"])
    }

    @Test func withoutCandidateOrWithTheEdgeNothingChanges() {
        for source in ["plain [x] ^y", "a \u{2E32} [^x]", "[^]"] {
            var standIns = FootnoteStandIns()
            let bytes = Array(source.utf8)
            #expect(standIns.substitute(bytes) == bytes)
            #expect(!standIns.changed)
        }
    }

    @Test func skippedAndLinkLabelCandidatesStayAsWritten() {
        var skipped = FootnoteStandIns(skipped: [0])
        #expect(skipped.substitute(Array("[^x] [^y]".utf8)) == Array("[^x] [\(FootnoteStandIns.standIn(0))]".utf8))
        var links = FootnoteStandIns(isLinkLabel: { $0 == Array("^c d".utf8) })
        let out = links.substitute(Array("[^c d] [^e f] [^g]".utf8))
        #expect(String(decoding: out, as: UTF8.self).hasPrefix("[^c d] [\(FootnoteStandIns.standIn(0)) "))
        #expect(links.candidates.map(\.label) == ["e f", "g"])
    }
}
