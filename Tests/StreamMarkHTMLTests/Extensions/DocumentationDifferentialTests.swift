import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport
import Testing

/// Documentation-shaped generated documents (``DocumentationGenerator``:
/// API references, changelogs, READMEs, answers) render byte for byte as
/// cmark-gfm renders them with the four extensions: 24 large documents
/// (about 32 KB, base64 strings of kilobytes) and 300 small ones (about 2 KB).
///
/// A difference found here is minimized with the differential fuzzer's
/// tools (`StreamMarkFuzzTools reduce --html`, docs/fuzzing.md) and fixed,
/// or listed as a known difference in docs/extensions.md with a test of
/// its own.
@Suite struct DocumentationDifferentialTests {
    static func document(_ key: String) -> [UInt8] {
        let parts = key.split(separator: ":")
        let options: DocumentationGenerator.Options = parts[0] == "large" ? .large : .small
        return Array(DocumentationGenerator.document(seed: UInt64(parts[1])!, options: options).utf8)
    }

    static let keys = (1...24).map { "large:\($0)" } + (1...300).map { "small:\($0)" }

    @Test func allCompared() throws {
        var compared = 0
        for key in Self.keys {
            let bytes = Self.document(key)
            let ours = GFMOracle.ours(bytes)
            let theirs = try GFMOracle.html(bytes)
            #expect(ours == theirs, "\(key): \(GFMDifferentialTests.firstDifference(ours, theirs))")
            compared += 1
        }
        #expect(compared == 324)
    }
}
