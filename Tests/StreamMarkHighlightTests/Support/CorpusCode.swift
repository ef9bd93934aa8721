import Foundation
import StreamMark
import StreamMarkHighlight

/// The fenced code blocks of `Corpus/llm` and `Corpus/documents`, found with
/// the engine's parser.
enum CorpusCode {
    /// One fenced block.
    struct Block: Sendable, CustomStringConvertible {
        var file: String
        var info: String
        var language: HighlightLanguage?
        var code: [UInt8]

        var description: String { "\(file) (\(info))" }
    }

    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every fenced block, in file order, whatever its language.
    static let blocks: [Block] = {
        var blocks: [Block] = []
        for folder in ["llm", "documents"] {
            let directory = root.appendingPathComponent("Corpus").appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".md") && name != "README.md" {
                let url = directory.appendingPathComponent(name)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                MarkdownParser().parse(text).forEach { block in
                    guard case .codeBlock(let code) = block.kind, code.fenced else { return }
                    blocks.append(
                        Block(
                            file: name, info: code.info, language: HighlightLanguage(infoString: code.info),
                            code: Array(code.literal.utf8)))
                }
            }
        }
        return blocks
    }()

    /// The blocks in a language the highlighter knows (not plain text).
    static var highlighted: [Block] {
        blocks.filter { $0.language != nil && $0.language != .plainText }
    }
}

/// Streams `code` into a ``CodeHighlighter`` in chunks whose sizes `next`
/// gives.
func stream(
    _ code: [UInt8], language: HighlightLanguage, chunkSizes next: () -> Int
) -> CodeHighlighter {
    var highlighter = CodeHighlighter(language: language)
    var start = 0
    while start < code.count {
        let end = min(code.count, start + next())
        highlighter.append(code[start..<end])
        start = end
    }
    return highlighter
}

/// The lines of `code` highlighted one by one with the pure function, the
/// open last line included (as if complete).
func oneShotLines(_ code: [UInt8], language: HighlightLanguage) -> [HighlightedLine] {
    var lines: [HighlightedLine] = []
    var state = HighlightState.initial
    var start = 0
    while start <= code.count {
        let end = code[start...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
        if end == code.count, start == end { break }
        let line = language.highlight(line: code[start..<end], after: state)
        lines.append(line)
        state = line.state
        start = end + 1
    }
    return lines
}

/// The completed lines of a highlighter and its open line (finished).
func allLines(_ highlighter: CodeHighlighter) -> [HighlightedLine] {
    highlighter.lines + (highlighter.finishedOpenLine().map { [$0] } ?? [])
}
