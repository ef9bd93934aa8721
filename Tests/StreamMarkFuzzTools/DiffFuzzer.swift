import Foundation

/// The differential fuzzer's loop: inputs from seeds `seed`, `seed + 1`, …
/// until the time is up; each is checked one-shot against cmark-gfm and
/// streamed at two chunkings against our one-shot parse (in a child process,
/// fast); each failure is checked again with the `streammark` binary,
/// classified, minimized (lines, then bytes) and saved once per distinct
/// minimized input. An input that contains the minimized input of a known
/// finding of the same kind (up to letters and digits when it has 8 bytes or
/// more), or crashes at a known crash site, counts as that finding again,
/// unminimized.
struct DiffFuzzer {
    let maker: InputMaker
    let oracles: Oracles
    let store: FindingStore
    /// The first input's seed.
    let seed: UInt64
    /// How long to fuzz, in seconds (minimizing the last finding may run over).
    let seconds: Double

    /// Counts of one run.
    struct Tally {
        var inputs = 0
        var failures = 0
        var duplicates = 0
        var newFindings: [FindingKind: Int] = [:]
    }

    /// The chunkings of the input of `seed`: a `mixed` one, a fixed size of
    /// 1–96 bytes (the inputs are a few kilobytes), and one chunk.
    static func chunkings(seed: UInt64) -> [String] {
        ["mixed:\(seed)", "\(1 + (seed >> 17) % 96)", "1048576"]
    }

    /// Inputs per screening child: a few seconds of work.
    static let batch: UInt64 = 100

    /// Runs the loop and prints progress every 30 seconds: batches of inputs
    /// screened in a child process (``Screener``), each failure checked
    /// again with the `streammark` binary, minimized and saved.
    func run(tool: String) -> Tally {
        var tally = Tally()
        let start = Date()
        var lastReport = start
        var known = store.entries()
        var next = seed
        let log = oracles.runner.scratch.appendingPathComponent("screen.log")
        let screening = ProcessRunner(scratch: oracles.runner.scratch, timeout: 600)
        while Date().timeIntervalSince(start) < seconds {
            try? Data().write(to: log)
            let child = screening.run(
                tool, ["screen", "--seed", "\(next)", "--count", "\(Self.batch)", "--log", log.path])
            let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
            var suspects: [(seed: UInt64, chunking: String?)] = []
            var begun: UInt64?
            for line in lines {
                let fields = line.split(separator: " ").map(String.init)
                switch fields.first {
                case "begin": begun = fields.count > 1 ? UInt64(fields[1]) : nil
                case "html": suspects.append((UInt64(fields[1]) ?? 0, nil))
                case "stream": suspects.append((UInt64(fields[1]) ?? 0, fields[2]))
                default: break
                }
            }
            let finished = lines.last == "end"
            tally.inputs += Int(begun.map { $0 - next + 1 } ?? 0)
            next = (begun ?? next) + 1
            if !finished, let begun {
                // The child crashed or hung on `begun`: check it every way.
                say("fuzz-diff: seed \(begun): the screening child ended (\(child.ending)); checking it")
                suspects.append((begun, nil))
                suspects += Self.chunkings(seed: begun).map { (begun, $0) }
            }
            for suspect in suspects {
                let (bytes, origin) = maker.input(seed: suspect.seed)
                let failure =
                    suspect.chunking.map { oracles.checkStream(bytes, chunking: $0) } ?? oracles.checkHTML(bytes)
                guard let failure else { continue }
                tally.failures += 1
                let canonical = FindingStore.canonical(bytes)
                if let duplicate = known.first(where: {
                    $0.kind == failure.kind
                        && ($0.input.count >= 8
                            ? Self.contains(canonical, FindingStore.canonical($0.input))
                            : Self.contains(bytes, $0.input))
                }) {
                    store.recordHit(duplicate.name, seed: suspect.seed)
                    tally.duplicates += 1
                    continue
                }
                // A crash at a known crash site is that finding again.
                if let site = oracles.crashSignature(bytes, failure),
                    let known = known.first(where: {
                        $0.kind == failure.kind && Oracles.signature($0.notes) == site
                    })
                {
                    say("fuzz-diff: seed \(suspect.seed): \(failure.kind.rawValue) at a known site (\(known.name))")
                    store.recordHit(known.name, seed: suspect.seed)
                    tally.duplicates += 1
                    continue
                }
                if handle(failure, bytes: bytes, seed: suspect.seed, origin: origin) {
                    tally.newFindings[failure.kind, default: 0] += 1
                    known = store.entries()
                } else {
                    tally.duplicates += 1
                }
            }
            if Date().timeIntervalSince(lastReport) >= 30 {
                lastReport = Date()
                say(Self.progress(tally, since: start))
            }
        }
        say(Self.progress(tally, since: start))
        say("fuzz-diff: next seed \(next)")
        return tally
    }

    /// Minimizes one failure and saves it; whether it was new.
    func handle(_ failure: Oracles.Failure, bytes: [UInt8], seed: UInt64, origin: String) -> Bool {
        let label = failure.kind.rawValue + (failure.chunking.map { " (--chunking \($0))" } ?? "")
        say("fuzz-diff: seed \(seed): \(label), \(bytes.count) bytes; minimizing")
        let reduced =
            failure.kind == .timeout
            ? (bytes: bytes, tests: 0) : Reducer().reduce(bytes) { oracles.fails($0, as: failure) }
        var notes = "kind: \(failure.kind.rawValue)\n"
        if let chunking = failure.chunking { notes += "chunking: \(chunking)\n" }
        if let category = failure.category { notes += "violation: \(category)\n" }
        notes += "seed: \(seed) (StreamMarkFuzzTools input \(seed) > original.md)\n"
        notes +=
            "input: \(origin); \(bytes.count) bytes, minimized to \(reduced.bytes.count) in \(reduced.tests) tests\n"
        notes += oracles.details(reduced.bytes, failure)
        let isNew = store.save(kind: failure.kind, minimized: reduced.bytes, original: bytes, notes: notes, seed: seed)
        say("fuzz-diff:   \(isNew ? "new" : "known"): \(FindingStore.escaped(reduced.bytes).prefix(200))")
        return isNew
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    static func progress(_ tally: Tally, since start: Date) -> String {
        let elapsed = Date().timeIntervalSince(start)
        let rate = Double(tally.inputs) / max(elapsed, 1)
        let found = FindingKind.allCases.compactMap { kind in tally.newFindings[kind].map { "\(kind.rawValue) \($0)" } }
        return "fuzz-diff: \(Int(elapsed)) s, \(tally.inputs) inputs (\(String(format: "%.1f", rate))/s), "
            + "\(tally.failures) failing, new findings: \(found.isEmpty ? "none" : found.joined(separator: ", ")), "
            + "\(tally.duplicates) known again"
    }
}
