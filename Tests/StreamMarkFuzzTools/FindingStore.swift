import Foundation

/// The findings folder: one folder per distinct minimized input and kind,
/// `KIND-HASH/` with `input.md` (minimized), `original.md`, `finding.txt`
/// (kind, seed, chunking, what differs) and `hits.txt` (every seed that
/// found it again), and `findings.md`, a summary of all of them.
struct FindingStore {
    /// `.build/fuzz-diff/findings` by default.
    let folder: URL

    /// One saved finding.
    struct Entry {
        var name: String
        var kind: FindingKind
        var input: [UInt8]
        var notes: String
    }

    /// The findings saved so far (by this or an earlier run).
    func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let directory = folder.appendingPathComponent(name)
            // The longest kind that names it: `html-core-…` is not `html`.
            guard
                let kind = FindingKind.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
                    .first(where: { name.hasPrefix($0.rawValue + "-") }),
                let input = try? Data(contentsOf: directory.appendingPathComponent("input.md"))
            else { return nil }
            let notes =
                (try? String(contentsOf: directory.appendingPathComponent("finding.txt"), encoding: .utf8)) ?? ""
            return Entry(name: name, kind: kind, input: [UInt8](input), notes: notes)
        }
    }

    /// Saves a finding unless one of the same kind with the same minimized
    /// input, up to letters and digits (``canonical(_:)``), is there;
    /// returns whether it is new.
    func save(kind: FindingKind, minimized: [UInt8], original: [UInt8], notes: String, seed: UInt64) -> Bool {
        let canonical = Self.canonical(minimized)
        if let known = entries().first(where: { $0.kind == kind && Self.canonical($0.input) == canonical }) {
            recordHit(known.name, seed: seed)
            return false
        }
        let name = kind.rawValue + "-" + String(Self.hash(minimized), radix: 16)
        let directory = folder.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data(minimized).write(to: directory.appendingPathComponent("input.md"))
        try? Data(original).write(to: directory.appendingPathComponent("original.md"))
        try? Data(notes.utf8).write(to: directory.appendingPathComponent("finding.txt"))
        recordHit(name, seed: seed)
        writeSummary()
        return true
    }

    /// Appends `seed` to the finding's `hits.txt`.
    func recordHit(_ name: String, seed: UInt64) {
        let url = folder.appendingPathComponent(name).appendingPathComponent("hits.txt")
        let old = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try? Data((old + "\(seed)\n").utf8).write(to: url)
    }

    /// Writes `findings.md` next to the folder: every finding, grouped by
    /// kind; findings that differ only in letters and digits (from runs
    /// before they were merged), and crashes at the same site, are shown
    /// once, with the others' inputs.
    func writeSummary() {
        var text = "# Differential fuzzing findings\n\n"
        let all = entries()
        for kind in FindingKind.allCases {
            var groups: [(canonical: [UInt8], entries: [Entry])] = []
            for entry in all where entry.kind == kind {
                // Crashes at one site are one finding, whatever the input.
                let canonical = Oracles.signature(entry.notes).map { Array($0.utf8) } ?? Self.canonical(entry.input)
                if let index = groups.firstIndex(where: { $0.canonical == canonical }) {
                    groups[index].entries.append(entry)
                } else {
                    groups.append((canonical, [entry]))
                }
            }
            guard !groups.isEmpty else { continue }
            text += "## \(kind.rawValue) (\(groups.count))\n\n"
            for group in groups {
                let entry = group.entries[0]
                let hits = group.entries.reduce(0) { $0 + hitCount($1.name) }
                text += "### \(entry.name) (\(hits) hits)\n\nInput, as a Swift string literal:\n\n"
                text += "~~~\n\"\(Self.escaped(entry.input))\"\n~~~\n\n"
                if group.entries.count > 1 {
                    text +=
                        "Also as: "
                        + group.entries.dropFirst().map { "`` \(Self.escaped($0.input)) ``" }.joined(separator: ", ")
                    text += "\n\n"
                }
                text += "~~~~~~~~\n\(entry.notes.trimmingCharacters(in: .newlines))\n~~~~~~~~\n\n"
            }
        }
        let url = folder.deletingLastPathComponent().appendingPathComponent("findings.md")
        try? Data(text.utf8).write(to: url)
    }

    /// How many seeds found the finding `name`.
    func hitCount(_ name: String) -> Int {
        let url = folder.appendingPathComponent(name).appendingPathComponent("hits.txt")
        return (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n").count ?? 0
    }

    /// `bytes` with every ASCII letter written `a`, every digit `0` and
    /// every other non-ASCII character `é`: two minimized inputs that differ
    /// only there (`<textarea>r`, `<textarea>N`) are one finding.
    static func canonical(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A: result.append(0x61)
            case 0x30...0x39: result.append(0x30)
            case 0x80...: result += [0xC3, 0xA9]
            default: result.append(UInt8(scalar.value))
            }
        }
        return result
    }

    /// FNV-1a, 64 bits: the folder name of a minimized input.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// `bytes` as the body of a Swift string literal (`\n`, `\t`, `\r`,
    /// `\"`, `\\`, `\u{…}` for other controls); invalid UTF-8 as `\u{FFFD}`
    /// with the bytes listed after it.
    static func escaped(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        if Array(text.utf8) != bytes {
            result += " (invalid UTF-8; bytes: \(bytes.map { String($0) }.joined(separator: ",")))"
        }
        return result
    }
}
