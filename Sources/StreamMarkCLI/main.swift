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

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "verify":
    status = VerifyCommand.run(Array(arguments.dropFirst()))
case "template":
    status = runTemplateCommand(Array(arguments.dropFirst()))
default:
    do {
        let options = try CommandLineOptions(arguments: arguments)
        if options.showHelp {
            OutputSink.standardOutput.write(HelpText.text)
            status = 0
        } else if options.showVersion {
            OutputSink.standardOutput.write("streammark \(HelpText.version)\n")
            status = 0
        } else {
            status = StreamCommand(options: options).run()
        }
    } catch {
        OutputSink.standardError.write("streammark: \(error.message) — \(CommandLineOptions.usage)\n")
        status = 64
    }
}
exit(status)
