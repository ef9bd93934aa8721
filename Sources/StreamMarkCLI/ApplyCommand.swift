import StreamMark
import StreamMarkHTML
import StreamMarkOptions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `streammark apply [--format html|tree|patches] [--protocol 1|2]
/// [--unsafe] [FILE]`: the reference client. Reads a patch stream (version
/// 1 or 2) from FILE or stdin, applies it line by line as it arrives, and
/// prints the final document.
enum ApplyCommand {
    /// The one-line usage.
    static let usage =
        "usage: streammark apply [--format html|tree|patches] [--protocol 1|2] [--unsafe] [FILE]"

    /// What `apply` prints.
    enum Format: String, CaseIterable {
        case html, tree, patches
    }

    /// Runs the command and returns the exit status: 0, 1 for a bad stream
    /// or unreadable input, 64 for bad arguments.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments)
        } catch {
            return error.report(usage: usage)
        }
        let file = options.file
        var descriptor: Int32 = 0
        if let file, file != "-" {
            descriptor = open(file, O_RDONLY)
            if descriptor < 0 { return failure("cannot read \(file): \(String(cString: strerror(errno)))") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var client = PatchStreamClient()
        if let status = read(descriptor, name: file ?? "-", into: &client) { return status }
        switch options.format {
        case .html:
            // A stream that carried highlighting renders highlighted, once
            // its tokens are checked against the code they came with.
            let highlighted = !client.highlightedLines.isEmpty
            if highlighted, let (id, line) = client.highlightMismatch() {
                return failure("\(file ?? "-"): the highlighting of \(id) differs from its code at line \(line + 1)")
            }
            let renderOptions = HTMLRenderer.RenderOptions(unsafe: options.unsafe, highlight: highlighted)
            OutputSink.standardOutput.write(HTMLRenderer(options: renderOptions).render(client.root))
        case .tree:
            var out = ""
            TreeOutput.dump(client.root, depth: 0, into: &out, ranges: client.version != 2)
            OutputSink.standardOutput.write(out)
        case .patches:
            var writer = PatchStreamWriter(version: options.version)
            writer.write(freshStream(of: client, closingInsideClosed: options.version == 1))
            let bytes = writer.takeBytes()
            bytes.withUnsafeBufferPointer { OutputSink.standardOutput.write(bytes: $0) }
        }
        return 0
    }

    /// Reads and applies every line; returns an exit status on failure.
    private static func read(_ descriptor: Int32, name: String, into client: inout PatchStreamClient) -> Int32? {
        var reader = InputReader(descriptor: descriptor)
        var line: [UInt8] = []
        func applyLine() -> Int32? {
            do {
                try client.apply(line: line)
            } catch {
                return failure("line \(client.lineCount): \(error.description)")
            }
            line.removeAll(keepingCapacity: true)
            return nil
        }
        while true {
            switch reader.next(cap: 1 << 20, timeout: -1) {
            case .bytes(let bytes):
                var start = 0
                while let newline = bytes[start...].firstIndex(of: 0x0A) {
                    line.append(contentsOf: bytes[start..<newline])
                    if let status = applyLine() { return status }
                    start = newline + 1
                }
                line.append(contentsOf: bytes[start...])
            case .idle:
                continue
            case .end:
                if !line.isEmpty, let status = applyLine() { return status }
                return nil
            case .failure(let error):
                return failure("cannot read \(name): \(String(cString: strerror(error)))")
            }
        }
    }

    /// The final document as engine patches from an empty document: one
    /// insert per top-level block, then a close for every closed block,
    /// or (`closingInsideClosed` false, for version 2) only for those not
    /// inside a closed block: version 2's writer drops the others, and
    /// finding each one's ancestors costs O(depth), so 10,000 nested
    /// closes took seconds.
    ///
    /// - Complexity: O(blocks).
    static func freshStream(of client: PatchStreamClient, closingInsideClosed: Bool) -> [Patch] {
        var patches: [Patch] = []
        for (index, block) in client.root.children.enumerated() {
            patches.append(.insert(parent: .document, index: index, block: block))
        }
        // Depth first in document order, each block knowing whether an
        // ancestor was closed (`isFinal` per block would search the tree
        // from the root each time: quadratic in the depth).
        // `insideClose`: a close was written for an ancestor block.
        let rootClosed = client.closed.contains(client.root.id)
        var pending = client.root.children.reversed().map { (block: $0, final: rootClosed, insideClose: false) }
        while let (block, inherited, insideClose) = pending.popLast() {
            let final = inherited || client.closed.contains(block.id)
            let writes = final && (closingInsideClosed || !insideClose)
            if writes { patches.append(.close(id: block.id)) }
            pending.append(contentsOf: block.children.reversed().map { ($0, final, insideClose || writes) })
        }
        return patches
    }

    private static func failure(_ message: String) -> Int32 {
        OutputSink.standardError.write("streammark: apply: \(message)\n")
        return 1
    }
}
