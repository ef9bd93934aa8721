import Foundation

// streammark-bench: the benchmark of issue 5 and the corpus generator.
//   streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line] [--cap S] [--smoke] [FILES...]
//   streammark-bench generate [--out DIR] [--scale small|full] [--check]
//   streammark-bench patches [--chunk N]... [FILES...]   (patch protocol bytes and encoding time)
//   streammark-bench flicker [FILES...]   (characters withdrawn with and without the provisional display)
//   streammark-bench highlight [--classes] [--chunk N] [--no-peers]   (the code highlighter, beside Pygments)
//   streammark-bench memory-probe --kilobytes N --chunk N --cap S   (internal: the memory child)

let usage = """
    usage: streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line] [--cap SECONDS] [--cpu-time]
                            [--smoke] [--no-baselines] [--no-render] [--no-growth] [--no-memory] [FILES...]
           streammark-bench --growth [--chunk N] [--filter NAME] [--cpu-time] [--quick]
           streammark-bench generate [--out DIR] [--scale small|full] [--check]
           streammark-bench patches [--chunk N]... [FILES...]
           streammark-bench flicker [--cost-only] [FILES...]
           streammark-bench highlight [--classes] [--chunk N] [--no-peers]

    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "generate":
    exit(GenerateCommand.run(Array(arguments.dropFirst())))
case "patches":
    exit(PatchesCommand.run(Array(arguments.dropFirst())))
case "flicker":
    exit(FlickerCommand.run(Array(arguments.dropFirst())))
case "highlight":
    exit(HighlightCommand.run(Array(arguments.dropFirst())))
case "memory-probe":
    var kilobytes = 10_240
    var chunking = Chunking.bytes(64)
    var cap = 30.0
    var index = 1
    while index + 1 < arguments.count {
        switch arguments[index] {
        case "--kilobytes": kilobytes = Int(arguments[index + 1]) ?? kilobytes
        case "--chunk": chunking = Chunking(argument: arguments[index + 1]) ?? chunking
        case "--cap": cap = Double(arguments[index + 1]) ?? cap
        default: break
        }
        index += 2
    }
    exit(MemoryProbe.runChild(kilobytes: kilobytes, chunking: chunking, cap: cap))
case "--growth", "growth":
    guard let command = GrowthCommand(Array(arguments.dropFirst())) else {
        FileHandle.standardError.write(
            Data("usage: streammark-bench --growth [--chunk N] [--filter NAME] [--cpu-time] [--quick]\n".utf8))
        exit(2)
    }
    exit(command.run())
case "--help", "-h":
    print(usage, terminator: "")
default:
    guard let command = BenchmarkCommand(arguments) else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    exit(command.run())
}
