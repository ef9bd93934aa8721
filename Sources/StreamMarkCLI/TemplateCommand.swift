import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkTemplates
import StreamMarkTerminal

// `streammark template …` and `streammark verify --template …`: program
// output rendered through a template with keyed identities (docs/templates.md).

/// The usage of `streammark template`.
let templateUsage =
    "usage: streammark template TEMPLATE (--data D.json | --data-sequence S.ndjson) "
    + "[--format patches|html|tree|markdown|terminal] [--width N] [--color] [--unique-keys] [--no-gfm] [--smart] [--unsafe]"

/// The usage of `streammark verify --template`.
let templateVerifyUsage =
    "usage: streammark verify --template TEMPLATE --data-sequence S.ndjson [--unique-keys] [--no-gfm] [--smart]"

/// Options shared by both template commands.
private struct TemplateArguments {
    var templatePath: String?
    var dataPath: String?
    var sequencePath: String?
    var format: String?
    var options = TemplateOptions()
    var unsafe = false
    var help = false
    var width: Int?
    var color = false

    /// Parses `arguments`; returns a usage message on error.
    init(_ arguments: [String]) throws(TemplateUsageError) {
        var index = 0
        func value(_ name: String) throws(TemplateUsageError) -> String {
            index += 1
            guard index < arguments.count else { throw TemplateUsageError(message: "missing value for \(name)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--template": templatePath = try value(argument)
            case "--data": dataPath = try value(argument)
            case "--data-sequence": sequencePath = try value(argument)
            case "--format": format = try value(argument)
            case "--unique-keys": options.uniqueKeys = true
            case "--no-gfm": options.parseOptions.extensions = .none
            case "--smart": options.parseOptions.smartPunctuation = true
            case "--unsafe": unsafe = true
            case "--color": color = true
            case "--width":
                guard let value = Int(try value(argument)), value > 0 else {
                    throw TemplateUsageError(message: "bad --width value")
                }
                width = value
            case "--help", "-h": help = true
            default:
                if argument.hasPrefix("--format=") {
                    format = String(argument.dropFirst(9))
                } else if argument.hasPrefix("-") && argument != "-" {
                    throw TemplateUsageError(message: "unknown option '\(argument)'")
                } else if templatePath == nil {
                    templatePath = argument
                } else {
                    throw TemplateUsageError(message: "unexpected argument '\(argument)'")
                }
            }
            index += 1
        }
    }
}

private struct TemplateUsageError: Error {
    var message: String
}

/// A failure already reported on standard error, with its exit status.
private struct TemplateFailure: Error {
    var status: Int32
}

private func reportUsage(_ message: String, _ usage: String) -> Int32 {
    OutputSink.standardError.write("streammark: \(message)\n\(usage)\n")
    return 64
}

private func readFile(_ path: String) throws(TemplateFailure) -> String {
    let data: Data?
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        data = FileManager.default.contents(atPath: path)
    }
    guard let data else {
        OutputSink.standardError.write("streammark: cannot read '\(path)'\n")
        throw TemplateFailure(status: 1)
    }
    return String(decoding: data, as: UTF8.self)
}

private func loadTemplate(_ path: String) throws(TemplateFailure) -> Template {
    let text = try readFile(path)
    do {
        return try Template(text)
    } catch {
        OutputSink.standardError.write("streammark: \(path):\(error.description)\n")
        throw TemplateFailure(status: 1)
    }
}

/// The data states of an NDJSON file (blank lines skipped), with their line numbers.
private func loadStates(_ path: String) throws(TemplateFailure) -> [(line: Int, value: JSONValue)] {
    let text = try readFile(path)
    var states: [(line: Int, value: JSONValue)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
        do {
            states.append((index + 1, try JSONValue(parsing: String(line))))
        } catch {
            OutputSink.standardError.write("streammark: \(path):\(index + 1):\(error.column): \(error.message)\n")
            throw TemplateFailure(status: 1)
        }
    }
    return states
}

private func renderError(_ error: TemplateError, templatePath: String, state: String) -> TemplateFailure {
    OutputSink.standardError.write("streammark: \(templatePath):\(error.description) (\(state))\n")
    return TemplateFailure(status: 1)
}

private let patchEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

private func writePatches(_ patches: [Patch]) {
    var out = ""
    for patch in patches {
        guard let data = try? patchEncoder.encode(patch) else { continue }
        out += String(decoding: data, as: UTF8.self)
        out += "\n"
    }
    OutputSink.standardOutput.write(out)
}

/// `streammark template TEMPLATE --data D.json [--format patches|html|tree|markdown]`
/// renders one data state (default format `html`); with `--data-sequence
/// S.ndjson` (one JSON state per line) it writes the NDJSON patch stream
/// from the empty document through every state (default format `patches`;
/// `html`, `tree` and `markdown` show the last state; `terminal` redraws the
/// rendering in place after every state when stdout is a terminal, and
/// writes the last state otherwise).
///
/// - Parameter arguments: the arguments after `template`.
/// - Returns: 0 on success, 64 for a usage error, 1 for an unreadable file,
///   a template syntax error, bad JSON or a key error (with `file:line:column`).
func runTemplateCommand(_ arguments: [String]) -> Int32 {
    let parsed: TemplateArguments
    do {
        parsed = try TemplateArguments(arguments)
    } catch {
        return reportUsage(error.message, templateUsage)
    }
    if parsed.help {
        OutputSink.standardOutput.write(templateUsage + "\n")
        return 0
    }
    guard let templatePath = parsed.templatePath else { return reportUsage("missing TEMPLATE", templateUsage) }
    guard (parsed.dataPath == nil) != (parsed.sequencePath == nil) else {
        return reportUsage("give exactly one of --data and --data-sequence", templateUsage)
    }
    let format = parsed.format ?? (parsed.sequencePath != nil ? "patches" : "html")
    guard ["patches", "html", "tree", "markdown", "terminal"].contains(format) else {
        return reportUsage("unknown format '\(format)'", templateUsage)
    }
    do throws(TemplateFailure) {
        let template = try loadTemplate(templatePath)
        var session = TemplateSession(template: template, options: parsed.options)
        let terminal = format == "terminal" ? makeTerminalWriter(parsed) : nil
        let states: [(line: Int, value: JSONValue)]
        if let dataPath = parsed.dataPath {
            let text = try readFile(dataPath)
            do {
                states = [(1, try JSONValue(parsing: text))]
            } catch {
                OutputSink.standardError.write("streammark: \(dataPath):\(error.description)\n")
                return 1
            }
        } else {
            states = try loadStates(parsed.sequencePath!)
        }
        for state in states {
            let patches: [Patch]
            do {
                patches = try session.render(data: state.value)
            } catch {
                throw renderError(error, templatePath: templatePath, state: "data line \(state.line)")
            }
            if format == "patches" { writePatches(patches) }
            // Program output is never final until the last state: redraw it all.
            terminal?.update(with: patches, isClosed: { _ in false })
        }
        terminal?.finish(with: [])
        switch format {
        case "html":
            let renderer = HTMLRenderer(options: HTMLRenderer.RenderOptions(unsafe: parsed.unsafe))
            OutputSink.standardOutput.write(renderer.render(session.root))
        case "tree":
            var out = ""
            TreeOutput.dump(session.root, depth: 0, into: &out)
            OutputSink.standardOutput.write(out)
        case "markdown":
            OutputSink.standardOutput.write(session.rendering?.markdown ?? "")
        default: break
        }
        return 0
    } catch {
        return error.status
    }
}

/// The terminal writer for `--format terminal`: live (redrawing in place)
/// when stdout is a terminal.
private func makeTerminalWriter(_ parsed: TemplateArguments) -> LiveTerminalWriter {
    let live = TerminalDevice.isTerminal(1)
    let size = live ? TerminalDevice.size(of: 1) : nil
    let width = parsed.width ?? size?.columns ?? 80
    let options = TerminalOptions(width: width, color: parsed.color, showsHTML: parsed.unsafe)
    return LiveTerminalWriter(
        renderer: TerminalRenderer(options: options), live: live, columns: size?.columns ?? width,
        height: size?.rows ?? 24
    ) { OutputSink.standardOutput.write($0) }
}

/// `streammark verify --template TEMPLATE --data-sequence S.ndjson`: renders
/// every state through ``TemplateHarness`` and checks, after each, that the
/// tree equals a fresh render, ids are unique, the patches replay to the
/// tree, items present in consecutive states keep their ids, and unchanged
/// items receive no update. Prints one summary line.
///
/// - Parameter arguments: the arguments after `verify` (the template may be
///   given as `--template T` or, when the dispatcher dropped the flag, as
///   the first positional argument).
/// - Returns: 0 if every check passed, 1 on a failed check, bad template or
///   data (positioned message on stderr), 64 for a usage error.
func runTemplateVerify(_ arguments: [String]) -> Int32 {
    let parsed: TemplateArguments
    do {
        parsed = try TemplateArguments(arguments)
    } catch {
        return reportUsage(error.message, templateVerifyUsage)
    }
    if parsed.help {
        OutputSink.standardOutput.write(templateVerifyUsage + "\n")
        return 0
    }
    guard let templatePath = parsed.templatePath else { return reportUsage("missing --template", templateVerifyUsage) }
    guard let sequencePath = parsed.sequencePath, parsed.dataPath == nil, parsed.format == nil else {
        return reportUsage(
            "verify --template needs --data-sequence S.ndjson (and no --data or --format)", templateVerifyUsage)
    }
    do throws(TemplateFailure) {
        let template = try loadTemplate(templatePath)
        let states = try loadStates(sequencePath)
        var harness = TemplateHarness(template: template, options: parsed.options)
        for state in states {
            do {
                try harness.check(state.value)
            } catch {
                throw renderError(error, templatePath: templatePath, state: "data line \(state.line)")
            }
        }
        let s = harness.statistics
        let summary =
            "\(templatePath): \(s.states) states, \(s.blocks) blocks, \(s.inserts) inserts, \(s.removes) removes, "
            + "\(s.moves) moves, \(s.updates) updates, \(s.keptItems) kept items, \(s.unchangedItems) unchanged items"
        if harness.failures.isEmpty {
            OutputSink.standardOutput.write(summary + ": ok\n")
            return 0
        }
        for failure in harness.failures.prefix(20) {
            OutputSink.standardError.write("streammark: \(sequencePath): \(failure)\n")
        }
        OutputSink.standardOutput.write(summary + ": \(harness.failures.count) failures\n")
        return 1
    } catch {
        return error.status
    }
}
