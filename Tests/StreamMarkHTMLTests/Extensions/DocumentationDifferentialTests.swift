import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Documentation-shaped generated documents (``DocumentationGenerator``:
/// API references, changelogs, READMEs, answers) render byte for byte as
/// cmark-gfm renders them with the four extensions: 24 large documents
/// (about 32 KB, base64 strings of kilobytes) and 300 small ones (about 2 KB).
///
/// Documents that hit a difference found by the differential fuzzer and not
/// fixed yet are listed in ``stillDiffering`` with the minimized input, and
/// tested to still differ, so the list stays true.
@Suite struct DocumentationDifferentialTests {
    /// Generated documents that differ, by `large:SEED` / `small:SEED`, with
    /// the minimized difference (in the findings of scripts/fuzz-diff.sh).
    static let stillDiffering: [String: String] = [
        "small:39":
            "\"`\\n-:\\n    }\\n\\n\\t:\": indented code after a table is split at its blank line into two code blocks"
    ]

    static func document(_ key: String) -> [UInt8] {
        let parts = key.split(separator: ":")
        let options: DocumentationGenerator.Options = parts[0] == "large" ? .large : .small
        return Array(DocumentationGenerator.document(seed: UInt64(parts[1])!, options: options).utf8)
    }

    static let keys = (1...24).map { "large:\($0)" } + (1...300).map { "small:\($0)" }

    @Test func allCompared() throws {
        var compared = 0
        for key in Self.keys where Self.stillDiffering[key] == nil {
            let bytes = Self.document(key)
            let ours = GFMOracle.ours(bytes)
            let theirs = try GFMOracle.html(bytes)
            #expect(ours == theirs, "\(key): \(GFMDifferentialTests.firstDifference(ours, theirs))")
            compared += 1
        }
        #expect(compared == Self.keys.count - Self.stillDiffering.count)
    }

    @Test(arguments: stillDiffering.keys.sorted())
    func stillDiffers(_ key: String) throws {
        let bytes = Self.document(key)
        #expect(GFMOracle.ours(bytes) != (try GFMOracle.html(bytes)), "now equal: remove \(key) from stillDiffering")
    }
}
