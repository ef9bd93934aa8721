import Foundation
import StreamMark
import StreamMarkHTML

/// The fast path of the differential fuzzer, run in a child process
/// (`StreamMarkFuzzTools screen`): checks a batch of inputs in process —
/// our one-shot HTML against cmark-gfm's, the prefix harness at the two
/// chunkings — and writes one line per input to a log before checking it,
/// then one per failure. The parent reads the log: a failure is checked
/// again with the `streammark` binary and minimized; if the child died, the
/// last input it began is the one that crashed it.
struct Screener {
    let maker: InputMaker
    /// `cmark-gfm`.
    let cmarkGFM: String
    /// Runs cmark-gfm.
    let runner: ProcessRunner
    /// The log.
    let log: FileHandle

    /// The log's lines: `begin SEED`, `html SEED`, `stream SEED CHUNKING`, `end`.
    func screen(from seed: UInt64, count: UInt64) {
        let parser = MarkdownParser()
        let renderer = HTMLRenderer()
        let harness = PrefixHarness(fullCheckLimit: Int(Oracles.fullChecks))
        let file = runner.scratch.appendingPathComponent("screen.md")
        for inputSeed in seed..<(seed + count) {
            write("begin \(inputSeed)")
            let bytes = maker.input(seed: inputSeed).bytes
            if InputMaker.isValidUTF8(bytes) {
                try? Data(bytes).write(to: file)
                let theirs = runner.run(cmarkGFM, Oracles.extensions + [file.path])
                if theirs.ending != .exit(0) || theirs.output != Array(renderer.render(parser.parse(bytes: bytes)).utf8)
                {
                    write("html \(inputSeed)")
                }
            }
            for chunking in DiffFuzzer.chunkings(seed: inputSeed) {
                guard let parsed = PrefixHarness.Chunking(argument: chunking) else { continue }
                if !harness.verify(name: "input", bytes: bytes, chunking: parsed).passed {
                    write("stream \(inputSeed) \(chunking)")
                    break
                }
            }
        }
        write("end")
    }

    func write(_ line: String) {
        log.write(Data((line + "\n").utf8))
    }
}
