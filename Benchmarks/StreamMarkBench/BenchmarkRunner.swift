import Foundation
import StreamMark

/// Runs the measured scenarios on one document at a time and keeps every
/// result alive by folding a value of it into ``sink``.
struct BenchmarkRunner {
    /// Seconds after which a streaming or baseline run stops and extrapolates.
    var cap: Double
    /// Parse options of every system (GitHub-flavoured Markdown).
    let options = ParseOptions()
    /// A value from every result, printed at the end so that no work is
    /// optimised away.
    var sink: UInt64 = 0

    /// What ``drive(ends:work:step:)`` measured.
    struct Drive {
        var samples: [UInt64]
        var measured: Int
        var seconds: Double
        var estimate: Double
        var extrapolated: Bool
        var note: String?
    }

    /// Calls `step(start, end)` for each chunk, timing each call, until the
    /// chunks or the time cap run out. A capped run is extrapolated with a
    /// least-squares fit `t = a + b·w` of the measured calls, where `w` is
    /// the caller's predictor of each call's work (`work[i]`).
    ///
    /// - Complexity: the steps' cost plus O(chunks).
    func drive(ends: [Int], work: [Double], step: (Int, Int) -> Void) -> Drive {
        var samples: [UInt64] = []
        samples.reserveCapacity(ends.count)
        let capNanoseconds = UInt64(cap * 1e9)
        let first = Clock.now()
        var start = 0
        for end in ends {
            let before = Clock.now()
            step(start, end)
            let after = Clock.now()
            samples.append(after &- before)
            start = end
            if after &- first > capNanoseconds { break }
        }
        let measured = samples.count
        let seconds = Double(samples.reduce(0, &+)) / 1e9
        guard measured < ends.count else {
            return Drive(samples: samples, measured: measured, seconds: seconds, estimate: seconds, extrapolated: false)
        }
        let fit = Fit.linear(x: Array(work[0..<measured]), y: samples.map { Double($0) / 1e9 })
        var estimate = seconds
        for index in measured..<ends.count { estimate += max(0, fit.intercept + fit.slope * work[index]) }
        let percent = Double(ends[measured - 1]) * 100 / Double(max(1, ends.last ?? 1))
        let note = String(
            format:
                "capped at %.1f s after %d of %d appends (%.1f%% of bytes); total extrapolated by the fit t = %.3g + %.3g·w",
            cap, measured, ends.count, percent, fit.intercept, fit.slope)
        return Drive(
            samples: samples, measured: measured, seconds: seconds, estimate: estimate, extrapolated: true, note: note)
    }

    /// StreamMark's `StreamingDocument`, fed chunk by chunk, then finished.
    mutating func streaming(
        _ name: String, _ bytes: [UInt8], chunking: Chunking, system: String = "streammark"
    ) -> (record: BenchmarkRecord, samples: [UInt64], root: Block?) {
        let ends = chunking.ends(of: bytes)
        var document = StreamingDocument(options: options)
        var parsed: [Int] = []
        var patches = 0
        var localSink: UInt64 = 0
        parsed.reserveCapacity(ends.count)
        let result = bytes.withUnsafeBufferPointer { buffer in
            drive(ends: ends, work: ends.map(Double.init)) { start, end in
                let emitted = document.append(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                patches += emitted.count
                parsed.append(document.statistics.lastParsedBytes)
                localSink &+= UInt64(emitted.count)
            }
        }
        var seconds = result.seconds
        var estimate = result.estimate
        if !result.extrapolated {
            let before = Clock.now()
            let final = document.finish()
            let finishSeconds = Double(Clock.now() - before) / 1e9
            seconds += finishSeconds
            estimate += finishSeconds
            patches += final.count
        }
        sink &+= localSink &+ UInt64(document.root.children.count)
        let record = BenchmarkRecord(
            document: name, bytes: bytes.count, system: system, chunking: chunking.description,
            appends: ends.count, measuredAppends: result.measured,
            measuredBytes: result.measured > 0 ? ends[result.measured - 1] : 0,
            seconds: seconds, extrapolated: result.extrapolated, estimatedSeconds: estimate,
            megabytesPerSecond: Self.throughput(bytes.count, estimate),
            latency: LatencySummary(nanoseconds: result.samples),
            parsedBytesPerAppend: parsed.isEmpty ? nil : Double(parsed.reduce(0, +)) / Double(parsed.count),
            maxParsedBytesPerAppend: parsed.max(),
            patchesPerAppend: result.measured > 0 ? Double(patches) / Double(result.measured) : nil,
            rendersPerAppend: nil, peakMemoryBytes: nil, note: result.note)
        return (record, result.samples, result.extrapolated ? nil : document.root)
    }

    /// Repeats `body` until `budget` seconds or `limit` runs have passed
    /// (at least twice) and returns the fastest run and the number of runs.
    func repeatFastest(budget: Double = 0.3, limit: Int = 50, _ body: () -> Void) -> (seconds: Double, runs: Int) {
        var best = UInt64.max
        var runs = 0
        let first = Clock.now()
        repeat {
            let before = Clock.now()
            body()
            best = min(best, Clock.now() - before)
            runs += 1
        } while runs < 2 || (runs < limit && Double(Clock.now() - first) / 1e9 < budget)
        return (Double(best) / 1e9, runs)
    }

    /// One-shot libcmark parse of the whole document (the floor) and
    /// one-shot StreamMark parse (`MarkdownParser`).
    mutating func oneShot(_ name: String, _ bytes: [UInt8]) -> [BenchmarkRecord] {
        var localSink: UInt64 = 0
        let cmark = bytes.withUnsafeBufferPointer { buffer in
            repeatFastest { localSink &+= UInt64(CmarkReference.parseOnly(buffer)) }
        }
        let parser = MarkdownParser(options: options)
        let streamMark = repeatFastest { localSink &+= UInt64(parser.parse(bytes: bytes).children.count) }
        sink &+= localSink
        return [("cmark-oneshot", cmark), ("streammark-oneshot", streamMark)].map { system, result in
            BenchmarkRecord(
                document: name, bytes: bytes.count, system: system, chunking: "whole", appends: result.runs,
                measuredAppends: result.runs, measuredBytes: bytes.count, seconds: result.seconds,
                extrapolated: false, estimatedSeconds: result.seconds,
                megabytesPerSecond: Self.throughput(bytes.count, result.seconds), latency: nil,
                parsedBytesPerAppend: Double(bytes.count), maxParsedBytesPerAppend: bytes.count,
                patchesPerAppend: nil, rendersPerAppend: nil, peakMemoryBytes: nil,
                note: "fastest of \(result.runs) runs")
        }
    }

    /// Baseline A: one-shot `MarkdownParser` of the whole prefix on every chunk.
    mutating func fullReparse(_ name: String, _ bytes: [UInt8], chunking: Chunking) -> BenchmarkRecord {
        let ends = chunking.ends(of: bytes)
        let parser = MarkdownParser(options: options)
        var localSink: UInt64 = 0
        var parsed = 0
        let result = drive(ends: ends, work: ends.map(Double.init)) { _, end in
            localSink &+= UInt64(parser.parse(bytes: bytes[0..<end]).children.count)
            parsed += end
        }
        sink &+= localSink
        return baselineRecord(name, bytes, "baseline-full-reparse", chunking, ends, result, parsed)
    }

    /// Baseline B: on every chunk, re-parse from the start of the line where
    /// the last top-level block of the previous parse began.
    mutating func tailReparse(_ name: String, _ bytes: [UInt8], chunking: Chunking) -> BenchmarkRecord {
        let ends = chunking.ends(of: bytes)
        let parser = MarkdownParser(options: options)
        // Work predictor for extrapolation: distance from the last top-level
        // block start of the final document.
        let starts = parser.parse(bytes: bytes).children.map { Self.lineStart(bytes, $0.range.lowerBound) }
        var work: [Double] = []
        work.reserveCapacity(ends.count)
        var next = 0
        for end in ends {
            while next < starts.count && starts[next] < end { next += 1 }
            work.append(Double(end - (next > 0 ? starts[next - 1] : 0)))
        }
        var tail = 0
        var localSink: UInt64 = 0
        var parsed = 0
        let result = drive(ends: ends, work: work) { _, end in
            let tree = parser.parse(bytes: bytes[tail..<end])
            parsed += end - tail
            localSink &+= UInt64(tree.children.count)
            if let last = tree.children.last { tail = Self.lineStart(bytes, tail + last.range.lowerBound) }
        }
        sink &+= localSink
        return baselineRecord(name, bytes, "baseline-tail-reparse", chunking, ends, result, parsed)
    }

    private func baselineRecord(
        _ name: String, _ bytes: [UInt8], _ system: String, _ chunking: Chunking, _ ends: [Int], _ result: Drive,
        _ parsed: Int
    ) -> BenchmarkRecord {
        BenchmarkRecord(
            document: name, bytes: bytes.count, system: system, chunking: chunking.description, appends: ends.count,
            measuredAppends: result.measured, measuredBytes: result.measured > 0 ? ends[result.measured - 1] : 0,
            seconds: result.seconds, extrapolated: result.extrapolated, estimatedSeconds: result.estimate,
            megabytesPerSecond: Self.throughput(bytes.count, result.estimate),
            latency: LatencySummary(nanoseconds: result.samples),
            parsedBytesPerAppend: result.measured > 0 ? Double(parsed) / Double(result.measured) : nil,
            maxParsedBytesPerAppend: nil, patchesPerAppend: nil, rendersPerAppend: nil, peakMemoryBytes: nil,
            note: result.note)
    }

    /// The offset of the start of the line holding `offset`.
    static func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// Megabytes (10⁶ bytes) per second.
    static func throughput(_ bytes: Int, _ seconds: Double) -> Double {
        seconds > 0 ? Double(bytes) / 1e6 / seconds : 0
    }
}
