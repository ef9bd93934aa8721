import Foundation
import Testing

/// One example of a CommonMark spec file (`spec.txt` format), read as
/// cmark's `test/spec_tests.py` reads it.
struct SpecExample: Sendable, CustomTestStringConvertible {
    /// The file name, e.g. `spec.txt`.
    var file: String
    /// 1-based example number within the file.
    var number: Int
    /// The section heading the example is under.
    var section: String
    /// Line of the opening fence.
    var line: Int
    /// The Markdown input (`→` already replaced by a tab).
    var markdown: String
    /// The expected HTML (`→` already replaced by a tab).
    var html: String

    var testDescription: String { "\(file) #\(number) (line \(line), \(section))" }

    /// The examples of a spec file's text.
    ///
    /// A line that (stripped) starts with 32 backticks and ` example` opens
    /// an example, a `.` line separates Markdown from HTML, and a line of 32
    /// backticks closes it. Lines keep their newline; `→` stands for a tab.
    static func parse(_ text: String, file: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var state = 0  // 0 prose, 1 Markdown, 2 HTML
        var markdown = ""
        var html = ""
        var section = ""
        var startLine = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
            text.hasSuffix("\n") ? 1 : 0)
        {
            lineNumber += 1
            let line = rawLine + "\n"
            let stripped = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if stripped.hasPrefix(fence + " example") {
                state = 1
                startLine = lineNumber
            } else if stripped == fence {
                state = 0
                examples.append(
                    SpecExample(
                        file: file, number: examples.count + 1, section: section, line: startLine,
                        markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                        html: html.replacingOccurrences(of: "→", with: "\t")))
                markdown = ""
                html = ""
            } else if stripped == "." {
                state = 2
            } else if state == 1 {
                markdown += line
            } else if state == 2 {
                html += line
            } else if state == 0, let heading = Self.heading(rawLine) {
                section = heading
            }
        }
        return examples
    }

    /// The text of a `#+ ` heading line, or `nil`.
    private static func heading(_ line: Substring) -> String? {
        let hashes = line.prefix(while: { $0 == "#" })
        guard !hashes.isEmpty, line.dropFirst(hashes.count).first == " " else { return nil }
        return line.dropFirst(hashes.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The examples of `Corpus/commonmark/<name>`.
    static func load(_ name: String) -> [SpecExample] {
        guard let data = try? Data(contentsOf: Repository.corpus.appendingPathComponent("commonmark/\(name)")) else {
            return []
        }
        return parse(String(decoding: data, as: UTF8.self), file: name)
    }
}
