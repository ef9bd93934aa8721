import Foundation
import Testing

/// Usage errors of every command and subcommand of both programs: one line
/// on standard error, `PROGRAM: MESSAGE — usage: …`, nothing on standard
/// output, exit status 64. Unreadable files: one line, exit status 1.
@Suite("usage errors and unreadable files")
struct UsageErrorTests {
    static let plan = CommandFixtures.path("plan.tmpl")
    static let states = CommandFixtures.path("states.ndjson")
    static let missing = "/nonexistent/streammark-test.md"

    /// `streammark` arguments that are usage errors, with the message.
    static let streammarkErrors: [([String], String)] = [
        (["--width=0"], "bad --width value '0' (expected an integer from 1 to 10000)"),
        (["--width", "10001"], "bad --width value '10001' (expected an integer from 1 to 10000)"),
        (["--color"], "--color needs a value"),
        (["--color=sometimes"], "bad --color value 'sometimes' (expected never, always or auto)"),
        (["--protocol=3", "--format", "patches"], "bad --protocol value '3' (expected 1 or 2)"),
        (["--format=xml"], "bad --format value 'xml' (expected terminal, patches, html or tree)"),
        (["--replay", "--width", "3"], "--replay needs a value"),
        (["--stats=1"], "--stats takes no value"),
        (["--bogus=1"], "unknown option '--bogus'"),
        (["verify", "--chunking"], "--chunking needs a value"),
        (
            ["verify", "--chunking=sideways", "x.md"],
            "bad --chunking value 'sideways' (expected every-byte, lines, random:SEED, mixed:SEED or N)"
        ),
        (["verify", "--smart=1", "x.md"], "--smart takes no value"),
        (["verify", "--width", "3", "x.md"], "unknown option '--width'"),
        (["verify"], "no files to verify"),
        (["apply", "--bogus"], "unknown option '--bogus'"),
        (["apply", "--format"], "--format needs a value"),
        (["apply", "--protocol=3"], "bad --protocol value '3' (expected 1 or 2)"),
        (["apply", "--unsafe=1"], "--unsafe takes no value"),
        (["apply", "a", "b"], "more than one input file"),
        (["template"], "missing TEMPLATE"),
        (["template", "t"], "give exactly one of --data and --data-sequence"),
        (["template", "t", "--data", "d", "--data-sequence", "s"], "give exactly one of --data and --data-sequence"),
        (
            ["template", "t", "--data", "d", "--format=xml"],
            "bad --format value 'xml' (expected patches, html, tree, markdown or terminal)"
        ),
        (
            ["template", "t", "--data", "d", "--width", "0"],
            "bad --width value '0' (expected an integer from 1 to 10000)"
        ),
        (
            ["template", "t", "--data", "d", "--color", "yes"],
            "bad --color value 'yes' (expected never, always or auto)"
        ),
        (["template", "t", "--data-sequence", "s", "--protocol", "3"], "bad --protocol value '3' (expected 1 or 2)"),
        (["template", "t", "--data"], "--data needs a value"),
        (["template", "t", "extra"], "unexpected argument 'extra'"),
        (["template", "t", "--unique-keys=1"], "--unique-keys takes no value"),
        (["template", "--bogus"], "unknown option '--bogus'"),
        (["verify", "--template"], "--template needs a value"),
        (
            ["verify", "--template", "t"],
            "verify --template needs --data-sequence S.ndjson (and no --data, --format or --protocol)"
        ),
        (
            ["verify", "--template=t", "--data-sequence", "s", "--format", "html"],
            "verify --template needs --data-sequence S.ndjson (and no --data, --format or --protocol)"
        ),
    ]

    /// `streammark-bench` arguments that are usage errors, with the message.
    static let benchErrors: [([String], String)] = [
        (["--bogus"], "unknown option '--bogus'"),
        (["--chunk"], "--chunk needs a value"),
        (["--chunk=0"], "bad --chunk value '0' (expected a byte count from 1 to 1073741824 or line)"),
        (["--cap", "x"], "bad --cap value 'x' (expected a positive number of seconds)"),
        (["--json=1"], "--json takes no value"),
        (["--growth", "--chunk", "0"], "bad --chunk value '0' (expected a byte count from 1 to 1073741824)"),
        (["growth", "extra"], "unexpected argument 'extra'"),
        (["--growth", "--json"], "unknown option '--json'"),
        (["generate", "--scale", "huge"], "bad --scale value 'huge' (expected small or full)"),
        (["generate", "x"], "unexpected argument 'x'"),
        (["generate", "--out"], "--out needs a value"),
        (["patches", "--chunk=-1"], "bad --chunk value '-1' (expected a byte count from 1 to 1073741824)"),
        (["patches", "--bogus"], "unknown option '--bogus'"),
        (["flicker", "--cost-only=1"], "--cost-only takes no value"),
        (["flicker", "--bogus"], "unknown option '--bogus'"),
        (["memory-probe", "--kilobytes"], "--kilobytes needs a value"),
        (["memory-probe", "--cap=0"], "bad --cap value '0' (expected a positive number of seconds)"),
        (
            ["memory-probe", "--chunk", "x"],
            "bad --chunk value 'x' (expected a byte count from 1 to 1073741824 or line)"
        ),
    ]

    /// Checks a usage error: status 64, no output, one line on stderr.
    static func expectUsageError(_ result: CLI.Result, program: String, message: String, _ arguments: [String]) {
        #expect(result.status == 64, "\(arguments): \(result.error)")
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("\(program): \(message) — usage: \(program)"), "\(result.error)")
        #expect(result.error.hasSuffix("\n"))
        #expect(result.error.filter { $0 == "\n" }.count == 1, "one line: \(result.error)")
    }

    @Test(arguments: streammarkErrors)
    func streammarkUsageErrorExits64(arguments: [String], message: String) {
        guard let result = CLI.run(arguments, input: []) else { return }
        Self.expectUsageError(result, program: "streammark", message: message, arguments)
    }

    @Test(arguments: benchErrors)
    func benchUsageErrorExits64(arguments: [String], message: String) {
        guard let result = CLI.runBench(arguments) else { return }
        Self.expectUsageError(result, program: "streammark-bench", message: message, arguments)
    }

    /// `--help` of each subcommand: its usage on standard output, status 0.
    @Test(arguments: [
        ("streammark", ["apply", "--help"]), ("streammark", ["verify", "-h"]), ("streammark", ["template", "--help"]),
        ("streammark", ["verify", "--template", "t", "--help"]), ("streammark-bench", ["--growth", "--help"]),
        ("streammark-bench", ["generate", "--help"]), ("streammark-bench", ["patches", "--help"]),
        ("streammark-bench", ["flicker", "-h"]), ("streammark-bench", ["memory-probe", "--help"]),
        ("streammark-bench", ["--json", "--help"]),
    ])
    func helpPrintsTheUsage(program: String, arguments: [String]) {
        let result = program == "streammark" ? CLI.run(arguments) : CLI.runBench(arguments)
        guard let result else { return }
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.text.hasPrefix("usage: \(program) "))
        #expect(result.text.filter { $0 == "\n" }.count == 1)
    }

    /// An unreadable file named on the command line: one line naming it and
    /// the reason, status 1.
    @Test(arguments: [
        ("streammark", [missing], missing),
        ("streammark", ["verify", missing], missing),
        ("streammark", ["template", missing, "--data", states], missing),
        ("streammark", ["template", plan, "--data", missing], missing),
        ("streammark", ["template", plan, "--data-sequence", missing], missing),
        ("streammark", ["template", "--data-sequence", missing, plan, "--format", "html"], missing),
        ("streammark", ["verify", "--template", plan, "--data-sequence", missing], missing),
        ("streammark", ["verify", "--template", missing, "--data-sequence", states], missing),
        ("streammark-bench", ["--no-growth", "--no-memory", missing], missing),
        ("streammark-bench", ["patches", missing], missing),
        ("streammark-bench", ["flicker", missing], missing),
    ])
    func unreadableFileExits1(program: String, arguments: [String], path: String) {
        let result = program == "streammark" ? CLI.run(arguments) : CLI.runBench(arguments)
        guard let result else { return }
        #expect(result.status == 1, "\(arguments)")
        #expect(result.error == "\(program): cannot read \(path): No such file or directory\n")
    }

    /// A folder where a file is expected: `Is a directory`, status 1.
    @Test(arguments: [
        ("streammark", ["verify", "DIR"]), ("streammark", ["template", "DIR", "--data", "DIR"]),
        ("streammark", ["template", plan, "--data-sequence", "DIR"]), ("streammark-bench", ["patches", "DIR"]),
    ])
    func directoryExits1(program: String, arguments: [String]) {
        let folder = CommandFixtures.directory.path
        let arguments = arguments.map { $0 == "DIR" ? folder : $0 }
        let result = program == "streammark" ? CLI.run(arguments) : CLI.runBench(arguments)
        guard let result else { return }
        #expect(result.status == 1)
        #expect(result.error == "\(program): cannot read \(folder): Is a directory\n")
    }
}
