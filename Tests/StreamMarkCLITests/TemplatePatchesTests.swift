import Foundation
import StreamMark
import Testing

/// `streammark template --format patches` writes the patch protocol that
/// `streammark apply` reads: the stream of a data sequence, applied, is the
/// HTML of the sequence's last state rendered on its own
/// (`template --data LAST --format html`), in protocol versions 2 and 1.
@Suite("streammark template patches")
struct TemplatePatchesTests {
    /// A template and its data states (JSON objects, one per line).
    struct Sequence: Sendable, CustomTestStringConvertible {
        var name: String
        var template: String
        var states: [String]
        var testDescription: String { name }
    }

    static let checklist = CommandFixtures.template

    /// Headings, raw Markdown bodies and fenced code that grow from state to state.
    static let sections = """
        ## {{title}}

        {{#each sections key=id}}
        ### {{name}}

        {{{body}}}

        ```{{lang}}
        {{{code}}}
        ```

        {{/each}}
        Footer: {{footer}}

        """

    /// A table with keyed rows and a nested list with arrays of strings.
    static let nested = """
        | name | score |
        |---|---|
        {{#each rows key=k}}
        | {{name}} | {{score}} |
        {{/each}}

        {{#each groups key=id}}
        - {{label}}
        {{#each items key=.}}
          - {{.}}
        {{/each}}
        {{/each}}

        """

    static let handWritten: [Sequence] = [
        Sequence(name: "checklist", template: checklist, states: CommandFixtures.states),
        Sequence(
            name: "checklist emptied and refilled", template: checklist,
            states: [
                #"{"steps":[{"id":"a","title":"A"},{"id":"b","title":"B"}],"notes":[{"id":"n","text":"x"}]}"#,
                #"{"steps":[],"notes":[]}"#,
                #"{"steps":[{"id":"b","title":"B *again*","done":true}],"notes":[{"id":"m","text":"y"}]}"#,
                #"{"steps":[{"id":"c","title":"C"},{"id":"b","title":"B *again*"},{"id":"a","title":"A"}]}"#,
            ]),
        Sequence(
            name: "sections growing", template: sections,
            states: [
                #"{"title":"Report","sections":[{"id":"s1","name":"Intro","body":"Hel","lang":"swift","code":"let"}]}"#,
                #"{"title":"Report","sections":[{"id":"s1","name":"Intro","body":"Hello *wor","lang":"swift","code":"let x = 1"}]}"#,
                #"{"title":"Report","sections":[{"id":"s1","name":"Intro","body":"Hello *world*.\n\n- a\n- b","lang":"swift","code":"let x = 1\nlet y = 2"},{"id":"s2","name":"Next","body":"> quoted","lang":"","code":""}],"footer":"done"}"#,
                #"{"title":"Final report","sections":[{"id":"s2","name":"Next","body":"> quoted\n> more","lang":"py","code":"print(1)"},{"id":"s1","name":"Intro","body":"Hello *world*.","lang":"swift","code":"let x = 1"}],"footer":"done"}"#,
            ]),
        Sequence(
            name: "table and nested lists", template: nested,
            states: [
                #"{"rows":[{"k":"r1","name":"a","score":1}],"groups":[{"id":"g","label":"G","items":["x"]}]}"#,
                #"{"rows":[{"k":"r2","name":"b | c","score":2},{"k":"r1","name":"a","score":10}],"groups":[{"id":"g","label":"G","items":["x","y"]},{"id":"h","label":"H","items":[]}]}"#,
                #"{"rows":[],"groups":[{"id":"h","label":"H!","items":["z"]},{"id":"g","label":"G","items":["y"]}]}"#,
            ]),
    ]

    /// Seeded random sequences of the checklist: items inserted, removed,
    /// moved, renamed (often by growing the title) and ticked.
    static let random: [Sequence] = (1...6).map { seed in
        var random = SplitMix64(seed: UInt64(seed))
        let words = ["plan", "*now*", "`code`", "a|b", "ü", "[l](u)", "<x>", "#h", "1. n", "~~s~~"]
        var steps: [(id: String, title: String, done: Bool)] = []
        var states: [String] = []
        var next = 0
        for _ in 0..<8 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = steps.isEmpty ? 0 : Int.random(in: 0..<steps.count, using: &random)
                switch Int.random(in: 0...5, using: &random) {
                case 0, 1:
                    next += 1
                    steps.insert((id: "k\(next)", title: words.randomElement(using: &random)!, done: false), at: index)
                case 2 where !steps.isEmpty: steps.remove(at: index)
                case 3 where !steps.isEmpty:
                    steps.insert(steps.remove(at: index), at: Int.random(in: 0..<steps.count + 1, using: &random))
                case 4 where !steps.isEmpty: steps[index].title += " " + words.randomElement(using: &random)!
                case 5 where !steps.isEmpty: steps[index].done.toggle()
                default: break
                }
            }
            let object: [String: Any] = [
                "steps": steps.map { ["id": $0.id, "title": $0.title, "done": $0.done] },
                "notes": steps.prefix(2).map { ["id": "n" + $0.id, "text": $0.title] },
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            states.append(String(decoding: data, as: UTF8.self))
        }
        return Sequence(name: "random \(seed)", template: checklist, states: states)
    }

    /// Writes a sequence's template, states and last state to files.
    static func files(_ sequence: Sequence, states count: Int? = nil) -> (
        template: String, states: String, last: String
    ) {
        let states = Array(sequence.states.prefix(count ?? sequence.states.count))
        let base = CLI.temporaryFile()
        let paths = (base.path + ".tmpl", base.path + ".ndjson", base.path + ".json")
        _ = FileManager.default.createFile(atPath: paths.0, contents: Data(sequence.template.utf8))
        _ = FileManager.default.createFile(
            atPath: paths.1, contents: Data((states.joined(separator: "\n") + "\n").utf8))
        _ = FileManager.default.createFile(atPath: paths.2, contents: Data((states.last ?? "{}").utf8))
        return paths
    }

    static func remove(_ files: (template: String, states: String, last: String)) {
        for path in [files.template, files.states, files.last] { try? FileManager.default.removeItem(atPath: path) }
    }

    /// `template … --format patches [--protocol V] | apply` and the HTML
    /// of the last state alone.
    static func applied(_ files: (template: String, states: String, last: String), version: String) -> (
        stream: CLI.Result, applied: CLI.Result, expected: CLI.Result
    )? {
        guard
            let stream = CLI.run(
                [
                    "template", files.template, "--data-sequence", files.states, "--format", "patches", "--protocol",
                    version,
                ]),
            let applied = CLI.run(["apply"], input: stream.output),
            let expected = CLI.run(["template", files.template, "--data", files.last, "--format", "html"])
        else { return nil }
        return (stream, applied, expected)
    }

    @Test(arguments: handWritten + random, ["2", "1"])
    func appliedStreamIsTheLastStatesHTML(sequence: Sequence, version: String) {
        let files = Self.files(sequence)
        defer { Self.remove(files) }
        guard let (stream, applied, expected) = Self.applied(files, version: version) else { return }
        #expect(stream.status == 0, "\(stream.error)")
        #expect(applied.status == 0, "\(applied.error)")
        #expect(expected.status == 0, "\(expected.error)")
        #expect(!expected.output.isEmpty)
        #expect(applied.text == expected.text)
        let lines = stream.text.split(separator: "\n")
        if version == "2" {
            #expect(lines.first == #"{"v":2}"#)
            #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("[") || $0.hasPrefix("\"") }, "short form")
        } else {
            #expect(lines.allSatisfy { $0.hasPrefix(#"{""#) && $0.contains(#""op":"#) })
        }
        // The session's own final HTML is the same.
        guard
            let session = CLI.run(["template", files.template, "--data-sequence", files.states, "--format", "html"])
        else { return }
        #expect(session.text == expected.text)
    }

    /// After every state of a sequence: the stream so far, applied, is
    /// that state's HTML.
    @Test(arguments: [handWritten[2], random[0]])
    func everyPrefixOfTheSequenceApplies(sequence: Sequence) {
        for count in 1...sequence.states.count {
            let files = Self.files(sequence, states: count)
            defer { Self.remove(files) }
            guard let (_, applied, expected) = Self.applied(files, version: "2") else { return }
            #expect(applied.status == 0, "\(applied.error)")
            #expect(applied.text == expected.text, "after state \(count)")
        }
    }

    /// Version 2 sends a growing text as a delta, not the whole block again.
    @Test func growingTextIsSentAsADelta() {
        let files = Self.files(Self.handWritten[2], states: 2)
        defer { Self.remove(files) }
        guard let (stream, _, _) = Self.applied(files, version: "2") else { return }
        #expect(stream.text.contains(#""let x = 1""#) == false, "the code block is not sent whole")
        #expect(stream.text.contains(#"" x = 1""#))
    }
}
