import Foundation
import StreamMark
import StreamMarkHTML
import StreamMarkOptions
import StreamMarkTemplates
import StreamMarkTerminal

/// `streammark template …` and `streammark verify --template …`: program
/// output rendered through a template with keyed identities (docs/templates.md).
enum TemplateCommand {
    /// The usage of `streammark template`.
    static let usage =
        "usage: streammark template TEMPLATE (--data D.json | --data-sequence S.ndjson) "
        + "[--format patches|html|tree|markdown|terminal] [--protocol 1|2] [--width N] [--color never|always|auto] "
        + "[--unique-keys] [--no-gfm] [--smart] [--unsafe]"

    /// The usage of `streammark verify --template`.
    static let verifyUsage =
        "usage: streammark verify --template TEMPLATE --data-sequence S.ndjson [--unique-keys] [--no-gfm] [--smart]"

    /// A failure already reported on standard error, with its exit status.
    private struct Failure: Error {
        var status: Int32
    }

    /// `streammark template TEMPLATE --data D.json [--format patches|html|tree|markdown]`
    /// renders one data state (default format `html`); with `--data-sequence
    /// S.ndjson` (one JSON state per line) it writes the patch stream from
    /// the empty document through every state (default format `patches`:
    /// protocol version 2, or 1 with `--protocol 1`, as `streammark --format
    /// patches` writes it, so `streammark apply` reads it; `html`, `tree` and
    /// `markdown` show the last state; `terminal` redraws the rendering in
    /// place after every state when stdout is a terminal, and writes the
    /// last state otherwise).
    ///
    /// - Parameter arguments: the arguments after `template`.
    /// - Returns: 0 on success, 64 for a usage error, 1 for an unreadable file,
    ///   a template syntax error, bad JSON or a key error (with `file:line:column`).
    static func run(_ arguments: [String]) -> Int32 {
        let parsed: TemplateArguments
        do throws(OptionError) {
            parsed = try TemplateArguments(arguments)
            guard parsed.templatePath != nil else { throw OptionError("missing TEMPLATE") }
            guard (parsed.dataPath == nil) != (parsed.sequencePath == nil) else {
                throw OptionError("give exactly one of --data and --data-sequence")
            }
        } catch {
            return error.report(usage: usage)
        }
        do throws(Failure) {
            try render(parsed, templatePath: parsed.templatePath!)
            return 0
        } catch {
            return error.status
        }
    }

    /// Renders every state in the format asked for.
    private static func render(_ parsed: TemplateArguments, templatePath: String) throws(Failure) {
        let format = parsed.format ?? (parsed.sequencePath != nil ? .patches : .html)
        let template = try loadTemplate(templatePath)
        var session = TemplateSession(template: template, options: parsed.options)
        let terminal = format == .terminal ? makeTerminalWriter(parsed) : nil
        var patchWriter = format == .patches ? PatchStreamWriter(version: parsed.protocolVersion ?? 2) : nil
        for state in try loadStates(parsed) {
            let patches: [Patch]
            do {
                patches = try session.render(data: state.value)
            } catch {
                throw renderError(error, templatePath: templatePath, state: "data line \(state.line)")
            }
            patchWriter?.write(patches)
            if let bytes = patchWriter?.takeBytes() {
                bytes.withUnsafeBufferPointer { OutputSink.standardOutput.write(bytes: $0) }
            }
            // Program output is never final until the last state: redraw it all.
            terminal?.update(with: patches, isClosed: { _ in false })
        }
        if let bytes = patchWriter?.takeBytes() {
            bytes.withUnsafeBufferPointer { OutputSink.standardOutput.write(bytes: $0) }
        }
        terminal?.finish(with: [])
        switch format {
        case .html:
            let renderer = HTMLRenderer(options: HTMLRenderer.RenderOptions(unsafe: parsed.unsafe))
            OutputSink.standardOutput.write(renderer.render(session.root))
        case .tree:
            var out = ""
            TreeOutput.dump(session.root, depth: 0, into: &out)
            OutputSink.standardOutput.write(out)
        case .markdown:
            OutputSink.standardOutput.write(session.rendering?.markdown ?? "")
        case .patches, .terminal:
            break
        }
    }

    /// `streammark verify --template TEMPLATE --data-sequence S.ndjson`: renders
    /// every state through ``TemplateHarness`` and checks, after each, that the
    /// tree equals a fresh render, ids are unique, the patches replay to the
    /// tree, items present in consecutive states keep their ids, and unchanged
    /// items receive no update. Prints one summary line.
    ///
    /// - Parameter arguments: the arguments after `verify`.
    /// - Returns: 0 if every check passed, 1 on a failed check, bad template or
    ///   data (positioned message on stderr), 64 for a usage error.
    static func verify(_ arguments: [String]) -> Int32 {
        let parsed: TemplateArguments
        do throws(OptionError) {
            parsed = try TemplateArguments(arguments)
            guard parsed.templatePath != nil else { throw OptionError("missing --template") }
            guard parsed.sequencePath != nil, parsed.dataPath == nil, parsed.format == nil,
                parsed.protocolVersion == nil
            else {
                throw OptionError(
                    "verify --template needs --data-sequence S.ndjson (and no --data, --format or --protocol)")
            }
        } catch {
            return error.report(usage: verifyUsage)
        }
        do throws(Failure) {
            return try check(parsed, templatePath: parsed.templatePath!, sequencePath: parsed.sequencePath!)
        } catch {
            return error.status
        }
    }

    /// Checks every state; returns the exit status.
    private static func check(
        _ parsed: TemplateArguments, templatePath: String, sequencePath: String
    ) throws(Failure) -> Int32 {
        let template = try loadTemplate(templatePath)
        var harness = TemplateHarness(template: template, options: parsed.options)
        for state in try loadStates(parsed) {
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
    }

    /// The text of a file (`-`: standard input); an unreadable one is
    /// reported as `streammark: cannot read PATH: reason`.
    private static func readFile(_ path: String) throws(Failure) -> String {
        do {
            return String(decoding: try InputFile.read(path), as: UTF8.self)
        } catch {
            OutputSink.standardError.write("streammark: \(error)\n")
            throw Failure(status: ExitStatus.failure)
        }
    }

    private static func loadTemplate(_ path: String) throws(Failure) -> Template {
        let text = try readFile(path)
        do {
            return try Template(text)
        } catch {
            OutputSink.standardError.write("streammark: \(path):\(error.description)\n")
            throw Failure(status: 1)
        }
    }

    /// The data states: the one of `--data`, or those of `--data-sequence`
    /// (one per line, blank lines skipped), with their line numbers.
    private static func loadStates(_ parsed: TemplateArguments) throws(Failure) -> [(line: Int, value: JSONValue)] {
        if let dataPath = parsed.dataPath {
            let text = try readFile(dataPath)
            do {
                return [(1, try JSONValue(parsing: text))]
            } catch {
                OutputSink.standardError.write("streammark: \(dataPath):\(error.description)\n")
                throw Failure(status: 1)
            }
        }
        let path = parsed.sequencePath!
        let text = try readFile(path)
        var states: [(line: Int, value: JSONValue)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            do {
                states.append((index + 1, try JSONValue(parsing: String(line))))
            } catch {
                OutputSink.standardError.write("streammark: \(path):\(index + 1):\(error.column): \(error.message)\n")
                throw Failure(status: 1)
            }
        }
        return states
    }

    private static func renderError(_ error: TemplateError, templatePath: String, state: String) -> Failure {
        OutputSink.standardError.write("streammark: \(templatePath):\(error.description) (\(state))\n")
        return Failure(status: 1)
    }

    /// The terminal writer for `--format terminal`: live (redrawing in place)
    /// when stdout is a terminal.
    private static func makeTerminalWriter(_ parsed: TemplateArguments) -> LiveTerminalWriter {
        let live = TerminalDevice.isTerminal(1)
        let size = live ? TerminalDevice.size(of: 1) : nil
        let width = parsed.width ?? size?.columns ?? 80
        let color = parsed.color.usesColor(isTerminal: live, noColor: getenv("NO_COLOR").map { String(cString: $0) })
        let options = TerminalOptions(width: width, color: color, showsHTML: parsed.unsafe)
        return LiveTerminalWriter(
            renderer: TerminalRenderer(options: options), live: live, columns: size?.columns ?? width,
            height: size?.rows ?? 24
        ) { OutputSink.standardOutput.write($0) }
    }
}
