import Foundation
import StreamMark
import StreamMarkOptions

/// `streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line]
/// [--cap SECONDS] [--cpu-time] [--smoke] [--no-baselines] [--no-render] [--no-growth] [--no-memory] [FILES...]`.
struct BenchmarkCommand {
    /// Output one JSON record per line instead of a table.
    var json = false
    /// Print the Markdown tables of `Benchmarks/README.md` at the end.
    var markdown = false
    /// Only documents (and growth shapes) whose name contains this.
    var filter: String?
    /// The chunkings to stream with; baselines use the first.
    var chunkings: [Chunking] = [.bytes(4), .bytes(64), .lines]
    /// Seconds after which a run stops and extrapolates.
    var cap = 3.0
    /// Tiny inputs, every scenario, a correctness check; a few seconds.
    var smoke = false
    var baselines = true
    var growth = true
    var memory = true
    var renders = true
    /// Files given on the command line (default: the corpus).
    var files: [String] = []

    /// A document to measure.
    struct Input {
        var name: String
        var bytes: [UInt8]
        /// Whether it is one of the real model answers (pooled in the summary).
        var isModelAnswer = false
    }

    /// The one-line usage.
    static let usage =
        "usage: streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line] [--cap SECONDS] [--cpu-time] "
        + "[--smoke] [--no-baselines] [--no-render] [--no-growth] [--no-memory] [FILES...] "
        + "| streammark-bench --growth|generate|patches|flicker … (--help for more)"

    /// Parses the arguments with the shared `OptionScanner`.
    init(_ arguments: [String]) throws(OptionError) {
        var scanner = OptionScanner(arguments)
        while let argument = try scanner.next() {
            switch argument {
            case .option("--json"): json = true
            case .option("--markdown"): markdown = true
            case .option("--smoke"): smoke = true
            case .option("--no-baselines"): baselines = false
            case .option("--no-growth"): growth = false
            case .option("--no-memory"): memory = false
            case .option("--no-render"): renders = false
            case .option("--cpu-time"): Clock.measuresCPUTime = true
            case .option("--filter"): filter = try scanner.value()
            case .option("--chunk"): chunkings = [try scanner.chunking()]
            case .option("--cap"): cap = try scanner.seconds()
            case .option("--help"), .option("-h"): throw .help
            case .operand(let path): files.append(path)
            case .option: throw scanner.unknownOption()
            }
        }
        if smoke { cap = min(cap, 0.1) }
    }

    /// The documents to measure.
    func inputs() throws -> [Input] {
        var inputs: [Input] = []
        if smoke {
            for shape in CorpusGenerator.shapes {
                inputs.append(
                    Input(name: "smoke:" + shape.name, bytes: Array(shape.make(max(1, shape.small / 20)).utf8)))
            }
            for file in CorpusLocation.markdownFiles(in: CorpusLocation.folder("llm")).prefix(2) {
                inputs.append(
                    Input(
                        name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file).prefix(1_024)),
                        isModelAnswer: true))
            }
        } else if !files.isEmpty {
            for file in files {
                let url = URL(fileURLWithPath: file)
                inputs.append(Input(name: url.lastPathComponent, bytes: try InputFile.read(file)))
            }
        } else {
            for folder in ["llm", "documents", "generated"] {
                for file in CorpusLocation.markdownFiles(in: CorpusLocation.folder(folder)) {
                    inputs.append(
                        Input(
                            name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file)),
                            isModelAnswer: folder == "llm"))
                }
            }
            inputs.append(
                Input(name: Summary.baselineADocument, bytes: Array(CorpusGenerator.longAnswer(bytes: 262_144).utf8)))
        }
        return inputs.filter { matches($0.name) }
    }

    func matches(_ name: String) -> Bool {
        guard let filter else { return true }
        return name.localizedCaseInsensitiveContains(filter)
    }

    /// Runs every scenario; returns the exit status.
    func run() -> Int32 {
        let inputs: [Input]
        do { inputs = try self.inputs() } catch {
            FileHandle.standardError.write(Data("streammark-bench: \(error)\n".utf8))
            return 1
        }
        let machine = markdown ? MachineInfo.current() : MachineInfo()
        let started = Clock.now()
        var runner = BenchmarkRunner(cap: cap)
        var summary = Summary()
        var failures: [String] = []
        var rows = [TableFormatter.columns]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func emit(_ record: BenchmarkRecord) {
            summary.records.append(record)
            if json {
                if let data = try? encoder.encode(record) { print(String(decoding: data, as: UTF8.self)) }
            } else {
                rows.append(TableFormatter.cells(record))
                progress(rows[rows.count - 1].joined(separator: "  "))
            }
        }
        let parser = MarkdownParser(options: runner.options)
        for input in inputs {
            for chunking in chunkings {
                let (record, samples, root) = runner.streaming(input.name, input.bytes, chunking: chunking)
                emit(record)
                if input.isModelAnswer && chunking == .bytes(4) { summary.modelAnswerSamples += samples }
                if smoke, let root, root != parser.parse(bytes: input.bytes) {
                    failures.append(
                        "\(input.name) in \(chunking) chunks: streamed tree differs from the one-shot parse")
                }
            }
            if renders, let chunking = chunkings.first {
                emit(runner.streamingWithRendering(input.name, input.bytes, chunking: chunking))
            }
            for record in runner.oneShot(input.name, input.bytes) { emit(record) }
            if baselines, let chunking = chunkings.first {
                emit(runner.fullReparse(input.name, input.bytes, chunking: chunking))
                emit(runner.tailReparse(input.name, input.bytes, chunking: chunking))
            }
        }
        if growth && files.isEmpty {
            for shape in CorpusGenerator.shapes where matches(shape.name) || matches("growth") {
                var result = Summary.Growth(shape: shape.name)
                for size in growthSizes(shape) {
                    let bytes = Array(shape.make(size).utf8)
                    let (record, _, _) = runner.streaming(
                        "\(shape.name)@\(bytes.count)", bytes, chunking: .bytes(4), system: "streammark-growth")
                    emit(record)
                    result.records.append(record)
                }
                summary.growth.append(result)
            }
        }
        if memory && files.isEmpty && (filter == nil || matches("memory")) {
            let kilobytes = smoke ? 256 : 10_240
            if let record = MemoryProbe.measure(
                kilobytes: kilobytes, chunking: .bytes(64), cap: smoke ? 0.5 : max(cap, 30))
            {
                emit(record)
            } else {
                failures.append("memory probe child process failed")
            }
        }
        if !json && !markdown {
            print(TableFormatter.text(rows))
            print("")
            for row in summary.targetRows().dropFirst() { print("[\(row[2])] \(row[0]): \(row[1])") }
            if !summary.growth.isEmpty {
                print("")
                print(TableFormatter.text(summary.growthRows()))
            }
        }
        if markdown {
            let command = (["streammark-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
            print(
                machine.markdown(
                    command: command, loadAfter: MachineInfo.loadAverageNow(),
                    seconds: Double(Clock.now() - started) / 1e9))
            print("")
            print(summary.markdown())
        }
        FileHandle.standardError.write(Data("sink \(runner.sink)\n".utf8))
        for failure in failures { FileHandle.standardError.write(Data("FAIL \(failure)\n".utf8)) }
        return failures.isEmpty ? 0 : 1
    }

    /// Size parameters of the growth check: 10 KB, 100 KB and 1 MB for the
    /// long answer, 1 %, 10 % and 100 % of the committed size for the other
    /// shapes (a few tiny sizes in smoke mode).
    func growthSizes(_ shape: CorpusGenerator.Shape) -> [Int] {
        if smoke { return [max(1, shape.small / 80), max(1, shape.small / 40), max(1, shape.small / 20)] }
        if shape.name == "long-answer" { return [10_240, 102_400, 1_048_576] }
        return [max(1, shape.full / 100), max(1, shape.full / 10), shape.full]
    }

    /// A progress line on standard error.
    func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
