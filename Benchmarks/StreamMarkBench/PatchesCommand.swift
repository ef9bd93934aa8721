import Foundation
import StreamMark
import StreamMarkOptions

/// `streammark-bench patches [--chunk N]... [FILES...]`: the wire cost of
/// the patch protocol (issue 11). For every Corpus answer (or FILES) and the
/// first 50 KB of `generated/code-block.md`, streamed in N-byte chunks
/// (default 4 and 16):
///
/// - bytes of patches ÷ bytes of text, version 1 and version 2;
/// - version-2 bytes per append: the largest, and the appends that exceed
///   `2 × chunk + 100` bytes (re-sent content: cmark restructured earlier
///   inlines, a block changed kind, or a block was inserted with its
///   content), with their share of the bytes;
/// - encoding time per append: Foundation's `JSONEncoder` on every patch
///   (how `--format patches` encoded before), the direct writer in
///   version 1, and in version 2 (delta encoding included). The engine's
///   work is done before timing; only encoding is timed.
enum PatchesCommand {
    struct Row {
        var name: String
        var bytes: Int
        var chunk: Int
        var appends = 0
        var v1Bytes = 0
        var v2Bytes = 0
        var maxAppendBytes = 0
        var largeAppends = 0
        var largeAppendBytes = 0
        /// Bytes of the large appends by op (`splice`, `insert`, …; `text`
        /// for continuation lines).
        var largeBytesByOp: [String: Int] = [:]
        var jsonEncoder: [UInt64] = []
        var writerV1: [UInt64] = []
        var writerV2: [UInt64] = []
    }

    /// The one-line usage.
    static let usage = "usage: streammark-bench patches [--chunk N]... [FILES...]"

    /// Parses the arguments and measures; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        UsageError.run(usage: usage) { () throws(OptionError) -> Int32 in
            var chunks: [Int] = []
            var files: [String] = []
            var scanner = OptionScanner(arguments)
            while let argument = try scanner.next() {
                switch argument {
                case .option("--chunk"): chunks.append(try scanner.byteCount())
                case .option("--help"), .option("-h"): throw .help
                case .operand(let path): files.append(path)
                case .option: throw scanner.unknownOption()
                }
            }
            return run(chunks: chunks.isEmpty ? [4, 16] : chunks, files: files)
        }
    }

    /// Measures every document in every chunk size; returns the exit status.
    static func run(chunks: [Int], files: [String]) -> Int32 {
        var documents: [(String, [UInt8])] = []
        let paths = files.isEmpty ? CorpusLocation.markdownFiles(in: CorpusLocation.folder("llm")).map(\.path) : files
        for path in paths {
            do {
                documents.append((URL(fileURLWithPath: path).lastPathComponent, try InputFile.read(path)))
            } catch {
                return UsageError.cannotRead(error)
            }
        }
        if files.isEmpty {
            let code = [UInt8](
                (try? Data(contentsOf: CorpusLocation.folder("generated").appendingPathComponent("code-block.md")))
                    ?? Data())
            documents.append(("code-block.md (first 50 KB)", Array(code.prefix(50_000))))
        }
        for chunk in chunks {
            var rows: [Row] = []
            for (name, bytes) in documents { rows.append(measure(name: name, bytes: bytes, chunk: chunk)) }
            print(table(rows, chunk: chunk))
        }
        return 0
    }

    /// Streams `bytes` (untimed), then times the three encoders on the batches.
    static func measure(name: String, bytes: [UInt8], chunk: Int) -> Row {
        var row = Row(name: name, bytes: bytes.count, chunk: chunk)
        var document = StreamingDocument()
        var batches: [[Patch]] = []
        var start = 0
        while start < bytes.count {
            batches.append(document.append(bytes: bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        batches.append(document.finish())
        row.appends = batches.count - 1
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var sink = 0
        for batch in batches {
            let before = Clock.now()
            var out = ""
            for patch in batch {
                guard let data = try? encoder.encode(patch) else { continue }
                out += String(decoding: data, as: UTF8.self)
                out += "\n"
            }
            row.jsonEncoder.append(Clock.now() &- before)
            row.v1Bytes += out.utf8.count
        }
        var v1 = PatchStreamWriter(version: 1)
        for batch in batches {
            let before = Clock.now()
            v1.write(batch)
            let out = v1.takeBytes()
            row.writerV1.append(Clock.now() &- before)
            sink &+= out.count
        }
        var v2 = PatchStreamWriter(version: 2)
        for (i, batch) in batches.enumerated() {
            let before = Clock.now()
            v2.write(batch)
            let out = v2.takeBytes()
            row.writerV2.append(Clock.now() &- before)
            row.v2Bytes += out.count
            // The first batch carries the 8-byte header; the last is finish().
            let size = out.count - (i == 0 ? 8 : 0)
            if i < batches.count - 1 {
                row.maxAppendBytes = max(row.maxAppendBytes, size)
                if size > 2 * chunk + 100 {
                    row.largeAppends += 1
                    row.largeAppendBytes += size
                    for line in out.split(separator: 0x0A) {
                        row.largeBytesByOp[opName(line), default: 0] += line.count + 1
                    }
                }
            }
        }
        if sink == -1 { print(sink) }
        return row
    }

    /// The op of a version-2 short-form line (`[0,…]` is `insert`; `text`
    /// for a continuation line, `header` for `{"v":2}`).
    static func opName(_ line: ArraySlice<UInt8>) -> String {
        let names = ["insert", "remove", "move", "close", "update", "retype", "append", "splice"]
        guard line.first == UInt8(ascii: "[") else { return line.first == UInt8(ascii: "\"") ? "text" : "header" }
        let digits = line.dropFirst().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let code = Int(String(decoding: digits, as: UTF8.self)) ?? -1
        return names.indices.contains(code) ? names[code] : "op \(code)"
    }

    static func mean(_ samples: [UInt64]) -> Double {
        samples.isEmpty ? 0 : Double(samples.reduce(0, &+)) / Double(samples.count) / 1000
    }

    static func percentile(_ samples: [UInt64], _ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1000
    }

    static func table(_ rows: [Row], chunk: Int) -> String {
        func ratio(_ a: Int, _ b: Int) -> String { String(format: "%.2f×", Double(a) / Double(max(1, b))) }
        func micro(_ x: Double) -> String { String(format: "%.2f", x) }
        var out = "\n### \(chunk)-byte chunks\n\n"
        out +=
            "| document | bytes | appends | v1 ÷ text | v2 ÷ text | v2 max bytes/append | appends > 2·chunk+100 B (share of v2 bytes) | µs/append JSONEncoder v1 (before) | writer v1 | writer v2 |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            out +=
                "| \(row.name) | \(row.bytes) | \(row.appends) | \(ratio(row.v1Bytes, row.bytes)) | "
                + "\(ratio(row.v2Bytes, row.bytes)) | \(row.maxAppendBytes) | \(row.largeAppends) (\(String(format: "%.0f%%", Double(row.largeAppendBytes) * 100 / Double(max(1, row.v2Bytes))))) | "
                + "\(micro(mean(row.jsonEncoder))) | \(micro(mean(row.writerV1))) | \(micro(mean(row.writerV2))) |\n"
        }
        let answers = rows.filter { !$0.name.hasPrefix("code-block") }
        let v2Ratios = answers.map { Double($0.v2Bytes) / Double(max(1, $0.bytes)) }.sorted()
        let v1Ratios = answers.map { Double($0.v1Bytes) / Double(max(1, $0.bytes)) }.sorted()
        if !v2Ratios.isEmpty {
            out +=
                "\nAnswers: v2 ÷ text median \(String(format: "%.2f", v2Ratios[v2Ratios.count / 2]))×, "
                + "max \(String(format: "%.2f", v2Ratios.last!))×, min \(String(format: "%.2f", v2Ratios.first!))× "
                + "(v1: median \(String(format: "%.1f", v1Ratios[v1Ratios.count / 2]))×, max \(String(format: "%.1f", v1Ratios.last!))×). "
            let pooled = { (keyPath: KeyPath<Row, [UInt64]>) in answers.flatMap { $0[keyPath: keyPath] } }
            out +=
                "Encoding per append, all answers pooled (mean / p99 µs): JSONEncoder v1 "
                + "\(micro(mean(pooled(\.jsonEncoder)))) / \(micro(percentile(pooled(\.jsonEncoder), 0.99))), writer v1 "
                + "\(micro(mean(pooled(\.writerV1)))) / \(micro(percentile(pooled(\.writerV1), 0.99))), writer v2 "
                + "\(micro(mean(pooled(\.writerV2)))) / \(micro(percentile(pooled(\.writerV2), 0.99))).\n"
            var byOp: [String: Int] = [:]
            for row in answers { byOp.merge(row.largeBytesByOp, uniquingKeysWith: +) }
            let large = answers.reduce(0) { $0 + $1.largeAppendBytes }
            let total = answers.reduce(0) { $0 + $1.v2Bytes }
            out +=
                "Appends over 2·chunk+100 bytes: \(answers.reduce(0) { $0 + $1.largeAppends }) of "
                + "\(answers.reduce(0) { $0 + $1.appends }), \(String(format: "%.0f%%", Double(large) * 100 / Double(max(1, total)))) of the v2 bytes; "
                + "their bytes by op: "
                + byOp.sorted { $0.value > $1.value }.map {
                    "\($0.key) \(String(format: "%.0f%%", Double($0.value) * 100 / Double(max(1, large))))"
                }.joined(separator: ", ") + ".\n"
        }
        return out
    }
}
