import StreamMark
import StreamMarkHTML
import StreamMarkOptions
import StreamMarkTerminal
import StreamMarkWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The main command: streams the input through the engine into the chosen
/// output format.
struct StreamCommand {
    /// The parsed options.
    var options: CommandLineOptions

    /// Runs the command and returns the exit status.
    func run() -> Int32 {
        let descriptor: Int32
        let name = options.file ?? "-"
        if let file = options.file, file != "-" {
            descriptor = open(file, O_RDONLY)
            if descriptor < 0 {
                return cannotRead(file, errno: errno)
            }
        } else {
            descriptor = 0
        }
        let stdoutIsTerminal = TerminalDevice.isTerminal(1)
        let format = options.format ?? .terminal
        let output = makeOutput(format: format, stdoutIsTerminal: stdoutIsTerminal)
        if format == .terminal && stdoutIsTerminal { TerminalDevice.watchResizes() }
        var document = StreamingDocument(options: options.parseOptions)
        var reader = InputReader(descriptor: descriptor)
        var input = WireInput(format: options.input)
        let live = format == .terminal && stdoutIsTerminal
        let showsOnlyTheEnd = (format == .html && !options.fragments) || format == .tree
        var status: Int32 = 0

        if let chunk = options.replayChunk {
            // Replay: read everything (progressively), then feed fixed chunks.
            var bytes: [UInt8] = []
            var failure: Int32?
            reading: while true {
                switch reader.next(cap: 1 << 20, timeout: -1) {
                case .bytes(let more): bytes.append(contentsOf: more)
                case .idle: continue
                case .end: break reading
                case .failure(let error):
                    failure = error
                    break reading
                }
            }
            var start = 0
            while start < bytes.count && !input.isDone {
                let end = min(bytes.count, start + chunk)
                let patches = input.feed(bytes[start..<end], into: &document)
                output.consume(patches, document: document)
                start = end
                if options.replayDelayMilliseconds > 0 && start < bytes.count {
                    usleep(useconds_t(options.replayDelayMilliseconds * 1000))
                }
                if live && TerminalDevice.takeResize() { output.resized(document: document) }
            }
            if let failure { status = cannotRead(name, errno: failure) }
        } else {
            reading: while true {
                // Outputs that show only the end result take the input in
                // reads as large as the pipe or file gives (one parse for a
                // file); the others read in chunks they can show.
                let cap = showsOnlyTheEnd ? 1 << 24 : max(1 << 16, document.statistics.lastParsedBytes)
                switch reader.next(cap: cap, timeout: live ? 200 : -1) {
                case .bytes(let bytes):
                    let patches = input.feed(bytes, into: &document)
                    output.consume(patches, document: document)
                    if input.isDone { break reading }
                case .idle:
                    break
                case .end:
                    break reading
                case .failure(let error):
                    // Keep what arrived: finish and render it, then report.
                    status = cannotRead(name, errno: error)
                    break reading
                }
                if live && TerminalDevice.takeResize() { output.resized(document: document) }
            }
        }
        if status == 0 { output.consume(input.finish(into: &document), document: document) }
        if let partial = output as? PartialOutput {
            partial.write(&document)
            reportInputFailure(input, status: &status)
            if descriptor != 0 { close(descriptor) }
            return status
        }
        let last = document.finish()
        output.finish(last, document: document)
        reportInputFailure(input, status: &status)
        if options.statistics { report(document, output: output) }
        if descriptor != 0 { close(descriptor) }
        return status
    }

    private func makeOutput(format: CommandLineOptions.Format, stdoutIsTerminal: Bool) -> any StreamOutput {
        let html = HTMLRenderer.RenderOptions(unsafe: options.unsafe, highlight: options.highlight)
        if options.partial { return PartialOutput(options: options) }
        switch format {
        case .patches:
            let patches = PatchesOutput(version: options.protocolVersion, highlighting: options.highlight)
            return options.display ? DisplayLinesOutput(patches, version: options.protocolVersion) : patches
        case .html: return options.fragments ? FragmentsOutput(options: html) : HTMLOutput(options: html)
        case .tree: return TreeOutput()
        case .terminal:
            let size = stdoutIsTerminal ? TerminalDevice.size(of: 1) : nil
            let environmentColumns = getenv("COLUMNS").flatMap { Int(String(cString: $0)) }
            let width = options.width ?? size?.columns ?? environmentColumns ?? 80
            let color = options.color.usesColor(
                isTerminal: stdoutIsTerminal, noColor: getenv("NO_COLOR").map { String(cString: $0) })
            let terminalOptions = TerminalOptions(
                width: width, color: color, hyperlinks: options.hyperlinks && stdoutIsTerminal,
                showsHTML: options.unsafe)
            return TerminalOutput(
                options: terminalOptions, live: stdoutIsTerminal, columns: size?.columns ?? width,
                height: size?.rows ?? 24,
                fixedWidth: options.width)
        }
    }

    /// Writes `--stats` to stderr: the engine's counters, the number of
    /// blocks, and the render cache's counts.
    private func report(_ document: StreamingDocument, output: any StreamOutput) {
        let statistics = document.statistics
        var line =
            "streammark: appends=\(statistics.appends) bytes=\(document.byteCount) "
            + "parsed-bytes=\(statistics.totalParsedBytes) patches=\(statistics.patches) "
            + "blocks=\(document.root.subtreeCount) stale-appends=\(statistics.staleAppends) "
            + "max-stale-bytes=\(statistics.maxStaleBytes) in-place-appends=\(statistics.inPlaceAppends)"
        for (name, count) in statistics.shortcutAppends.sorted(by: { $0.key < $1.key }) {
            line += " \(name)-appends=\(count)"
        }
        if let counts = output.renderCounts {
            line += " renders=\(counts.renders) rendered-blocks=\(counts.blocks)"
        }
        OutputSink.standardError.write(line + "\n")
    }

    /// After the output: the `--input` stream's failure (or skipped unknown
    /// event) on stderr and status 1, unless a read error was reported.
    private func reportInputFailure(_ input: WireInput, status: inout Int32) {
        guard status == 0, let message = input.message else { return }
        OutputSink.standardError.write("streammark: \(message)\n")
        status = 1
    }

    /// Reports `streammark: cannot read PATH: reason` and returns 1.
    private func cannotRead(_ path: String, errno error: Int32) -> Int32 {
        let reason = String(cString: strerror(error))
        OutputSink.standardError.write("streammark: cannot read \(path): \(reason)\n")
        return 1
    }
}
