import Foundation
import StreamMark
import StreamMarkHighlight
import StreamMarkOptions

/// `streammark-bench highlight [--classes] [--chunk N] [--no-peers] [--cpu-time]`: the
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

    /// The one-line usage.
    static let usage = "usage: streammark-bench highlight [--classes] [--chunk N] [--no-peers] [--cpu-time]"

    static func run(_ arguments: [String]) -> Int32 {
        UsageError.run(usage: usage) { () throws(OptionError) -> Int32 in
            var classes = false
            var peers = true
            var chunk = 4
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--classes"): classes = true
                case .option("--no-peers"): peers = false
                case .option("--cpu-time"): Clock.measuresCPUTime = true
                case .option("--chunk"): chunk = try scanner.byteCount()
                case .option("--help"), .option("-h"): throw .help
                case .operand(let operand): throw OptionError("unexpected argument \(OptionError.quoted(operand))")
                case .option: throw scanner.unknownOption()
                }
            }
            return run(classes: classes, peers: peers, chunk: chunk)
        }
    }

    static func run(classes: Bool, peers: Bool, chunk: Int) -> Int32 {
        let samples = corpusSamples()
        if classes {
            printClasses(samples)
            return 0
        }
        return HighlightBench(samples: samples, chunk: chunk, peers: peers).run()
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

/// The measurements of `streammark-bench highlight`.
struct HighlightBench {
    var samples: [HighlightCommand.Sample]
    var chunk: Int
    var peers: Bool

    /// One result row: what, the figure, how it was measured.
    typealias Row = (measure: String, value: String, note: String)

    func run() -> Int32 {
        let bytes = samples.reduce(0) { $0 + $1.code.count }
        var rows: [Row] = []
        let ours = bestSeconds(passes: 5) { for sample in samples { _ = sample.language.highlight(text: sample.code) } }
        rows.append(
            ("one-shot, StreamMarkHighlight", megabytes(bytes, ours), "\(samples.count) blocks, \(bytes) B, best of 5"))
        if peers { rows += peerRows(bytes: bytes) }
        rows += streamingRows()
        rows.append(bytesLexedRow(total: bytes))
        rows += longLineRows()
        print("| measure | value | note |\n|---|---:|---|")
        for row in rows { print("| \(row.measure) | \(row.value) | \(row.note) |") }
        return 0
    }

    // MARK: Peers

    private func peerRows(bytes: Int) -> [Row] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "streammark-highlight-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = samples.compactMap { sample -> String? in
            let record = ["language": sample.language.name, "code": String(decoding: sample.code, as: UTF8.self)]
            return (try? JSONSerialization.data(withJSONObject: record)).map { String(decoding: $0, as: UTF8.self) }
        }
        guard (try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)) != nil
        else { return [] }
        var rows: [Row] = []
        let script = CorpusLocation.repositoryRoot.appendingPathComponent("scripts/highlight_accuracy.py").path
        if let (size, seconds) = timed(["/usr/bin/python3", script, "--time", file.path]) {
            rows.append(
                (
                    "one-shot, Pygments (Python)", megabytes(size, seconds),
                    "same blocks, lexing timed in Python, best of 3"
                ))
        } else {
            rows.append(("one-shot, Pygments (Python)", "n/a", "/usr/bin/python3 with python3-pygments not found"))
        }
        if let (size, seconds) = timed([
            "/usr/bin/env", "NODE_PATH=/usr/share/nodejs", "node", "-e", Self.nodeScript, file.path,
        ]) {
            rows.append(
                (
                    "one-shot, highlight.js (node)", megabytes(size, seconds),
                    "blocks in its languages (\(size) B), timed in node, best of 3"
                ))
        } else {
            rows.append(("one-shot, highlight.js (node)", "n/a", "node or Debian's node-highlight.js not found"))
        }
        return rows
    }

    /// Times highlight.js over the blocks of the JSON lines file argv[1] in
    /// languages it knows; prints "BYTES SECONDS".
    static let nodeScript = """
        const hljs = require('highlight.js'); const fs = require('fs');
        const names = {html: 'xml', csharp: 'cs', toml: 'ini', hcl: null};
        const blocks = fs.readFileSync(process.argv[1], 'utf8').split('\\n').filter(l => l).map(l => JSON.parse(l))
          .map(b => [b.language in names ? names[b.language] : b.language, b.code])
          .filter(([l]) => l && hljs.getLanguage(l));
        let best = Infinity;
        for (let pass = 0; pass < 3; pass++) {
          const start = process.hrtime.bigint();
          for (const [language, code] of blocks) hljs.highlight(language, code, true);
          best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
        }
        const size = blocks.reduce((n, [, code]) => n + Buffer.byteLength(code), 0);
        console.log(size + ' ' + best);
        """

    /// Runs a command whose last output line is "BYTES SECONDS".
    private func timed(_ command: [String]) -> (Int, Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let last = output.split(separator: "\n").last?.split(separator: " "), last.count == 2,
            let size = Int(last[0]), let seconds = Double(last[1])
        else { return nil }
        return (size, seconds)
    }

    // MARK: Streaming

    /// The first 50 KB of `generated/code-block.md`'s code, streamed vs
    /// re-highlighted whole on every chunk.
    private func streamingRows() -> [Row] {
        let url = CorpusLocation.folder("generated").appendingPathComponent("code-block.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var code: [UInt8] = []
        MarkdownParser().parse(text).forEach { block in
            if code.isEmpty, case .codeBlock(let attributes) = block.kind { code = Array(attributes.literal.utf8) }
        }
        code = Array(code.prefix(50_000))
        let language = HighlightLanguage(name: "python")!
        var streamedLexed = 0
        let streamed = bestSeconds(passes: 3) {
            var highlighter = CodeHighlighter(language: language)
            for start in stride(from: 0, to: code.count, by: chunk) {
                highlighter.append(code[start..<min(code.count, start + chunk)])
            }
            streamedLexed = highlighter.bytesLexed
        }
        var wholeLexed = 0
        let whole = bestSeconds(passes: 1) {
            for start in stride(from: 0, to: code.count, by: chunk) {
                let end = min(code.count, start + chunk)
                _ = language.highlight(text: code[0..<end])
                wholeLexed += end
            }
        }
        let note = "\(code.count) B python (generated/code-block.md), \(chunk)-byte chunks"
        return endToEndRows(code) + [
            ("50 KB block streamed, CodeHighlighter", milliseconds(streamed), note + ", bytes lexed \(streamedLexed)"),
            ("50 KB block re-highlighted whole per chunk", milliseconds(whole), note + ", bytes lexed \(wholeLexed)"),
            ("streamed vs re-highlighted", String(format: "%.0fx faster", whole / streamed), "time ratio"),
        ]
    }

    /// The 50 KB block as a fenced python block, streamed end to end as
    /// `streammark --format patches` does (engine and patch writer), with
    /// and without `--highlight`.
    private func endToEndRows(_ code: [UInt8]) -> [Row] {
        let document = Array("```python\n".utf8) + code + Array("```\n".utf8)
        func stream(highlighting: Bool) -> (seconds: Double, bytes: Int) {
            var written = 0
            let seconds = bestSeconds(passes: 5) {
                var streaming = StreamingDocument()
                var writer = PatchStreamWriter(highlighting: highlighting)
                written = 0
                for start in stride(from: 0, to: document.count, by: chunk) {
                    writer.write(streaming.append(bytes: document[start..<min(document.count, start + chunk)]))
                    written += writer.takeBytes().count
                }
                writer.write(streaming.finish())
                written += writer.takeBytes().count
            }
            return (seconds, written)
        }
        let plain = stream(highlighting: false)
        let highlighted = stream(highlighting: true)
        let note = "\(document.count) B fenced python, \(chunk)-byte chunks, engine + v2 patch writer"
        return [
            ("50 KB block, patches without highlighting", milliseconds(plain.seconds), note + ", \(plain.bytes) B out"),
            (
                "50 KB block, patches with highlighting", milliseconds(highlighted.seconds),
                note + ", \(highlighted.bytes) B out"
            ),
            (
                "highlighting cost, end to end", String(format: "%.2fx", highlighted.seconds / plain.seconds),
                "goal ≤ 1.5x"
            ),
        ]
    }

    /// Bytes lexed ÷ code bytes over the Corpus code at the chunk size.
    private func bytesLexedRow(total: Int) -> Row {
        var lexed = 0
        for sample in samples {
            var highlighter = CodeHighlighter(language: sample.language)
            for start in stride(from: 0, to: sample.code.count, by: chunk) {
                highlighter.append(sample.code[start..<min(sample.code.count, start + chunk)])
            }
            lexed += highlighter.bytesLexed
        }
        return (
            "bytes lexed ÷ code bytes, Corpus code", String(format: "%.3f", Double(lexed) / Double(total)),
            "\(lexed) ÷ \(total), \(chunk)-byte chunks"
        )
    }

    /// 16 KB single lines (a base64 string literal, minified JavaScript)
    /// streamed vs one-shot.
    private func longLineRows() -> [Row] {
        var random = SplitMix64(seed: 16_384)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let base64 = Array("data = \"".utf8) + (0..<16_384).map { _ in alphabet.randomElement(using: &random)! } + [34]
        var minified: [UInt8] = []
        while minified.count < 16_384 {
            minified += Array(
                "function f\(minified.count)(a,b){if(a>b)return a/b;var s=`x${a}y`;return s.length+0x1F;}".utf8)
        }
        return longLineRows("base64 string, python", base64, HighlightLanguage(name: "python")!)
            + longLineRows("minified javascript", minified, HighlightLanguage(name: "javascript")!)
    }

    private func longLineRows(_ name: String, _ line: [UInt8], _ language: HighlightLanguage) -> [Row] {
        var lexed = 0
        let streamed = bestSeconds(passes: 5) {
            var highlighter = CodeHighlighter(language: language)
            for start in stride(from: 0, to: line.count, by: chunk) {
                highlighter.append(line[start..<min(line.count, start + chunk)])
            }
            lexed = highlighter.bytesLexed
        }
        let oneShot = bestSeconds(passes: 5) { _ = CodeHighlighter(language: language, text: line) }
        let note = "\(line.count) B line, \(chunk)-byte chunks vs one append"
        return [
            (
                "16 KB line (\(name)), bytes lexed streamed ÷ one-shot",
                String(format: "%.3f", Double(lexed) / Double(line.count)), note
            ),
            (
                "16 KB line (\(name)), time streamed ÷ one-shot", String(format: "%.1f", streamed / oneShot),
                note + String(format: " (%.3f ms vs %.3f ms)", streamed * 1000, oneShot * 1000)
            ),
        ]
    }

    // MARK: Helpers

    /// The fastest of `passes` runs of `body`, in seconds.
    private func bestSeconds(passes: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<passes {
            let start = Clock.now()
            body()
            best = min(best, Double(Clock.now() - start) / 1e9)
        }
        return best
    }

    private func megabytes(_ bytes: Int, _ seconds: Double) -> String {
        String(format: "%.1f MB/s", Double(bytes) / 1_048_576 / seconds)
    }

    private func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }
}
