import StreamMark
import StreamMarkHTML

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
    enum Format: String {
        case html, tree, patches
    }

    /// Runs the command and returns the exit status: 0, 1 for a bad stream
    /// or unreadable input, 64 for bad arguments.
    static func run(_ arguments: [String]) -> Int32 {
        var format = Format.html
        var version = 2
        var unsafe = false
        var file: String?
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func value() -> String? {
                if let inline { return inline }
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            switch argument {
            case "--format":
                guard let text = value(), let parsed = Format(rawValue: text) else {
                    return usageError("bad or missing --format value (html, tree or patches)")
                }
                format = parsed
            case "--protocol":
                guard let text = value(), text == "1" || text == "2" else {
                    return usageError("bad or missing --protocol value (1 or 2)")
                }
                version = Int(text)!
            case "--unsafe": unsafe = true
            case "--help", "-h":
                OutputSink.standardOutput.write(usage + "\n")
                return 0
            default:
                if argument.hasPrefix("-") && argument != "-" { return usageError("unknown option '\(argument)'") }
                if file != nil { return usageError("more than one input file") }
                file = argument
            }
            index += 1
        }
        var descriptor: Int32 = 0
        if let file, file != "-" {
            descriptor = open(file, O_RDONLY)
            if descriptor < 0 { return failure("cannot read \(file): \(String(cString: strerror(errno)))") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var client = PatchStreamClient()
        if let status = read(descriptor, name: file ?? "-", into: &client) { return status }
        switch format {
        case .html:
            OutputSink.standardOutput.write(HTMLRenderer(options: .init(unsafe: unsafe)).render(client.root))
        case .tree:
            var out = ""
            TreeOutput.dump(client.root, depth: 0, into: &out, ranges: client.version != 2)
            OutputSink.standardOutput.write(out)
        case .patches:
            var writer = PatchStreamWriter(version: version)
            writer.write(freshStream(of: client))
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
    /// insert per top-level block, then a close for every closed block
    /// (the writer drops those inside a closed block in version 2).
    static func freshStream(of client: PatchStreamClient) -> [Patch] {
        var patches: [Patch] = []
        for (index, block) in client.root.children.enumerated() {
            patches.append(.insert(parent: .document, index: index, block: block))
        }
        // Depth first in document order, each block knowing whether an
        // ancestor was closed (`isFinal` per block would search the tree
        // from the root each time: quadratic in the depth).
        var pending = client.root.children.reversed().map { (block: $0, final: client.closed.contains(client.root.id)) }
        while let (block, inherited) = pending.popLast() {
            let final = inherited || client.closed.contains(block.id)
            if final { patches.append(.close(id: block.id)) }
            pending.append(contentsOf: block.children.reversed().map { ($0, final) })
        }
        return patches
    }

    private static func usageError(_ message: String) -> Int32 {
        OutputSink.standardError.write("streammark apply: \(message) — \(usage)\n")
        return 64
    }

    private static func failure(_ message: String) -> Int32 {
        OutputSink.standardError.write("streammark: apply: \(message)\n")
        return 1
    }
}
