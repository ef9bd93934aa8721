import Foundation
import Testing

/// Every value option of every command, given as `--x=v` and as `--x v`:
/// both forms give the same output, and the option has its effect (the
/// output differs from a run without it, where the value is not the
/// default).
@Suite("option forms")
struct OptionFormTests {
    /// The program a case runs.
    enum Program: String, Sendable {
        case streammark
        case bench = "streammark-bench"
    }

    /// How two runs' outputs are compared.
    enum Comparison: Sendable {
        /// Byte for byte.
        case exact
        /// `streammark-bench --json` records: document, system, chunking and
        /// appends (the timings differ from run to run).
        case records
        /// `streammark-bench patches` tables without the timing columns.
        case patchTables
    }

    /// One option of one command.
    struct Case: Sendable, CustomTestStringConvertible {
        var program = Program.streammark
        /// The arguments before the option (subcommand, other options).
        var before: [String]
        var option: String
        var value: String
        /// The arguments after the option (files).
        var after: [String] = []
        /// Standard input.
        var input: Input = .none
        /// Whether the output differs from a run without the option (`false`
        /// where that is not so, or such a run is slow or writes the repository).
        var changesOutput = true
        var comparison = Comparison.exact
        /// Text the output shows when the option took effect.
        var shows: String?

        var testDescription: String {
            ([program.rawValue] + before + ["\(option)=\(value)"] + after).joined(separator: " ")
        }
    }

    /// Standard input of a case.
    enum Input: Sendable {
        case none, markdown, ollama, patches
    }

    static let doc = CommandFixtures.path("doc.md")
    static let plan = CommandFixtures.path("plan.tmpl")
    static let states = CommandFixtures.path("states.ndjson")
    static let state = CommandFixtures.path("state.json")
    /// Output folders of the two `generate` cases (removed after them).
    static let generated = [0, 1].map {
        FileManager.default.temporaryDirectory.appendingPathComponent("streammark-cli-generate-\($0)-\(UUID())").path
    }

    static let cases: [Case] = [
        // streammark
        Case(before: [], option: "--format", value: "html", input: .markdown),
        Case(before: ["--format", "html"], option: "--input", value: "ollama", input: .ollama),
        Case(before: ["--format", "patches"], option: "--replay", value: "3", input: .markdown),
        Case(before: ["--format", "patches"], option: "--replay", value: "5:1", input: .markdown),
        Case(before: [], option: "--width", value: "20", input: .markdown),
        Case(before: [], option: "--color", value: "always", input: .markdown),
        Case(before: [], option: "--colour", value: "always", input: .markdown),
        Case(before: ["--format", "html"], option: "--extensions", value: "table,autolink", input: .markdown),
        Case(before: ["--format", "patches"], option: "--protocol", value: "1", input: .markdown),
        Case(before: [], option: "--format", value: "tree", after: [doc]),
        // verify
        Case(before: ["verify"], option: "--chunking", value: "lines", after: [doc]),
        Case(before: ["verify"], option: "--chunking", value: "random:7", after: [doc]),
        Case(before: ["verify"], option: "--extensions", value: "table", after: [doc], changesOutput: false),
        // apply
        Case(before: ["apply"], option: "--format", value: "tree", input: .patches),
        Case(before: ["apply", "--format", "patches"], option: "--protocol", value: "1", input: .patches),
        // template
        Case(before: ["template", plan], option: "--data", value: state),
        Case(before: ["template", plan], option: "--data-sequence", value: states),
        Case(before: ["template", "--data", state], option: "--template", value: plan, changesOutput: false),
        Case(before: ["template", plan, "--data", state], option: "--format", value: "tree"),
        Case(before: ["template", plan, "--data-sequence", states], option: "--protocol", value: "1"),
        Case(before: ["template", plan, "--data", state, "--format", "terminal"], option: "--width", value: "5"),
        Case(before: ["template", plan, "--data", state, "--format", "terminal"], option: "--color", value: "always"),
        // verify --template
        Case(before: ["verify", "--data-sequence", states], option: "--template", value: plan, changesOutput: false),
        Case(before: ["verify", "--template", plan], option: "--data-sequence", value: states, changesOutput: false),
        // streammark-bench
        Case(
            program: .bench, before: ["--json", "--no-baselines", "--no-render", "--no-growth", "--no-memory"],
            option: "--chunk", value: "7", after: [doc], comparison: .records),
        Case(
            program: .bench, before: ["--json", "--no-baselines", "--no-render", "--no-growth", "--no-memory"],
            option: "--chunk", value: "line", after: [doc], comparison: .records),
        Case(
            program: .bench, before: ["--json", "--no-baselines", "--no-render", "--no-growth", "--no-memory"],
            option: "--filter", value: "doc", after: [doc, plan], comparison: .records),
        Case(
            program: .bench, before: ["--json", "--no-baselines", "--no-render", "--no-growth", "--no-memory"],
            option: "--cap", value: "0.5", after: [doc], changesOutput: false, comparison: .records),
        Case(program: .bench, before: ["--growth", "--filter", "none-such"], option: "--chunk", value: "64"),
        Case(
            program: .bench, before: ["--growth", "--chunk", "64"], option: "--filter", value: "none-such",
            changesOutput: false, shows: "worst  0.0×"),
        Case(
            program: .bench, before: ["generate", "--out", generated[0]], option: "--scale", value: "small",
            changesOutput: false, shows: "wrote small/"),
        Case(
            program: .bench, before: ["generate", "--scale", "small"], option: "--out", value: generated[1],
            changesOutput: false, shows: "wrote small/"),
        Case(
            program: .bench, before: ["patches"], option: "--chunk", value: "9", after: [doc], comparison: .patchTables),
        Case(
            program: .bench, before: ["memory-probe", "--kilobytes", "4", "--cap", "1"], option: "--chunk",
            value: "32", comparison: .records),
        Case(
            program: .bench, before: ["memory-probe", "--chunk", "32", "--cap", "1"], option: "--kilobytes",
            value: "4", changesOutput: false, comparison: .records, shows: "long-answer-4kb"),
        Case(
            program: .bench, before: ["memory-probe", "--kilobytes", "4", "--chunk", "32"], option: "--cap",
            value: "1", changesOutput: false, comparison: .records),
    ]

    /// Runs a case's command with `option` (the arguments of the option).
    static func run(_ testCase: Case, _ option: [String]) -> CLI.Result? {
        let arguments = testCase.before + option + testCase.after
        let input: [UInt8]? =
            switch testCase.input {
            case .none: nil
            case .markdown: Array(CommandFixtures.markdown.utf8)
            case .ollama: CommandFixtures.ollamaStream
            case .patches: CommandFixtures.patchStream
            }
        switch testCase.program {
        case .streammark: return CLI.run(arguments, input: input)
        case .bench: return CLI.runBench(arguments, input: input)
        }
    }

    /// The part of an output that a case compares.
    static func compared(_ result: CLI.Result, _ comparison: Comparison) -> String {
        switch comparison {
        case .exact:
            return result.text
        case .records:
            return result.text.split(separator: "\n").map { line in
                let record = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
                return ["document", "system", "chunking", "appends", "bytes"].map { "\(record[$0] ?? "-")" }
                    .joined(separator: " ")
            }.joined(separator: "\n")
        case .patchTables:
            return result.text.split(separator: "\n").compactMap { line in
                if line.hasPrefix("###") { return String(line) }
                guard line.hasPrefix("| ") else { return nil }
                return line.split(separator: "|").prefix(7).joined(separator: "|")
            }.joined(separator: "\n")
        }
    }

    @Test(arguments: cases)
    func bothFormsAreTheSame(_ testCase: Case) {
        guard let joined = Self.run(testCase, ["\(testCase.option)=\(testCase.value)"]),
            let separate = Self.run(testCase, [testCase.option, testCase.value])
        else { return }
        #expect(joined.status == 0, "\(joined.error)")
        #expect(separate.status == 0, "\(separate.error)")
        let output = Self.compared(joined, testCase.comparison)
        #expect(!output.isEmpty)
        #expect(output == Self.compared(separate, testCase.comparison))
        if let shown = testCase.shows { #expect(output.contains(shown)) }
        if testCase.option == "--out" {
            let written = URL(fileURLWithPath: testCase.value).appendingPathComponent("small")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: written.path))?.isEmpty == false)
        }
        for folder in Self.generated where (testCase.before + [testCase.value]).contains(folder) {
            try? FileManager.default.removeItem(atPath: folder)
        }
        guard testCase.changesOutput, let without = Self.run(testCase, []) else { return }
        #expect(output != Self.compared(without, testCase.comparison), "the option has an effect")
    }
}
