import StreamMark
import Testing

/// The prefix-identity harness with the extensions on, over inputs that
/// exercise the layer's edges: tables that split paragraphs, absorb the next
/// block or end in other blocks, tasks, tildes and autolinks. At every byte
/// the streamed tree must equal the one-shot parse of the prefix.
@Suite struct ExtensionStreamingTests {
    static let inputs: [String] = [
        "| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 |\n\nafter\n",
        "intro line\nmore\n| a | b |\n| - | - |\n| 1 | 2 |\n",
        "| a |\n| - |\n    code\n2. item\n",
        "| a |\n| - |\n| b |\n===\nnext line\n| c |\n",
        "| a |\n| - |\n| b |\n---\n",
        "| a |\n| - |\n-\n- [x] b\n",
        "> | a | b |\n> | - | - |\n> | 1 | 2 |\n\n- | c |\n  | - |\n  | e |\n- d\n",
        "- [ ] a\n- [x] b ~~c~~\n  - [ ] nested www.x.com\n",
        "~~a~~ ~b~ ~~~c~~~ x@y.com http://a.b/(c)) www.d.e.\n",
        "| `a|b` | c \\| d |\n| - | - |\n| **x** | [l](http://u) |\n",
        "[r]: http://r\n\n| a |\n| - |\n| [r] |\n",
        "> | a |\n> | - |\n> | b |\nlazy\n> c\n\nd\n",
        "Text\n\n| Model | Score |\n|-------|------:|\n| A | 1 |\n| B | 2 |\n\nDone.\n",
    ]

    @Test func everyByteWithExtensions() {
        let harness = PrefixHarness(options: ParseOptions())
        var prefixes = 0
        var failures: [String] = []
        for (index, input) in Self.inputs.enumerated() {
            let report = harness.verify(name: "input \(index)", bytes: Array(input.utf8), chunking: .everyByte)
            prefixes += report.prefixesChecked
            if let violation = report.violations.first { failures.append(violation.description) }
        }
        #expect(failures.isEmpty, "\(failures.count) inputs failed; first: \(failures.prefix(3))")
        #expect(prefixes > 500)
    }

    /// GFM spec examples tagged with an extension, every byte.
    @Test func everyByteOverGFMExtensionExamples() {
        let examples = CorpusFiles.specExamples("gfm/spec.txt").filter {
            $0.tags.contains { ["table", "strikethrough", "autolink", "disabled"].contains($0) }
        }
        #expect(examples.count == 23)
        let harness = PrefixHarness(options: ParseOptions())
        var failures: [String] = []
        for example in examples {
            let report = harness.verify(
                name: "gfm example \(example.number)", bytes: Array(example.markdown.utf8), chunking: .everyByte)
            if let violation = report.violations.first { failures.append(violation.description) }
        }
        #expect(failures.isEmpty, "\(failures.count) examples failed; first: \(failures.prefix(3))")
    }
}
