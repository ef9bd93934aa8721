import StreamMark

extension CorpusGenerator {
    /// A long mixed answer like a model writes: headings, paragraphs, bullet
    /// and numbered lists (some nested), fenced code, pipe tables, block
    /// quotes and task lists, until it is at least `bytes` long.
    ///
    /// - Complexity: O(bytes).
    static func longAnswer(bytes: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x01)
        var text = "Here is a detailed answer. " + paragraph(&random) + "\n"
        var section = 1
        while text.utf8.count < bytes {
            text += "\n## \(section). " + words(random.int(in: 2...6), &random).capitalizedFirst + "\n"
            section += 1
            for _ in 0..<random.int(in: 2...7) {
                text += "\n"
                switch random.below(12) {
                case 0, 1, 2: text += paragraph(&random) + "\n"
                case 3, 4: text += bulletList(&random)
                case 5: text += numberedList(&random)
                case 6, 7: text += fencedCode(lines: random.int(in: 4...30), &random)
                case 8: text += pipeTable(rows: random.int(in: 3...12), columns: random.int(in: 2...5), &random)
                case 9: text += "> " + paragraph(&random, maxSentences: 3) + "\n"
                case 10: text += "### " + words(random.int(in: 2...5), &random).capitalizedFirst + "\n"
                default:
                    for _ in 0..<random.int(in: 2...5) {
                        text += "- [\(random.chance(50) ? "x" : " ")] " + sentence(&random) + "\n"
                    }
                }
            }
        }
        return text
    }

    /// A tight bullet list of 3–8 items, some with nested items.
    static func bulletList(_ random: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<random.int(in: 3...8) {
            text += "- " + sentence(&random) + "\n"
            if random.chance(25) {
                for _ in 0..<random.int(in: 1...3) { text += "  - " + sentence(&random) + "\n" }
            }
        }
        return text
    }

    /// A numbered list of 3–7 steps, some with a second line or a code line.
    static func numberedList(_ random: inout SplitMix64) -> String {
        var text = ""
        for number in 1...random.int(in: 3...7) {
            text +=
                "\(number). **" + words(random.int(in: 1...3), &random).capitalizedFirst + "**: " + sentence(&random)
                + "\n"
            if random.chance(20) { text += "   " + sentence(&random) + "\n" }
        }
        return text
    }

    /// A fenced code block of `lines` lines in a random language.
    static func fencedCode(lines: Int, _ random: inout SplitMix64) -> String {
        let language = random.pick(["python", "swift", "javascript", "bash", "json", ""])
        var text = "```\(language)\n"
        for _ in 0..<lines { text += codeLine(&random) + "\n" }
        return text + "```\n"
    }

    /// One line of plausible code (indentation, calls, comments, literals).
    static func codeLine(_ random: inout SplitMix64) -> String {
        let indent = String(repeating: " ", count: 4 * random.below(4))
        let name = random.pick(identifiers)
        let other = random.pick(identifiers)
        switch random.below(10) {
        case 0: return indent + "# \(words(random.int(in: 2...8), &random))"
        case 1: return indent + "let \(name) = \(other)(\(random.below(10_000)), \"\(random.pick(vocabulary))\")"
        case 2: return indent + "if \(name) > \(random.below(100)) {"
        case 3: return indent + "}"
        case 4: return indent + "return \(name).\(other)(\(random.pick(vocabulary)): \(random.below(64)))"
        case 5: return indent + "for item in \(name) { total += item.\(other) }"
        case 6: return ""
        case 7: return indent + "// - \(words(random.int(in: 2...6), &random)) | * not markdown * |"
        case 8:
            return indent
                + "\(name)[\(random.below(32))] = [\(random.below(9)), \(random.below(9)), \(random.below(9))]"
        default: return indent + "\(name)(\(other), \(random.below(1000)))"
        }
    }

    /// A pipe table with a header, an alignment row and `rows` body rows.
    static func pipeTable(rows: Int, columns: Int, _ random: inout SplitMix64) -> String {
        var text = "|"
        for _ in 0..<columns { text += " " + words(random.int(in: 1...2), &random).capitalizedFirst + " |" }
        text += "\n|"
        for _ in 0..<columns { text += random.pick([" --- |", " :--- |", " ---: |", " :---: |"]) }
        text += "\n"
        for _ in 0..<rows { text += tableRow(columns: columns, &random) }
        return text
    }

    /// One body row of a pipe table.
    static func tableRow(columns: Int, _ random: inout SplitMix64) -> String {
        var text = "|"
        for _ in 0..<columns {
            switch random.below(6) {
            case 0: text += " \(random.below(100_000)) |"
            case 1: text += " `\(random.pick(identifiers))` |"
            case 2: text += " **\(random.pick(vocabulary))** |"
            case 3: text += " \(random.below(100)).\(random.below(10))% |"
            default: text += " " + words(random.int(in: 1...4), &random) + " |"
            }
        }
        return text + "\n"
    }

    /// A document that is one fenced code block of at least `bytes` bytes.
    ///
    /// - Complexity: O(bytes).
    static func codeBlock(bytes: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x02)
        var text = "```python\n"
        while text.utf8.count < bytes { text += codeLine(&random) + "\n" }
        return text + "```\n"
    }

    /// A tight list of `items` items; about one in four has nested items,
    /// some of them ordered or task items.
    ///
    /// - Complexity: O(items).
    static func longList(items: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x03)
        var text = "Release notes:\n\n"
        for index in 0..<items {
            text += "- " + (random.chance(10) ? "[\(random.chance(50) ? "x" : " ")] " : "")
            text += "\(random.pick(["Fix", "Add", "Remove", "Improve", "Document"])) " + sentence(&random)
            text += " ([#\(10_000 + index)](https://example.com/pull/\(10_000 + index)))\n"
            if random.chance(25) {
                let ordered = random.chance(30)
                for number in 1...random.int(in: 1...3) {
                    text += (ordered ? "  \(number). " : "  - ") + sentence(&random) + "\n"
                }
            }
        }
        return text
    }

    /// A pipe table with five columns and `rows` body rows.
    ///
    /// - Complexity: O(rows).
    static func longTable(rows: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x04)
        var text = "| Name | Kind | Count | Share | Notes |\n| :--- | :---: | ---: | ---: | --- |\n"
        for _ in 0..<rows { text += tableRow(columns: 5, &random) }
        return text
    }

    /// One block quote holding `paragraphs` paragraphs.
    ///
    /// - Complexity: O(paragraphs).
    static func longBlockQuote(paragraphs: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x05)
        var text = ""
        for index in 0..<paragraphs {
            if index > 0 { text += ">\n" }
            for _ in 0..<random.int(in: 1...3) { text += "> " + sentence(&random) + "\n" }
        }
        return text
    }

    /// `definitions` link reference definitions, with a paragraph after every
    /// twenty that refers to earlier and later ones (a later definition
    /// changes an earlier paragraph's links).
    ///
    /// - Complexity: O(definitions).
    static func linkReferences(definitions: Int) -> String {
        var random = SplitMix64(seed: seed ^ 0x06)
        var text = ""
        for index in 0..<definitions {
            text += "[ref-\(index)]: https://example.com/docs/\(random.pick(vocabulary))/\(index)"
            text += random.chance(50) ? " \"Reference \(index)\"\n" : "\n"
            if index % 20 == 19 {
                let earlier = random.below(index + 1)
                let later = index + 1 + random.below(40)
                text += "\nSee [ref-\(earlier)], [the \(random.pick(vocabulary))][ref-\(random.below(index + 1))] "
                text += "and [ref-\(later)][] (defined later).\n\n"
            }
        }
        return text
    }
}
