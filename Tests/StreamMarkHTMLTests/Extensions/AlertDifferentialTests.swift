import StreamMark
import StreamMarkHTML
import Testing

/// GitHub alerts against `cmark-gfm`, which knows no alerts: an alert's
/// HTML must be GitHub's wrapper (`<div class="markdown-alert
/// markdown-alert-KIND">` and its title) around exactly what cmark-gfm
/// renders for the quote's content without its marker line; every other
/// quote must render exactly as cmark-gfm renders it. Seeded random
/// documents of alerts, near-misses and plain blocks, separated by
/// thematic breaks so each part's expected HTML is its own.
@Suite struct AlertDifferentialTests {
    /// Blocks that render the same inside a quote as at the top (not task
    /// items: cmark-gfm makes no task of an item inside a quote).
    static let bodies = [
        "Useful *information* that users should know.\nA second line with `code` and https://example.com.",
        "- item one\n- item two ~~old~~",
        "```swift\nlet x = 1\n```",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "1. first\n2. second",
        "Text with **bold** and a [link](https://swift.org).",
        "> a nested quote",
        "# A heading",
        "Run `rm -rf build/` first.\n\nThen build again.",
    ]

    /// Quotes that look like alerts and are not (GitHub shows them as
    /// quotes): text after the marker, a wrong name, a marker that is not
    /// the first line, a quote inside a list or a quote.
    static let nearMisses = [
        "> [!NOTE] and more text\n> body",
        "> [!NOTES]\n> body",
        "> [! NOTE]\n> body",
        "> [!NOTE\n> body",
        "> [!]\n> body",
        "> [!NOTE]x\n> body",
        "> text first\n> [!NOTE]\n> body",
        "- > [!NOTE]\n  > body in a list",
        "> > [!TIP]\n> > body in a quote",
        "> \\[!NOTE]\n> escaped",
        "[!NOTE]\nnot in a quote",
    ]

    /// A document of `count` parts, and its expected HTML built from
    /// cmark-gfm's rendering of each part.
    static func document(seed: UInt64, count: Int) throws -> (markdown: String, expected: String) {
        var random = SeededGenerator(seed: seed)
        var parts: [String] = []
        var expected: [String] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                let kind = AlertKind.allCases.randomElement(using: &random)!
                let name = String(kind.rawValue.map { Bool.random(using: &random) ? Character($0.uppercased()) : $0 })
                let trailing = ["", " ", "  ", "\t"].randomElement(using: &random)!
                let body = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    bodies.randomElement(using: &random)!
                }.joined(separator: "\n\n")
                let lines =
                    ["[!\(name)]\(trailing)"]
                    + (body.isEmpty
                        ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                parts.append(lines.map { $0.isEmpty ? ">" : "> \($0)" }.joined(separator: "\n"))
                expected.append(
                    "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n"
                        + "<p class=\"markdown-alert-title\">\(kind.title)</p>\n"
                        + (try GFMOracle.html(Array(body.utf8))) + "</div>\n")
            case 2:
                let part = nearMisses.randomElement(using: &random)!
                parts.append(part)
                expected.append(try GFMOracle.html(Array(part.utf8)))
            default:
                let part = bodies.randomElement(using: &random)!
                parts.append(part)
                expected.append(try GFMOracle.html(Array(part.utf8)))
            }
        }
        return (parts.joined(separator: "\n\n***\n\n") + "\n", expected.joined(separator: "<hr />\n"))
    }

    @Test(arguments: 0..<8)
    func randomDocumentsMatchCmarkGFMInsideTheWrapper(batch: Int) throws {
        var alerts = 0
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            let (markdown, expected) = try Self.document(seed: seed, count: 5)
            let ours = GFMOracle.ours(Array(markdown.utf8), extensions: .standard)
            #expect(ours == expected, "seed \(seed):\n\(markdown)")
            alerts += ours.components(separatedBy: "markdown-alert-title").count - 1
        }
        #expect(alerts > 20)
    }

    /// Every near-miss, and every body, renders as cmark-gfm renders it.
    @Test func nearMissesAreQuotes() throws {
        for part in Self.nearMisses + Self.bodies {
            let bytes = Array(part.utf8)
            #expect(GFMOracle.ours(bytes, extensions: .standard) == (try GFMOracle.html(bytes)), "\(part)")
        }
    }

    /// With the extension off, an alert is the quote cmark-gfm renders.
    @Test func alertsOffRenderTheQuote() throws {
        let markdown = Array("> [!WARNING]\n> Back up first.\n".utf8)
        #expect(GFMOracle.ours(markdown, extensions: .gfm) == (try GFMOracle.html(markdown)))
        #expect(
            GFMOracle.ours(markdown, extensions: .standard)
                == "<div class=\"markdown-alert markdown-alert-warning\">\n"
                + "<p class=\"markdown-alert-title\">Warning</p>\n<p>Back up first.</p>\n</div>\n")
    }
}
