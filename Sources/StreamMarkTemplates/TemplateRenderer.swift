/// Renders template nodes against data into Markdown bytes plus a source
/// map: for every output byte, the template offset it came from and the
/// innermost iteration that produced it.
struct TemplateRenderer {
    /// An iteration being or having been rendered.
    struct Iteration {
        var parent: Int
        var path: String
        var key: String
        var loopOffset: Int
        var index: Int
        var data: JSONValue
        var range: Range<Int>
    }

    let template: Template
    let options: TemplateOptions
    /// The Markdown produced so far.
    var output: [UInt8] = []
    /// For each output byte, the template offset that produced it.
    var sourceOffsets: [Int] = []
    /// Every iteration, in the order they started.
    var iterations: [Iteration] = []
    /// Range origins per scope (index 0: the document; i + 1: iteration i):
    /// output offsets where the scope starts and where each loop or
    /// conditional directly inside it starts and ends.
    var origins: [[Int]] = [[0]]
    private var context: [JSONValue] = []
    private var scope = -1

    init(template: Template, options: TemplateOptions) {
        self.template = template
        self.options = options
    }

    mutating func render(_ data: JSONValue) throws(TemplateError) {
        context = [data]
        try render(template.nodes)
    }

    private func error(_ message: String, at offset: Int) -> TemplateError {
        TemplateError(message: message, bytes: template.bytes, offset: offset)
    }

    private mutating func markOrigin() {
        origins[scope + 1].append(output.count)
    }

    private mutating func emit(_ bytes: [UInt8], from offset: Int) {
        output.append(contentsOf: bytes)
        // A plain loop: generic `append(contentsOf:)` is slow in debug builds.
        for _ in 0..<bytes.count { sourceOffsets.append(offset) }
    }

    private mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let range):
                if !template.containsNUL {
                    output.append(contentsOf: template.bytes[range])
                    for offset in range { sourceOffsets.append(offset) }
                    continue
                }
                for offset in range {
                    let byte = template.bytes[offset]
                    if byte == 0 {
                        emit([0xEF, 0xBF, 0xBD], from: offset)
                    } else {
                        output.append(byte)
                        sourceOffsets.append(offset)
                    }
                }
            case .value(let path, let raw, let offset):
                let text = path.resolve(in: context)?.interpolationText ?? ""
                if raw {
                    var bytes = Array(text.utf8)
                    if bytes.contains(0) { bytes = Array(text.replacingNUL().utf8) }
                    emit(bytes, from: offset)
                } else {
                    let start = output.count
                    MarkdownEscaper.escape(text, into: &output)
                    for _ in start..<output.count { sourceOffsets.append(offset) }
                }
            case .conditional(let path, _, let then, let otherwise):
                markOrigin()
                try render(path.resolve(in: context)?.isTruthy == true ? then : otherwise)
                markOrigin()
            case .each(let path, let key, let offset, let body):
                markOrigin()
                try renderEach(path: path, key: key, offset: offset, body: body)
                markOrigin()
            }
        }
    }

    private mutating func renderEach(
        path: TemplatePath, key: TemplatePath, offset: Int, body: [TemplateNode]
    ) throws(TemplateError) {
        let elements: [JSONValue]
        switch path.resolve(in: context) {
        case nil, .null?: return
        case .array(let array)?: elements = array
        case let other?:
            throw error("'{{#each \(path)}}': '\(path)' is \(other.typeName), not an array", at: offset)
        }
        let keys = try itemKeys(elements, path: path, key: key, offset: offset)
        let outerScope = scope
        let prefix = outerScope >= 0 ? iterations[outerScope].path + "/" : ""
        for (index, element) in elements.enumerated() {
            iterations.append(
                Iteration(
                    parent: outerScope, path: prefix + "t\(offset):" + TemplateRenderer.encodeKey(keys[index]),
                    key: keys[index], loopOffset: offset, index: index, data: element,
                    range: output.count..<output.count))
            scope = iterations.count - 1
            origins.append([output.count])
            context.append(element)
            try render(body)
            context.removeLast()
            iterations[scope].range = iterations[scope].range.lowerBound..<output.count
            scope = outerScope
        }
    }

    /// The keys of a loop's items, checked: present, scalar, non-empty and
    /// unique (or made unique when the caller opted in).
    private func itemKeys(
        _ elements: [JSONValue], path: TemplatePath, key: TemplatePath, offset: Int
    ) throws(TemplateError) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(elements.count)
        var firstIndex: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let value = key.resolve(in: element)
            let text: String
            switch value {
            case .string(let s)?: text = s
            case .number, .bool: text = value!.interpolationText
            default: text = ""
            }
            guard !text.isEmpty else {
                throw error(
                    "item \(index) of '\(path)' (\(element.preview)) has no key '\(key)' (a non-empty string, number or boolean)",
                    at: offset)
            }
            if let first = firstIndex[text], !options.uniqueKeys {
                throw error(
                    "duplicate key '\(text)' in '\(path)': items \(first) and \(index) (\(element.preview)); keys must be unique (or opt into uniqueKeys)",
                    at: offset)
            }
            if firstIndex[text] == nil { firstIndex[text] = index }
            keys.append(text)
        }
        guard options.uniqueKeys, firstIndex.count < keys.count else { return keys }
        // Dedupe: the first occurrence keeps its key, later ones get #2, #3…
        var taken = Set(keys)
        var seen: Set<String> = []
        var counters: [String: Int] = [:]
        for i in keys.indices {
            let original = keys[i]
            if seen.insert(original).inserted { continue }
            var n = counters[original, default: 1]
            var candidate: String
            repeat {
                n += 1
                candidate = "\(original)#\(n)"
            } while taken.contains(candidate)
            counters[original] = n
            taken.insert(candidate)
            keys[i] = candidate
        }
        return keys
    }

    /// The key as written into an id: `%`, `/`, `+`, `~`, whitespace and
    /// control characters are percent-encoded so ids stay unambiguous.
    static func encodeKey(_ key: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in key.utf8 {
            switch byte {
            case 0x00...0x20, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "~"):
                bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
