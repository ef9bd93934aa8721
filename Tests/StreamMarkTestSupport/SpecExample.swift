import Foundation

/// One example of a CommonMark-style spec file (`spec.txt`,
/// `regression.txt`, `smart_punct.txt`, the GFM spec and `extensions.txt`),
/// read as cmark's `test/spec_tests.py` reads it: the one reader of these
/// files in the tests.
///
/// A line that (stripped) starts with 32 backticks and ` example` opens an
/// example (the words after `example` are its ``tags``, e.g. `table`), a
/// `.` line separates the Markdown from the HTML, and a line of 32
/// backticks closes it. Lines keep their newline; `→` stands for a tab.
public struct SpecExample: Hashable, Sendable, CustomStringConvertible {
    /// The file name given to ``examples(in:file:)``, e.g. `spec.txt`.
    public var file: String
    /// 1-based number of the example in its file.
    public var number: Int
    /// The section heading the example is under.
    public var section: String
    /// The words after `example` on the opening line (e.g. `table`).
    public var tags: [String]
    /// 1-based line of the opening fence in the file.
    public var line: Int
    /// The Markdown input (`→` already replaced by a tab).
    public var markdown: String
    /// The expected HTML (`→` already replaced by a tab).
    public var html: String

    /// `spec.txt #12 (line 345, Tabs)`: how a test argument is shown.
    public var description: String { "\(file) #\(number) (line \(line), \(section))" }

    /// Every example of a spec file's text.
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func examples(in text: String, file: String = "") -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var state = 0  // 0 prose, 1 Markdown, 2 HTML
        var markdown = ""
        var html = ""
        var section = ""
        var tags: [String] = []
        var startLine = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
            text.hasSuffix("\n") ? 1 : 0)
        {
            lineNumber += 1
            let stripped = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if stripped.hasPrefix(fence + " example") {
                state = 1
                startLine = lineNumber
                tags = stripped.dropFirst(fence.count + 8).split(separator: " ").map(String.init)
            } else if stripped == fence {
                state = 0
                examples.append(
                    SpecExample(
                        file: file, number: examples.count + 1, section: section, tags: tags, line: startLine,
                        markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                        html: html.replacingOccurrences(of: "→", with: "\t")))
                markdown = ""
                html = ""
            } else if stripped == "." {
                state = 2
            } else if state == 1 {
                markdown += rawLine + "\n"
            } else if state == 2 {
                html += rawLine + "\n"
            } else if let heading = heading(rawLine) {
                section = heading
            }
        }
        return examples
    }

    /// The examples of `Corpus/<folder>/<name>` (none if it cannot be read).
    public static func load(_ name: String, folder: String = "commonmark") -> [SpecExample] {
        let url = CorpusAnswers.root.appendingPathComponent("Corpus/\(folder)/\(name)")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return examples(in: String(decoding: data, as: UTF8.self), file: name)
    }

    /// The text of a `#+ ` heading line, or `nil`.
    private static func heading(_ line: Substring) -> String? {
        let hashes = line.prefix(while: { $0 == "#" })
        guard !hashes.isEmpty, line.dropFirst(hashes.count).first == " " else { return nil }
        return line.dropFirst(hashes.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
