import Foundation
import StreamMark
import StreamMarkTestSupport

/// Makes the differential fuzzer's inputs: each one a function of its seed
/// alone, so a finding's seed reproduces it (`StreamMarkFuzzTools input SEED`).
///
/// An input is a small documentation-shaped document (``DocumentationGenerator``),
/// mutated or not, or a window of a Corpus document, mutated. A mutation
/// inserts a token of the fuzz dictionary (`Tests/Fuzz/markdown.dict`), a
/// spec example or a few lines of a Corpus document at a random place (at a
/// line start half the time), deletes a range or a line, or duplicates one.
struct InputMaker {
    /// The dictionary's tokens.
    let tokens: [[UInt8]]
    /// Corpus documents (answers, documents, regressions).
    let documents: [[UInt8]]
    /// Examples of the spec texts.
    let examples: [[UInt8]]

    /// Reads the dictionary and the Corpus under `corpus`.
    init(dictionary: URL, corpus: URL) throws {
        tokens = try Self.tokens(String(contentsOf: dictionary, encoding: .utf8))
        var documents: [[UInt8]] = []
        for folder in ["llm", "documents", "regressions"] {
            let directory = corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".md") {
                documents.append([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        self.documents = documents
        var examples: [[UInt8]] = []
        for file in [
            "commonmark/spec.txt", "gfm/spec.txt", "gfm/extensions.txt", "gfm/footnotes.txt", "gfm/footnotes-cases.txt",
        ] {
            let text = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
            examples += Self.specExamples(text).map { Array($0.utf8) }
        }
        self.examples = examples
        guard !tokens.isEmpty, !documents.isEmpty, !examples.isEmpty else {
            throw ToolError("empty dictionary or corpus under \(corpus.path)")
        }
    }

    /// The input of `seed`, and how it was made (for the finding's notes).
    func input(seed: UInt64) -> (bytes: [UInt8], origin: String) {
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8]
        var origin: String
        let kind = random.next() % 20
        if kind < 13 {
            let size = 200 + Int(random.next() % 3800)
            let options = DocumentationGenerator.Options(bytes: size, blobBytes: 16...600, longLineBytes: 60...400)
            let documentSeed = random.next()
            bytes = Array(DocumentationGenerator.document(seed: documentSeed, options: options).utf8)
            origin = "DocumentationGenerator seed \(documentSeed), \(size) bytes"
        } else {
            let document = documents[Int(random.next() % UInt64(documents.count))]
            bytes = Self.window(of: document, bytes: 200 + Int(random.next() % 2800), &random)
            origin = "a Corpus window"
        }
        let mutations = kind < 6 ? 0 : 1 + Int(random.next() % 8)
        for _ in 0..<mutations { mutate(&bytes, &random) }
        if mutations > 0 { origin += ", \(mutations) mutations" }
        return (bytes, origin)
    }

    /// One random mutation of `bytes`. Positions fall between characters,
    /// except in one mutation of 16, which may split one (invalid UTF-8 is
    /// for the streaming check: cmark-gfm 0.29.0.gfm.6 passes such bytes
    /// through where libcmark writes U+FFFD, so the HTML check skips it).
    func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let original = bytes
        let wasValid = Self.isValidUTF8(bytes)
        defer {
            if wasValid, random.next() % 16 != 0, !Self.isValidUTF8(bytes) { bytes = original }
        }
        switch random.next() % 10 {
        case 0..<4:
            insert(tokens[Int(random.next() % UInt64(tokens.count))], into: &bytes, &random)
        case 4:
            insert(examples[Int(random.next() % UInt64(examples.count))], into: &bytes, &random)
        case 5:
            let document = documents[Int(random.next() % UInt64(documents.count))]
            insert(Self.lines(of: document, count: 1 + Int(random.next() % 4), &random), into: &bytes, &random)
        case 6, 7:
            guard !bytes.isEmpty else { return }
            let range = Self.range(in: bytes, &random)
            bytes.removeSubrange(range)
        default:
            guard !bytes.isEmpty else { return }
            let range = Self.range(in: bytes, &random)
            insert(Array(bytes[range]), into: &bytes, &random)
        }
    }

    /// Whether `bytes` is valid UTF-8.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Inserts `snippet` at a random place: a line start half the time.
    func insert(_ snippet: [UInt8], into bytes: inout [UInt8], _ random: inout SplitMix64) {
        var at = Int(random.next() % UInt64(bytes.count + 1))
        if random.next() % 2 == 0 {
            while at > 0 && bytes[at - 1] != 0x0A { at -= 1 }
        }
        bytes.insert(contentsOf: snippet, at: at)
    }

    /// A random range: a whole line or up to 64 bytes.
    static func range(in bytes: [UInt8], _ random: inout SplitMix64) -> Range<Int> {
        let start = Int(random.next() % UInt64(bytes.count))
        if random.next() % 2 == 0 {
            var lower = start
            while lower > 0 && bytes[lower - 1] != 0x0A { lower -= 1 }
            var upper = start
            while upper < bytes.count && bytes[upper] != 0x0A { upper += 1 }
            return lower..<min(bytes.count, upper + 1)
        }
        return start..<min(bytes.count, start + 1 + Int(random.next() % 64))
    }

    /// About `bytes` bytes of `document` from a random line start, cut at a line end.
    static func window(of document: [UInt8], bytes: Int, _ random: inout SplitMix64) -> [UInt8] {
        var start = Int(random.next() % UInt64(max(1, document.count - bytes)))
        while start > 0 && document[start - 1] != 0x0A { start -= 1 }
        var end = min(document.count, start + bytes)
        while end < document.count && document[end - 1] != 0x0A { end += 1 }
        return Array(document[start..<end])
    }

    /// `count` lines of `document` from a random line start.
    static func lines(of document: [UInt8], count: Int, _ random: inout SplitMix64) -> [UInt8] {
        var start = Int(random.next() % UInt64(max(1, document.count)))
        while start > 0 && document[start - 1] != 0x0A { start -= 1 }
        var end = start
        var lines = 0
        while end < document.count && lines < count {
            if document[end] == 0x0A { lines += 1 }
            end += 1
        }
        return Array(document[start..<end])
    }

    /// The tokens of a libFuzzer dictionary: `name="value"` lines, escapes
    /// `\\`, `\"` and `\xHH`; `#` lines are comments.
    static func tokens(_ dictionary: String) throws -> [[UInt8]] {
        var result: [[UInt8]] = []
        for line in dictionary.split(separator: "\n") where !line.hasPrefix("#") {
            let bytes = Array(line.utf8)
            guard let first = bytes.firstIndex(of: 0x22), let last = bytes.lastIndex(of: 0x22), first < last else {
                continue
            }
            var token: [UInt8] = []
            var index = first + 1
            while index < last {
                if bytes[index] == 0x5C, index + 1 < last {
                    if bytes[index + 1] == 0x78, index + 3 < last,
                        let value = UInt8(String(decoding: bytes[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
                    {
                        token.append(value)
                        index += 4
                        continue
                    }
                    token.append(bytes[index + 1])
                    index += 2
                    continue
                }
                token.append(bytes[index])
                index += 1
            }
            result.append(token)
        }
        return result
    }

    /// The examples of a spec text (the arrow `→` is a tab).
    static func specExamples(_ text: String) -> [String] {
        let fence = String(repeating: "`", count: 32)
        var examples: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(fence + " example") {
                current = []
            } else if line == "." && current != nil {
                examples.append(current!.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return examples
    }
}

/// A failure of the tool itself (bad arguments, unreadable files).
struct ToolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
