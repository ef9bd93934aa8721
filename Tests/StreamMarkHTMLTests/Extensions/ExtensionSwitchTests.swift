import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Each extension can be switched off: with all off the output is plain
/// cmark again, with one of cmark-gfm's five off (the four of GFM and
/// footnotes) it is cmark-gfm with the other four.
@Suite struct ExtensionSwitchTests {
    static let cases = GFMDifferentialTests.allCases

    /// Every extension, with its `cmark-gfm -e` name.
    static let switches: [(ParseOptions.Extensions, String)] = [
        (.table, "table"), (.taskList, "tasklist"), (.strikethrough, "strikethrough"), (.autolink, "autolink"),
        (.footnotes, "footnotes"),
    ]

    @Test(arguments: cases)
    func allOffIsPlainCmark(_ example: GFMDifferentialTests.Case) {
        let bytes = Array(example.markdown.utf8)
        let ours = GFMOracle.ours(bytes, extensions: .none)
        let cmark = CmarkReference.html(bytes)
        #expect(ours == cmark, "\(GFMDifferentialTests.firstDifference(ours, cmark))")
        let tree = MarkdownParser(options: .commonMark).parse(bytes: bytes)
        let explicit = MarkdownParser(options: ParseOptions(extensions: [])).parse(bytes: bytes)
        #expect(tree == explicit)
    }

    @Test(arguments: cases)
    func eachOffMatchesCmarkGFMWithoutIt(_ example: GFMDifferentialTests.Case) throws {
        let bytes = Array(example.markdown.utf8)
        for (flag, name) in Self.switches {
            let remaining = Self.switches.filter { $0.1 != name }
            let theirs = try GFMOracle.html(bytes, extensions: remaining.map(\.1))
            var options: ParseOptions.Extensions = [.gfm, .footnotes]
            options.remove(flag)
            let ours = GFMOracle.ours(bytes, extensions: options)
            #expect(ours == theirs, "without \(name): \(GFMDifferentialTests.firstDifference(ours, theirs))")
        }
    }

    @Test func namesParse() {
        #expect(ParseOptions.Extensions(names: "table,tasklist,strikethrough,autolink") == .gfm)
        #expect(
            ParseOptions.Extensions(names: "table,tasklist,strikethrough,autolink,alerts,math,footnotes") == .standard)
        #expect(ParseOptions.Extensions(names: "table") == [.table])
        #expect(ParseOptions.Extensions(names: "tables") == nil)
    }
}
