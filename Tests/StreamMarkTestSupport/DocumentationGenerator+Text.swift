import StreamMark

/// Words, inline markup, code lines and payloads of the generated documents.
extension DocumentationGenerator {
    /// Words of documentation prose (English, some German, CJK and emoji).
    static let words: [String] = """
        the a an of to and in is it that for on with as this by be are from at or not \
        model prompt request response stream token context server client endpoint parameter \
        returns generates loads pulls pushes creates deletes copies lists shows embeds runs \
        optional required default value format template system options keep alive seconds \
        image images base64 encoded string array object field number boolean true false \
        when if then however instead because which where after before each every first last \
        fixed changed added removed deprecated breaking release version build install \
        Beispiel Antwort 模型 请求 応答 の 🚀 ✅ café naïve
        """.split(separator: " ").map(String.init)

    /// Identifiers for code spans and code.
    static let identifiers: [String] = [
        "model", "prompt", "suffix", "images", "format", "options", "system", "template", "stream",
        "raw", "keep_alive", "context", "created_at", "done", "total_duration", "load_duration",
        "eval_count", "temperature", "num_ctx", "Modelfile", "llama3.2", "llava", "handle_request",
        "fetchData", "useEffect", "StreamingDocument", "append(bytes:)", "x-api-key",
    ]

    /// Link destinations.
    static let urls: [String] = [
        "https://github.com/ollama/ollama/blob/main/docs/api.md", "https://example.com/docs#model-names",
        "./modelfile.md#valid-parameters-and-values", "#generate-a-completion", "http://localhost:11434/api/generate",
        "https://github.com/yarnpkg/berry/pull/5912", "/docs/faq.md", "<https://example.org/a b>",
    ]

    /// `word` with its first character in upper case.
    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// A word of prose.
    mutating func word() -> String { random.pick(Self.words) }

    /// One inline element: mostly a word, sometimes markup.
    mutating func inline() -> String {
        switch random.below(60) {
        case 0, 1: return "`\(random.pick(Self.identifiers))`"
        case 2: return "**\(word()) \(word())**"
        case 3: return "*\(word())*"
        case 4: return "_\(word())_"
        case 5: return "[\(word()) \(word())](\(random.pick(Self.urls)))"
        case 6: return "[\(word())][\(random.int(in: 1...4))]"
        case 7: return random.pick(["https://github.com/ollama/ollama", "www.example.com", "<https://a.io/x>"])
        case 8: return "~~\(word())~~"
        case 9: return "[^\(random.int(in: 1...3))]"
        case 10: return "$x_\(random.below(9))^2$"
        case 11: return random.pick(["&amp;", "&copy;", "&#35;", "\\*", "\\_", "\\|", "\\`"])
        case 12: return random.pick(["<kbd>Ctrl</kbd>", "<br>", "<sup>1</sup>", "<!-- c -->"])
        case 13: return "``\(random.pick(Self.identifiers)) ` x``"
        case 14: return "![\(word())](https://example.com/i.png \"t\")"
        case 15: return random.pick(["a|b", "x*y*z", "snake_case_name", "don't", "(see below)", "1.", "#1234"])
        default: return word()
        }
    }

    /// A sentence of `count` inline elements, capitalized, with a full stop.
    mutating func sentence(_ count: Int) -> String {
        var parts: [String] = []
        for _ in 0..<count { parts.append(inline()) }
        let text = parts.joined(separator: " ")
        return Self.capitalized(text) + random.pick([".", ".", ".", ":", "?", "!", ""])
    }

    /// A base64 string of a length drawn from `options.blobBytes`.
    mutating func base64() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let count = random.int(in: options.blobBytes)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 2)
        for _ in 0..<count { bytes.append(alphabet[random.below(64)]) }
        bytes += Array("==".utf8.prefix(random.below(3)))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A long line of code (minified JSON or a one-line script) of a length
    /// drawn from `options.longLineBytes`.
    mutating func longCodeLine() -> String {
        let target = random.int(in: options.longLineBytes)
        if random.chance(50) {
            var line = "{\"model\":\"llama3.2\",\"created_at\":\"2023-08-04T19:22:45.499127Z\",\"context\":["
            while line.utf8.count < target { line += "\(random.below(32_000))," }
            return line + "1],\"done\":true}"
        }
        var line = "const data = [" + random.pick(["\"a\"", "'b'", "`c`"])
        while line.utf8.count < target { line += ", " + random.pick(Self.identifiers) + "(\(random.below(100)))" }
        return line + "];"
    }

    /// One line of code in `language`, sometimes one that looks like Markdown.
    mutating func codeLine(_ language: String) -> String {
        let indent = String(repeating: " ", count: 2 * random.below(4))
        if random.chance(8) {
            return random.pick([
                "# not a heading", "- not a list", "> not a quote", "| a | b |", "[x]: /not-a-definition",
                "    four spaces", "\tA tab", "<div>", "***", "1. one", "~~~", "",
            ])
        }
        switch language {
        case "json":
            return indent + "\"\(random.pick(Self.identifiers))\": "
                + random.pick(["true", "42", "\"\(word())\"", "{", "[", "}", "],"])
        case "python":
            return indent
                + random.pick([
                    "def \(random.pick(Self.identifiers))(x):", "return x", "print(f\"{x}\")", "import json",
                ])
        case "shell", "bash", "console":
            return random.pick([
                "curl http://localhost:11434/api/tags", "ollama run llama3.2", "$ yarn install",
                "export OLLAMA_HOST=0.0.0.0",
                "curl -X POST http://localhost:11434/api/embed -d '{\"model\": \"all-minilm\"}'",
            ])
        default:
            return indent
                + random.pick(["let x = 1", "x += 1 // comment", "if (a < b && c > d) {", "}", "fmt.Println(\"hi\")"])
        }
    }
}
