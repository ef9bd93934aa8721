import Foundation
import StreamMarkOptions

// streammark-bench: the benchmark of issue 5 and the corpus generator.
//   streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line] [--cap S] [--smoke] [FILES...]
//   streammark-bench generate [--out DIR] [--scale small|full] [--check]
//   streammark-bench patches [--chunk N]... [FILES...]   (patch protocol bytes and encoding time)
//   streammark-bench flicker [FILES...]   (characters withdrawn with and without the provisional display)
//   streammark-bench highlight [--classes] [--chunk N] [--no-peers] [--cpu-time]   (the code highlighter, beside Pygments)
//   streammark-bench memory-probe --kilobytes N --chunk N --cap S   (internal: the memory child)

let usage = """
    usage: streammark-bench [--json] [--markdown] [--filter NAME] [--chunk N|line] [--cap SECONDS] [--cpu-time]
                            [--smoke] [--no-baselines] [--no-render] [--no-growth] [--no-memory] [FILES...]
           streammark-bench --growth [--chunk N] [--filter NAME] [--cpu-time] [--quick]
           streammark-bench generate [--out DIR] [--scale small|full] [--check]
           streammark-bench patches [--chunk N]... [FILES...]
           streammark-bench flicker [--cost-only] [FILES...]
           streammark-bench highlight [--classes] [--chunk N] [--no-peers] [--cpu-time]

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
    exit(MemoryProbeCommand.run(Array(arguments.dropFirst())))
case "--growth", "growth":
    exit(
        UsageError.run(usage: GrowthCommand.usage) { () throws(OptionError) in
            try GrowthCommand(Array(arguments.dropFirst())).run()
        })
case "--help", "-h":
    print(usage, terminator: "")
default:
    exit(
        UsageError.run(usage: BenchmarkCommand.usage) { () throws(OptionError) in try BenchmarkCommand(arguments).run()
        })
}
