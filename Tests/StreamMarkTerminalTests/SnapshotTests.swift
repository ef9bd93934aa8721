import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// Terminal output of Corpus answers (and a CJK/emoji fixture) compared with
/// the files committed under Tests/Snapshots/terminal/. A missing or
/// different snapshot fails; run with `STREAMMARK_RECORD_SNAPSHOTS=1` to
/// (re)write them, then review the diff before committing.
@Suite("Terminal snapshots")
struct SnapshotTests {
    /// Answers without pipe tables, covering code, quotes, nested lists,
    /// headings and Chinese, Japanese, Korean, Russian and German text.
    static let documents = [
        "008-python-mock-bytesio.md", "022-keras-csv-classifier.md", "023-terraform-playwright-multi-ip.md",
        "029-ko-pandas-module-not-found.md", "030-zh-rectangle-area-segment-tree.md",
        "033-de-httpx-streaming-fastapi.md", "034-ja-haiku-conditions.md", "035-ru-micro-ros-arduino.md",
        "040-ja-solar-water-heater-design.md", "fixtures/emoji-cjk-wrapping.md",
    ]

    static let directory = CorpusAnswers.root.appendingPathComponent("Tests/Snapshots/terminal")

    struct Case: CustomStringConvertible, Sendable {
        var document: String
        var width: Int
        var styled: Bool
        var theme = TerminalTheme.dark
        var highlightsCode = true
        var description: String { snapshotName }
        var snapshotName: String {
            let base = (document as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
            let style = styled ? ".styled" + (theme == .dark ? "" : ".\(theme)") : ""
            return "\(base).w\(width)\(style)\(highlightsCode ? "" : ".one-color-code").txt"
        }
    }

    static let cases: [Case] =
        documents.flatMap {
            [Case(document: $0, width: 80, styled: false), Case(document: $0, width: 40, styled: false)]
        }
        + [
            Case(document: "022-keras-csv-classifier.md", width: 80, styled: true),
            Case(document: "022-keras-csv-classifier.md", width: 80, styled: true, theme: .light),
            Case(document: "023-terraform-playwright-multi-ip.md", width: 80, styled: true),
            // Recorded before highlighting existed: code in one color is
            // drawn exactly as it was.
            Case(document: "022-keras-csv-classifier.md", width: 80, styled: true, highlightsCode: false),
            Case(document: "fixtures/emoji-cjk-wrapping.md", width: 40, styled: true),
        ]

    static func input(_ document: String) -> [UInt8] {
        if document.hasPrefix("fixtures/") {
            return (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(document)))) ?? []
        }
        return CorpusAnswers.bytes(document)
    }

    @Test(arguments: cases)
    func matchesSnapshot(_ testCase: Case) throws {
        let bytes = Self.input(testCase.document)
        #expect(!bytes.isEmpty, "missing input \(testCase.document)")
        let options = TerminalOptions(
            width: testCase.width, color: testCase.styled, hyperlinks: testCase.styled, theme: testCase.theme,
            highlightsCode: testCase.highlightsCode)
        let output = TerminalRenderer(options: options).render(document: MarkdownParser().parse(bytes: bytes))
        let url = Self.directory.appendingPathComponent(testCase.snapshotName)
        if ProcessInfo.processInfo.environment["STREAMMARK_RECORD_SNAPSHOTS"] == "1" {
            try output.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing snapshot \(testCase.snapshotName); record with STREAMMARK_RECORD_SNAPSHOTS=1")
            return
        }
        if output != expected {
            let got = output.split(separator: "\n", omittingEmptySubsequences: false)
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first =
                zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
            Issue.record(
                "\(testCase.snapshotName) differs at line \(first + 1): got \(first < got.count ? String(got[first]) : "<end>") expected \(first < want.count ? String(want[first]) : "<end>")"
            )
        }
        // Independent of the snapshot: no line is wider than the width,
        // except code lines, which are never wrapped.
        if !testCase.styled {
            var inCode = false
            for line in output.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " || $0 == "│" || $0 == "•" || $0 == "◦" || $0 == "▪" }
                if trimmed.hasPrefix("```") {
                    inCode.toggle()
                    continue
                }
                if !inCode { #expect(DisplayWidth.of(line) <= testCase.width, "\(line)") }
            }
        }
    }
}
