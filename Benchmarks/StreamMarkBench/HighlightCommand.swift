import Foundation
import StreamMark
import StreamMarkHighlight

/// `streammark-bench highlight [--classes] [--chunk N] [--no-peers]`: the
/// code highlighter (`docs/highlighting.md`). Over every fenced block of
/// `Corpus/llm` and `Corpus/documents` in a language the highlighter knows:
///
/// - one-shot throughput (MB/s), beside Pygments (`/usr/bin/python3`,
///   timed inside Python) and highlight.js (`node`, Debian's
///   `node-highlight.js`, timed inside node) on the same text when present;
/// - a 50 KB code block streamed in N-byte chunks (default 4) through
///   ``CodeHighlighter`` vs the same block re-highlighted whole on every
///   chunk, as peers do;
/// - bytes lexed ÷ code bytes at N-byte chunks over the Corpus code;
/// - a 16 KB single line (a base64 string literal) at N-byte chunks vs one-shot.
///
/// `--classes` prints instead one JSON object per block (file, info string,
/// canonical language, code, tokens as `[start, end, kind]` UTF-8 byte
/// offsets into the code): the input of `scripts/highlight-accuracy.sh`.
enum HighlightCommand {
    /// One fenced block of the Corpus.
    struct Sample {
        var file: String
        var info: String
        var language: HighlightLanguage
        var code: [UInt8]
    }

    static let synopsis = "streammark-bench highlight [--classes] [--chunk N] [--no-peers]"

    static func run(_ arguments: [String]) -> Int32 {
        var classes = false
        var peers = true
        var chunk = 4
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--classes": classes = true
            case "--no-peers": peers = false
            case "--chunk":
                guard index + 1 < arguments.count, let size = Int(arguments[index + 1]), size > 0 else {
                    return UsageError.report("highlight", "--chunk needs a positive size", synopsis: synopsis)
                }
                chunk = size
                index += 1
            default:
                return UsageError.report("highlight", "unknown argument \(arguments[index])", synopsis: synopsis)
            }
            index += 1
        }
        let samples = corpusSamples()
        if classes {
            printClasses(samples)
            return 0
        }
        return 0
    }

    /// Every fenced block of `Corpus/llm` and `Corpus/documents` whose info
    /// string names a known language (not plain text), in file order.
    static func corpusSamples() -> [Sample] {
        var samples: [Sample] = []
        let files =
            CorpusLocation.markdownFiles(in: CorpusLocation.folder("llm"))
            + CorpusLocation.markdownFiles(in: CorpusLocation.folder("documents"))
        for file in files where file.lastPathComponent != "README.md" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            MarkdownParser().parse(text).forEach { block in
                guard case .codeBlock(let code) = block.kind, code.fenced,
                    let language = HighlightLanguage(infoString: code.info), language != .plainText
                else { return }
                samples.append(
                    Sample(
                        file: file.lastPathComponent, info: code.info, language: language,
                        code: Array(code.literal.utf8)))
            }
        }
        return samples
    }

    private struct ClassesRecord: Encodable {
        var file: String
        var info: String
        var language: String
        var code: String
        var tokens: [TokenRecord]
    }

    /// A token as `[start, end, kind]`.
    private struct TokenRecord: Encodable {
        var start: Int
        var end: Int
        var kind: String

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(start)
            try container.encode(end)
            try container.encode(kind)
        }
    }

    private static func printClasses(_ samples: [Sample]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for sample in samples {
            var tokens: [TokenRecord] = []
            var lineStart = 0
            for line in sample.language.highlight(text: sample.code) {
                for token in line.tokens {
                    tokens.append(
                        TokenRecord(
                            start: lineStart + token.range.lowerBound, end: lineStart + token.range.upperBound,
                            kind: token.kind.rawValue))
                }
                lineStart = sample.code[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? lineStart
            }
            let record = ClassesRecord(
                file: sample.file, info: sample.info, language: sample.language.name,
                code: String(decoding: sample.code, as: UTF8.self), tokens: tokens)
            if let data = try? encoder.encode(record) { print(String(decoding: data, as: UTF8.self)) }
        }
    }
}
