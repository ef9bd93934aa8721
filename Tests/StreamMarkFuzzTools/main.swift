import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTestSupport

// `StreamMarkFuzzTools`: test tools, never shipped (docs/fuzzing.md).
//
//   generate [--seed S] [--count N] [--bytes B] [--blob MIN-MAX] [--small] DIR
//       writes N documentation-shaped documents (DocumentationGenerator),
//       seeds S…S+N-1, as DIR/doc-SEED.md (large options by default; B the
//       size to reach, MIN-MAX the lengths of base64 strings)
//   input SEED
//       writes the differential fuzzer's input of SEED to stdout
//   diff [--seconds T] [--seed S] [--out DIR] [--streammark PATH] [--cmark-gfm PATH]
//       the differential fuzzer (scripts/fuzz-diff.sh runs it); exit 1 when
//       it saved a new finding
//   screen --seed S --count N --log FILE
//       the fuzzer's child: checks inputs S…S+N-1 in process
//   html [--no-gfm] FILE
//       our one-shot HTML of FILE (the oracle checks run it in a process)
//   summary [--out DIR]
//       writes DIR/findings.md again from DIR/findings
//   reduce (--html | --chunking C) FILE
//       minimizes FILE while it fails the same way, prints it escaped
//
// Paths default to the repository's: Corpus/, Tests/Fuzz/markdown.dict,
// .build/release/streammark, cmark-gfm from PATH.

let usage = """
    usage: StreamMarkFuzzTools generate [--seed S] [--count N] [--bytes B] [--blob MIN-MAX] [--small] DIR
           StreamMarkFuzzTools input SEED
           StreamMarkFuzzTools diff [--seconds T] [--seed S] [--out DIR] [--streammark PATH] [--cmark-gfm PATH]
           StreamMarkFuzzTools reduce (--html | --chunking C) FILE
           StreamMarkFuzzTools html [--no-gfm] FILE
           StreamMarkFuzzTools summary [--out DIR]
    """

/// Writes a line to stdout at once (a log file sees progress as it happens).
func say(_ line: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((line + terminator).utf8))
}

/// The command line's flags (`--name value` or `--name`) and the rest.
struct Arguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ arguments: ArraySlice<String>, flags known: Set<String>) throws {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if known.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("--") {
                guard index + 1 < arguments.endIndex else { throw ToolError("\(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 1
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }

    func integer(_ name: String, _ fallback: UInt64) throws -> UInt64 {
        guard let text = values[name] else { return fallback }
        guard let value = UInt64(text) else { throw ToolError("bad \(name) value '\(text)'") }
        return value
    }
}

/// The repository root: the current directory when it holds Corpus/, else
/// the one above this source file.
let root: URL = {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    if FileManager.default.fileExists(atPath: current.appendingPathComponent("Corpus").path) { return current }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}()

func makeInputs() throws -> InputMaker {
    try InputMaker(
        dictionary: root.appendingPathComponent("Tests/Fuzz/markdown.dict"),
        corpus: root.appendingPathComponent("Corpus"))
}

/// This executable's path.
let tool = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? commandLine[0]

func makeOracles(_ arguments: Arguments, scratch: URL) throws -> Oracles {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let streammark = arguments.values["--streammark"] ?? root.appendingPathComponent(".build/release/streammark").path
    guard FileManager.default.isExecutableFile(atPath: streammark) else {
        throw ToolError("no streammark at \(streammark) (swift build -c release first)")
    }
    let cmarkGFM = try arguments.values["--cmark-gfm"] ?? CmarkGFM.executable().path
    return Oracles(
        streammark: streammark, tool: tool, cmarkGFM: cmarkGFM, runner: ProcessRunner(scratch: scratch, timeout: 30),
        file: scratch.appendingPathComponent("input.md"))
}

func generate(_ arguments: Arguments) throws {
    guard let folder = arguments.positional.first else { throw ToolError(usage) }
    let seed = try arguments.integer("--seed", 1)
    let count = try arguments.integer("--count", 1)
    var options: DocumentationGenerator.Options = arguments.flags.contains("--small") ? .small : .large
    options.bytes = Int(try arguments.integer("--bytes", UInt64(options.bytes)))
    if let blob = arguments.values["--blob"] {
        let bounds = blob.split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] > 0, bounds[0] <= bounds[1] else { throw ToolError("bad --blob '\(blob)'") }
        options.blobBytes = bounds[0]...bounds[1]
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 0..<count {
        let text = DocumentationGenerator.document(seed: seed + index, options: options)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("doc-\(seed + index).md"))
    }
}

func input(_ arguments: Arguments) throws {
    guard let text = arguments.positional.first, let seed = UInt64(text) else { throw ToolError(usage) }
    FileHandle.standardOutput.write(Data(try makeInputs().input(seed: seed).bytes))
}

func diff(_ arguments: Arguments) throws {
    let out = URL(fileURLWithPath: arguments.values["--out"] ?? root.appendingPathComponent(".build/fuzz-diff").path)
    let seed = try arguments.integer("--seed", UInt64(Date().timeIntervalSince1970) << 20)
    let seconds = Double(try arguments.integer("--seconds", 60))
    let findings = out.appendingPathComponent("findings")
    try FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
    let oracles = try makeOracles(arguments, scratch: out.appendingPathComponent("work-\(seed)"))
    say("fuzz-diff: \(Int(seconds)) s from seed \(seed); findings in \(findings.path)")
    let fuzzer = DiffFuzzer(
        maker: try makeInputs(), oracles: oracles, store: FindingStore(folder: findings), seed: seed, seconds: seconds)
    let tally = fuzzer.run(tool: tool)
    try? FileManager.default.removeItem(at: oracles.file.deletingLastPathComponent())
    if !tally.newFindings.isEmpty { exit(1) }
}

func screen(_ arguments: Arguments) throws {
    guard let log = arguments.values["--log"], let handle = FileHandle(forWritingAtPath: log) else {
        throw ToolError("screen needs --log FILE")
    }
    let scratch = URL(fileURLWithPath: log).deletingLastPathComponent().appendingPathComponent("screen")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let screener = Screener(
        maker: try makeInputs(), cmarkGFM: try arguments.values["--cmark-gfm"] ?? CmarkGFM.executable().path,
        runner: ProcessRunner(scratch: scratch, timeout: 30), log: handle)
    screener.screen(from: try arguments.integer("--seed", 1), count: try arguments.integer("--count", 100))
}

func html(_ arguments: Arguments) throws {
    guard let path = arguments.positional.first else { throw ToolError(usage) }
    let options = ParseOptions(extensions: arguments.flags.contains("--no-gfm") ? .none : [.gfm, .footnotes])
    let tree = MarkdownParser(options: options).parse(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    say(HTMLRenderer().render(tree), terminator: "")
}

func summary(_ arguments: Arguments) {
    let out = URL(fileURLWithPath: arguments.values["--out"] ?? root.appendingPathComponent(".build/fuzz-diff").path)
    FindingStore(folder: out.appendingPathComponent("findings")).writeSummary()
    say(out.appendingPathComponent("findings.md").path)
}

func reduce(_ arguments: Arguments) throws {
    guard let path = arguments.positional.first else { throw ToolError(usage) }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let oracles = try makeOracles(arguments, scratch: root.appendingPathComponent(".build/fuzz-diff/reduce"))
    let failure =
        arguments.flags.contains("--html")
        ? oracles.checkHTML(bytes) : oracles.checkStream(bytes, chunking: arguments.values["--chunking"] ?? "1")
    guard let failure else { throw ToolError("\(path) does not fail that check") }
    let reduced = Reducer().reduce(bytes) { oracles.fails($0, as: failure) }
    say("\(failure.kind.rawValue), \(reduced.tests) tests: \"\(FindingStore.escaped(reduced.bytes))\"")
    say(oracles.details(reduced.bytes, failure), terminator: "")
}

let commandLine = CommandLine.arguments
do {
    switch commandLine.dropFirst().first {
    case "generate": try generate(Arguments(commandLine.dropFirst(2), flags: ["--small"]))
    case "input": try input(Arguments(commandLine.dropFirst(2), flags: []))
    case "diff": try diff(Arguments(commandLine.dropFirst(2), flags: []))
    case "screen": try screen(Arguments(commandLine.dropFirst(2), flags: []))
    case "html": try html(Arguments(commandLine.dropFirst(2), flags: ["--no-gfm"]))
    case "summary": summary(try Arguments(commandLine.dropFirst(2), flags: []))
    case "reduce": try reduce(Arguments(commandLine.dropFirst(2), flags: ["--html"]))
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("StreamMarkFuzzTools: \(error)\n".utf8))
    exit(1)
}
