/// One example of a CommonMark-style spec file (`spec.txt`,
/// `regression.txt`, `smart_punct.txt`, the GFM spec and `extensions.txt`).
///
/// Examples are the fenced blocks opened by a line of 32 backticks followed
/// by `example` (and optional extension names); the Markdown and the
/// expected HTML are separated by a line holding a single `.`, and `→`
/// stands for a tab.
public struct SpecExample: Hashable, Sendable {
    /// 1-based number of the example in its file.
    public var number: Int
    /// The section heading the example is under.
    public var section: String
    /// The words after `example` on the opening line (e.g. `table`).
    public var tags: [String]
    /// The Markdown input.
    public var markdown: String
    /// The expected HTML.
    public var html: String
    /// 1-based line of the opening fence in the file.
    public var line: Int

    /// Reads every example of a spec file's text.
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func examples(in text: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var state = 0  // 0 outside, 1 markdown, 2 html
        var markdown = ""
        var html = ""
        var tags: [String] = []
        var startLine = 0
        var lineNumber = 0
        // Split on \n only: spec files may hold bare \r inside examples.
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = String(rawLine)
            switch state {
            case 0:
                if line.hasPrefix(fence + " example") {
                    tags = line.dropFirst(fence.count + 8).split(separator: " ").map(String.init)
                    state = 1
                    markdown = ""
                    html = ""
                    startLine = lineNumber
                } else if line.hasPrefix("#") {
                    section = String(line.drop(while: { $0 == "#" }).drop(while: { $0 == " " }))
                }
            case 1:
                if line == "." { state = 2 } else { markdown += line + "\n" }
            default:
                if line == fence {
                    examples.append(
                        SpecExample(
                            number: examples.count + 1, section: section, tags: tags,
                            markdown: markdown.replacingTabs(), html: html.replacingTabs(), line: startLine))
                    state = 0
                } else {
                    html += line + "\n"
                }
            }
        }
        return examples
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(unicodeScalars.map { $0 == "→" ? "\t" : Character($0) })
    }
}
