import Foundation
import StreamMark
import StreamMarkTestSupport

/// Files the command tests pass to `streammark` and `streammark-bench`,
/// written once into a temporary folder.
enum CommandFixtures {
    /// A Markdown document whose every option shows: a table (extensions),
    /// strikethrough, emphasis, a link, and a line longer than 20 columns.
    static let markdown = """
        # Title

        Some *emphasis*, ~~struck~~ text and [a link](https://example.com/x) in a line longer than twenty columns.

        | a | b |
        |---|---|
        | 1 | 2 |

        """

    /// The plan template of docs/templates.md, with a note loop.
    static let template = """
        # Plan

        {{#each steps key=id}}
        - [{{#if done}}x{{else}} {{/if}}] {{title}}
        {{/each}}

        {{#each notes key=id}}
        > {{text}}

        {{/each}}

        """

    /// Three states of `template`: items added, done, moved, removed, renamed.
    static let states = [
        #"{"steps":[{"id":"a","title":"Search"}],"notes":[]}"#,
        #"{"steps":[{"id":"a","title":"Search the docs","done":true},{"id":"b","title":"Write"}],"notes":[{"id":"n","text":"hi"}]}"#,
        #"{"steps":[{"id":"b","title":"Write it"},{"id":"a","title":"Search the docs","done":true},{"id":"c","title":"Ship"}],"notes":[]}"#,
    ]

    /// The folder holding the files.
    static let directory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "streammark-cli-fixtures-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            "doc.md": markdown, "plan.tmpl": template, "states.ndjson": states.joined(separator: "\n") + "\n",
            "state.json": states[1],
        ]
        for (name, text) in files {
            _ = FileManager.default.createFile(
                atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8))
        }
        return directory
    }()

    /// The path of a fixture: `doc.md`, `plan.tmpl`, `states.ndjson`, `state.json`.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// `markdown` as an Ollama `/api/chat` stream.
    static var ollamaStream: [UInt8] {
        WireEncoder(format: .ollama).encode(markdown.split(separator: " ").map { $0 + " " })
    }

    /// `markdown` as a version-2 patch stream (one patch batch per 16 bytes).
    static var patchStream: [UInt8] {
        var document = StreamingDocument()
        var writer = PatchStreamWriter()
        let bytes = Array(markdown.utf8)
        for start in stride(from: 0, to: bytes.count, by: 16) {
            writer.write(document.append(bytes: bytes[start..<min(bytes.count, start + 16)]))
        }
        writer.write(document.finish())
        return writer.takeBytes()
    }
}
