import Foundation
import StreamMark
import Testing

/// The JSON the writer produces without `JSONEncoder`: every line parses
/// with Foundation's `JSONDecoder`/`JSONSerialization` and Python's `json`
/// (strict: raw control characters rejected), strings are escaped per
/// RFC 8259, and version 1 decodes to exactly the engine's patches.
@Suite struct PatchJSONTests {
    /// Streams `bytes` in 3-byte chunks; returns the engine's patches and
    /// the wire bytes of `version`.
    static func stream(_ bytes: [UInt8], version: Int) -> (patches: [Patch], wire: [UInt8]) {
        var document = StreamingDocument()
        var writer = PatchStreamWriter(version: version)
        var patches: [Patch] = []
        var start = 0
        while start < bytes.count {
            let batch = document.append(bytes: bytes[start..<min(bytes.count, start + 3)])
            patches += batch
            writer.write(batch)
            start += 3
        }
        let last = document.finish()
        patches += last
        writer.write(last)
        return (patches, writer.takeBytes())
    }

    static func lines(_ wire: [UInt8]) -> [Data] {
        wire.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) }
    }

    /// Text with every ASCII control character, quotes, backslashes, a
    /// slash, U+2028, astral characters and invalid UTF-8 (an encoded lone
    /// surrogate), in a code block, a paragraph and a table cell.
    static let hostile: [UInt8] = {
        var controls = ""
        for scalar in 1..<0x20 where scalar != 0x0A && scalar != 0x0D {
            controls.unicodeScalars.append(Unicode.Scalar(scalar)!)
        }
        var bytes = Array("```\n\(controls)\u{7F} \"q\" \\b\\ / \u{2028} 😀\n".utf8)
        bytes += [0xED, 0xA0, 0x80, 0x0A, 0x00, 0x0A]
        bytes += Array("```\n\nPara \"quoted\" \\ back\\slash \u{1} \u{1F} tab\t 😀 ".utf8)
        bytes += [0xED, 0xB0, 0x80, 0xFF]
        bytes += Array("\n\n| \"a\" | b\\\\ |\n|---|---|\n| \u{1}x | \"y\" |\n".utf8)
        return bytes
    }()

    @Test(arguments: [1, 2])
    func everyLineParsesWithFoundation(version: Int) throws {
        var files = CorpusFiles.markdownFiles(under: "llm").map { CorpusFiles.bytes($0) }
        files.append(Self.hostile)
        var lineCount = 0
        for bytes in files {
            let (_, wire) = Self.stream(bytes, version: version)
            for line in Self.lines(wire) {
                lineCount += 1
                let value = try JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])
                #expect(value is [String: Any] || value is String || (version == 2 && value is [Any]))
            }
        }
        #expect(lineCount > 10_000)
    }

    @Test func versionOneDecodesToTheEnginePatches() throws {
        var files = CorpusFiles.markdownFiles(under: "llm").prefix(10).map { CorpusFiles.bytes($0) }
        files.append(Self.hostile)
        let decoder = JSONDecoder()
        for bytes in files {
            let (patches, wire) = Self.stream(bytes, version: 1)
            let decoded = try Self.lines(wire).map { try decoder.decode(Patch.self, from: $0) }
            #expect(decoded == patches)
        }
    }

    @Test func hostileTextSurvivesTheWire() throws {
        let (_, wire) = Self.stream(Self.hostile, version: 2)
        var client = PatchStreamClient()
        try client.apply(stream: wire)
        #expect(client.root == MarkdownParser().parse(bytes: Self.hostile[...]).removingRanges())
        // Escapes, not raw control characters, on the wire.
        let text = String(decoding: wire, as: UTF8.self)
        for escape in [#"\u0001"#, #"\u001f"#, #"\t"#, #"\""#, #"\\"#, #"\n"#] {
            #expect(text.contains(escape), "\(escape)")
        }
        #expect(!text.contains(#"\/"#))
        #expect(!wire.contains { $0 < 0x20 && $0 != 0x0A })
        // Invalid input bytes became U+FFFD.
        #expect(text.contains("\u{FFFD}"))
    }

    /// Python's `json.loads` (strict) reads every line, and the strings it
    /// finds equal the ones `JSONSerialization` finds.
    @Test(arguments: [1, 2])
    func pythonReadsEveryLine(version: Int) throws {
        let (_, wire) = Self.stream(
            Self.hostile + CorpusFiles.bytes("llm/005-ingredient-flavor-table.md"), version: version)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "streammark-json-\(version)-\(UUID()).ndjson")
        defer { try? FileManager.default.removeItem(at: input) }
        try Data(wire).write(to: input)
        let script = """
            import json, sys
            def strings(v):
                if isinstance(v, str): yield v
                elif isinstance(v, dict):
                    for k in sorted(v): yield from strings(v[k])
                elif isinstance(v, list):
                    for x in v: yield from strings(x)
            out = []
            for line in open(sys.argv[1], encoding='utf-8', newline='\\n').read().split('\\n')[:-1]:
                out.extend(strings(json.loads(line)))
            sys.stdout.write(json.dumps(out, ensure_ascii=True))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let python = try JSONSerialization.jsonObject(with: output) as? [String] ?? []
        var foundation: [String] = []
        func strings(_ value: Any) {
            if let s = value as? String {
                foundation.append(s)
            } else if let d = value as? [String: Any] {
                for key in d.keys.sorted() { strings(d[key]!) }
            } else if let a = value as? [Any] {
                a.forEach(strings)
            }
        }
        for line in Self.lines(wire) {
            strings(try JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]))
        }
        #expect(python.count > 100)
        #expect(python == foundation)
    }
}
