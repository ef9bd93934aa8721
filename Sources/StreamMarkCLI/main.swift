import Foundation
import StreamMarkOptions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `streammark`: streams Markdown from a file or stdin to the terminal, NDJSON
// patches, HTML or a tree dump (see `streammark --help` and docs/cli.md).

// A closed reader must not kill the process with SIGPIPE: writes then fail
// with EPIPE and OutputSink exits quietly.
signal(SIGPIPE, SIG_IGN)

/// Runs the command and returns its exit status.
func runStreammark(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "verify":
        return VerifyCommand.run(Array(arguments.dropFirst()))
    case "apply":
        return ApplyCommand.run(Array(arguments.dropFirst()))
    case "template":
        return TemplateCommand.run(Array(arguments.dropFirst()))
    default:
        do {
            let options = try CommandLineOptions(arguments: arguments)
            if options.showHelp {
                OutputSink.standardOutput.write(HelpText.text)
                return 0
            } else if options.showVersion {
                OutputSink.standardOutput.write("streammark \(HelpText.version)\n")
                return 0
            } else {
                return StreamCommand(options: options).run()
            }
        } catch {
            return error.report(usage: CommandLineOptions.usage)
        }
    }
}

// Any bytes are valid Markdown, including 50,000 nested `>`: such trees are
// walked recursively (the converter, Swift's synthesized `==`), so the work
// runs on a thread with a 1 GiB stack (reserved, not committed). The main
// thread only waits; the worker ends the process with the command's status.
let worker = Thread {
    exit(runStreammark(Array(CommandLine.arguments.dropFirst())))
}
worker.stackSize = 1 << 30
worker.start()
while true { pause() }
