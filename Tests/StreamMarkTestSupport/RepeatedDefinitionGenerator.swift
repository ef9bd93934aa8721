import StreamMark

/// Seeded documents that define the same labels several times, some in
/// paragraphs that go on with uses StreamMark parses again (an escaped
/// tilde, a link over markup, a footnote reference), in quotes, list items
/// and task items (``ReparsedParagraphFamily/repeatedDefinitions``).
package enum RepeatedDefinitionGenerator {
    private static let labels = ["a", "b", "C"]
    private static let prefixes = ["", "", "", "> ", "- ", "1. ", "- [x] ", "> - "]
    private static let reparsed = ["\\~ ", "x \\~ y ", "www.a.com\\_b ", "[^n] ", "~~s~~ \\~ ", ""]

    /// A document of blocks separated by blank lines or not: definitions,
    /// paragraphs that use the labels (parsed again or not), and paragraphs
    /// that begin with definitions and go on with uses.
    package static func document(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        func definition() -> String {
            let label = random.pick(labels)
            let destination = "/\(label.lowercased())\(random.below(9))"
            return random.chance(20) ? "[\(label)]:\n\(destination)" : "[\(label)]: \(destination)"
        }
        func uses() -> String {
            (0..<random.int(in: 1...3)).map { _ in
                random.pick(reparsed) + "[\(random.pick(labels))]"
            }.joined(separator: " ")
        }
        var blocks: [String] = []
        for _ in 0..<random.int(in: 3...8) {
            let prefix = random.pick(prefixes)
            var lines: [String]
            switch random.below(3) {
            case 0: lines = (0..<random.int(in: 1...2)).map { _ in definition() }
            case 1: lines = [uses()]
            default: lines = (0..<random.int(in: 1...2)).map { _ in definition() } + [uses()]
            }
            let indent = String(repeating: " ", count: prefix.hasPrefix(">") ? 0 : prefix.count)
            let quoted = prefix.hasPrefix(">")
            let text = lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated().map { index, line in
                    index == 0 ? prefix + line : (quoted ? "> " : indent) + line
                }.joined(separator: "\n")
            blocks.append(text)
        }
        let note = random.chance(50) ? "\n\n[^n]: note\n" : "\n"
        return blocks.map { $0 + (random.chance(70) ? "\n\n" : "\n") }.joined() + note
    }
}
