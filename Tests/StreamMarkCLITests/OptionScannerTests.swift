import StreamMarkOptions
import Testing

/// The shared option scanner, in process: both forms of every value, flags
/// given a value, missing and bad values, operands, and one-line messages.
@Suite("option scanner")
struct OptionScannerTests {
    /// What a scan of a small command's options found, or its error.
    struct Scan: Equatable {
        var width: Int?
        var color: ColorMode?
        var version: Int?
        var name: String?
        var verbose = false
        var operands: [String] = []
    }

    /// A command with the shared values, a free value and a flag.
    static func scan(_ arguments: [String]) throws(OptionError) -> Scan {
        var scan = Scan()
        var scanner = OptionScanner(arguments)
        while let argument = try scanner.next() {
            switch argument {
            case .option("--width"): scan.width = try scanner.width()
            case .option("--color"): scan.color = try scanner.colorMode()
            case .option("--protocol"): scan.version = try scanner.protocolVersion()
            case .option("--name"): scan.name = try scanner.value()
            case .option("--verbose"): scan.verbose = true
            case .option("--help"), .option("-h"): throw .help
            case .operand(let operand): scan.operands.append(operand)
            case .option: throw scanner.unknownOption()
            }
        }
        return scan
    }

    static func error(_ arguments: [String]) -> OptionError? {
        do {
            _ = try scan(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("--width", "40"), ("--color", "always"), ("--protocol", "1"), ("--name", "a=b"), ("--name", ""),
        ("--name", "-"),
    ])
    func bothFormsGiveTheSameValue(option: String, value: String) throws {
        let joined = try Self.scan(["a.md", "\(option)=\(value)", "--verbose"])
        #expect(joined != Scan(verbose: true, operands: ["a.md"]), "the option was read")
        let separate = try Self.scan(["a.md", option, value, "--verbose"])
        #expect(joined == separate)
    }

    @Test func valuesAndOperandsInOrder() throws {
        let scan = try Self.scan(["-", "--width", "7", "b.md", "--color=never", "--name", "x y", "c"])
        #expect(scan == Scan(width: 7, color: .never, name: "x y", operands: ["-", "b.md", "c"]))
    }

    @Test(arguments: [
        (["--verbose=yes"], "--verbose takes no value"),
        (["--verbose=", "a"], "--verbose takes no value"),
        (["--width"], "--width needs a value"),
        (["--width", "--verbose"], "--width needs a value"),
        (["--name"], "--name needs a value"),
        (["--width", "0"], "bad --width value '0' (expected an integer from 1 to 10000)"),
        (["--width=10001"], "bad --width value '10001' (expected an integer from 1 to 10000)"),
        (["--width", "4x"], "bad --width value '4x' (expected an integer from 1 to 10000)"),
        (["--width", "-3"], "bad --width value '-3' (expected an integer from 1 to 10000)"),
        (["--color=sometimes"], "bad --color value 'sometimes' (expected never, always or auto)"),
        (["--color", ""], "bad --color value '' (expected never, always or auto)"),
        (["--protocol", "3"], "bad --protocol value '3' (expected 1 or 2)"),
        (["--bogus"], "unknown option '--bogus'"),
        (["--bogus=1"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--"], "unknown option '--'"),
        (["--width", "1\n2"], "bad --width value '1\\n2' (expected an integer from 1 to 10000)"),
        (["--bo\u{1B}[2Jgus"], "unknown option '--bo\\u{1B}[2Jgus'"),
    ])
    func errorsAreOneLine(arguments: [String], message: String) {
        let error = Self.error(arguments)
        #expect(error?.message == message)
        #expect(error?.isHelp == false)
        let line = error?.line(program: "prog", usage: "usage: prog [--width N]") ?? ""
        #expect(line == "prog: \(message) — usage: prog [--width N]\n")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func helpIsNotAnError() {
        #expect(Self.error(["a", "--help", "--bogus"])?.isHelp == true)
        #expect(Self.error(["-h"])?.isHelp == true)
        #expect(Self.error(["--bogus", "--help"])?.isHelp == false, "the first problem wins")
    }

    @Test func longValuesAreCut() {
        let value = String(repeating: "9", count: 5_000)
        let message = Self.error(["--width", value])?.message ?? ""
        #expect(message.count < 300)
        #expect(message.hasPrefix("bad --width value '999"))
    }

    @Test func colorModes() {
        #expect(ColorMode.always.usesColor(isTerminal: false, noColor: "1"))
        #expect(!ColorMode.never.usesColor(isTerminal: true, noColor: nil))
        #expect(ColorMode.auto.usesColor(isTerminal: true, noColor: nil))
        #expect(ColorMode.auto.usesColor(isTerminal: true, noColor: ""))
        #expect(!ColorMode.auto.usesColor(isTerminal: true, noColor: "1"))
        #expect(!ColorMode.auto.usesColor(isTerminal: false, noColor: nil))
    }

    @Test func inputFileReadsAndReports() throws {
        #expect(throws: InputFile.Failure(path: "/nonexistent/x", code: 2)) { try InputFile.read("/nonexistent/x") }
        let failure = InputFile.Failure(path: "/tmp", code: 21)
        #expect(failure.description == "cannot read /tmp: Is a directory")
        #expect(throws: failure) { try InputFile.read("/tmp") }
    }
}
