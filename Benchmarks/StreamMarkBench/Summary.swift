import Foundation

/// The headline figures: each target of issue 5 next to what was measured.
struct Summary {
    /// The in-memory 256 KB long answer used for the baseline A ratio.
    static let baselineADocument = "long-answer-256kb (in memory)"
    /// Documents used for the baseline B ratio.
    static let baselineBDocuments = ["long-list.md", "code-block.md", "long-table.md"]

    /// The growth of one shape.
    struct Growth {
        var shape: String
        var records: [BenchmarkRecord] = []

        /// The fitted exponent of total time against size.
        var exponent: Double {
            Fit.exponent(x: records.map { Double($0.bytes) }, y: records.map(\.estimatedSeconds))
        }
        /// p99 at the largest size over p99 at the smallest.
        var p99Ratio: Double? {
            guard let first = records.first?.latency?.p99, let last = records.last?.latency?.p99, first > 0 else {
                return nil
            }
            return last / first
        }
        var extrapolated: Bool { records.contains { $0.extrapolated } }
    }

    var records: [BenchmarkRecord] = []
    /// Every 4-byte append latency of the real model answers, pooled.
    var modelAnswerSamples: [UInt64] = []
    var growth: [Growth] = []

    func record(_ document: String, _ system: String, _ chunking: String) -> BenchmarkRecord? {
        records.first { $0.document == document && $0.system == system && $0.chunking == chunking }
    }

    /// `(target, measured, verdict)` rows.
    func targetRows() -> [[String]] {
        var rows = [["target", "measured", "met"]]
        func verdict(_ ok: Bool, _ extrapolated: Bool = false) -> String {
            (ok ? "yes" : "NO") + (extrapolated ? " (extrapolated)" : "")
        }
        if let pooled = LatencySummary(nanoseconds: modelAnswerSamples) {
            rows.append([
                "model answers, 4-byte appends: mean ≤ 5 µs, p99 ≤ 25 µs",
                "mean \(f(pooled.mean)) µs, p99 \(f(pooled.p99)) µs over \(modelAnswerSamples.count) appends",
                verdict(pooled.mean <= 5 && pooled.p99 <= 25),
            ])
        }
        if let answer = growth.first(where: { $0.shape == "long-answer" }), let ratio = answer.p99Ratio {
            let p99s = answer.records.map { "\(kb($0.bytes)): \(f($0.latency?.p99 ?? 0))" }.joined(separator: ", ")
            rows.append([
                "long answer: p99 at 1 MB ≤ 1.5 × p99 at 10 KB", "\(f(ratio))× (p99 µs \(p99s))",
                verdict(ratio <= 1.5, answer.extrapolated),
            ])
        }
        if !growth.isEmpty {
            let worst = growth.max { $0.exponent < $1.exponent }!
            let over = growth.filter { $0.exponent > 1.1 }.map { "\($0.shape) \(f($0.exponent))" }
            rows.append([
                "growth exponent ≤ 1.1 on every generated shape",
                "worst \(worst.shape) \(f(worst.exponent)); over 1.1: \(over.isEmpty ? "none" : over.joined(separator: ", "))",
                verdict(over.isEmpty, growth.contains { $0.extrapolated }),
            ])
        }
        if let stream = record(Self.baselineADocument, "streammark", "4"),
            let baseline = record(Self.baselineADocument, "baseline-full-reparse", "4")
        {
            let ratio = baseline.estimatedSeconds / stream.estimatedSeconds
            rows.append([
                "256 KB answer, 4-byte: ≥ 1000× faster than full re-parse",
                "\(f(ratio, 0))× (\(ms(stream)) vs \(ms(baseline)))",
                verdict(ratio >= 1000, stream.extrapolated || baseline.extrapolated),
            ])
        }
        for document in Self.baselineBDocuments {
            guard let stream = record(document, "streammark", "4"),
                let baseline = record(document, "baseline-tail-reparse", "4")
            else { continue }
            let ratio = baseline.estimatedSeconds / stream.estimatedSeconds
            rows.append([
                "\(document), 4-byte: ≥ 10× faster than tail re-parse",
                "\(f(ratio, 1))× (\(ms(stream)) vs \(ms(baseline)))",
                verdict(ratio >= 10, stream.extrapolated || baseline.extrapolated),
            ])
        }
        let streamingRatios: [(String, Double, Bool)] = records.compactMap { stream in
            guard stream.system == "streammark", stream.chunking == "64",
                let once = record(stream.document, "streammark-oneshot", "whole"), once.seconds > 0
            else { return nil }
            return (stream.document, stream.estimatedSeconds / once.seconds, stream.extrapolated)
        }
        if let worst = streamingRatios.max(by: { $0.1 < $1.1 }) {
            let sorted = streamingRatios.map(\.1).sorted()
            let long = streamingRatios.first { $0.0 == "long-answer.md" }
            rows.append([
                "64-byte streaming ≤ 3 × one-shot StreamMark parse",
                "median \(f(sorted[sorted.count / 2]))×, worst \(f(worst.1))× (\(worst.0))"
                    + (long.map { ", long-answer.md \(f($0.1))×" } ?? ""),
                verdict(worst.1 <= 3, streamingRatios.contains { $0.2 }),
            ])
        }
        if let memory = records.first(where: { $0.system == "streammark-memory" }), let peak = memory.peakMemoryBytes {
            let ratio = Double(peak) / Double(memory.bytes)
            rows.append([
                "peak memory streaming \(kb(memory.bytes)) in 64-byte chunks ≤ 8 × size",
                "\(f(ratio))× (\(f(Double(peak) / 1_048_576, 1)) MB)" + (memory.extrapolated ? ", run capped" : ""),
                verdict(ratio <= 8, memory.extrapolated),
            ])
        }
        return rows
    }

    /// One row per growth shape.
    func growthRows() -> [[String]] {
        var rows = [["shape", "sizes", "total ms (4-byte)", "p99 µs", "exponent", "note"]]
        for shape in growth {
            rows.append([
                shape.shape,
                shape.records.map { kb($0.bytes) }.joined(separator: " / "),
                shape.records.map { ($0.extrapolated ? "~" : "") + f($0.estimatedSeconds * 1000, 1) }.joined(
                    separator: " / "),
                shape.records.map { f($0.latency?.p99 ?? 0) }.joined(separator: " / "),
                f(shape.exponent),
                shape.extrapolated ? "~ = capped run, extrapolated" : "",
            ])
        }
        return rows
    }

    /// The Markdown block pasted into `Benchmarks/README.md`.
    func markdown() -> String {
        var lines = ["### Targets", "", TableFormatter.markdown(targetRows()), ""]
        if !growth.isEmpty {
            lines += ["### Growth (StreamMark, 4-byte appends)", "", TableFormatter.markdown(growthRows()), ""]
        }
        var rows = [
            [
                "document", "KB", "4-byte mean / p99 µs", "cmark B/append (4-byte)", "renders/append (4-byte)",
                "64-byte ms", "one-shot ms (StreamMark / cmark)",
                "full re-parse ×", "tail re-parse ×",
            ]
        ]
        var seen: Set<String> = []
        for stream in records
        where stream.system == "streammark" && stream.chunking == "4" && seen.insert(stream.document).inserted {
            let name = stream.document
            let s64 = record(name, "streammark", "64")
            let rendered = record(name, "streammark+html", "4")
            let once = record(name, "streammark-oneshot", "whole")
            let cmark = record(name, "cmark-oneshot", "whole")
            let a = record(name, "baseline-full-reparse", "4")
            let b = record(name, "baseline-tail-reparse", "4")
            rows.append([
                name, f(Double(stream.bytes) / 1024, 1),
                (stream.extrapolated ? "~" : "") + "\(f(stream.latency?.mean ?? 0)) / \(f(stream.latency?.p99 ?? 0))",
                f(stream.parsedBytesPerAppend ?? 0, 0),
                rendered?.rendersPerAppend.map { f($0) } ?? "",
                s64.map(ms) ?? "",
                "\(once.map(ms) ?? "") / \(cmark.map(ms) ?? "")",
                a.map { f($0.estimatedSeconds / stream.estimatedSeconds, 1) + ($0.extrapolated ? " (extrap.)" : "") }
                    ?? "",
                b.map { f($0.estimatedSeconds / stream.estimatedSeconds, 1) + ($0.extrapolated ? " (extrap.)" : "") }
                    ?? "",
            ])
        }
        lines += [
            "### Per document", "", TableFormatter.markdown(rows), "",
            "`~` marks a run capped by time whose total is extrapolated (see the `note` of its `--json` record).",
        ]
        return lines.joined(separator: "\n")
    }

    func f(_ value: Double, _ digits: Int = 2) -> String { TableFormatter.number(value, digits: digits) }
    func kb(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? f(Double(bytes) / 1_048_576, 1) + " MB" : f(Double(bytes) / 1024, 1) + " KB"
    }
    func ms(_ record: BenchmarkRecord) -> String {
        (record.extrapolated ? "~" : "") + f(record.estimatedSeconds * 1000, 1) + " ms"
    }
}
