import StreamMark

/// The block shapes of the generated documents. Each returns whole lines,
/// the last one ended by `\n`.
extension DocumentationGenerator {
    /// A README-style title: a heading or a setext title, a badge line.
    mutating func frontTitle() -> String {
        let title = "\(Self.capitalized(word())) \(word())"
        let heading =
            random.chance(50) ? "# \(title)\n" : "\(title)\n\(String(repeating: "=", count: random.int(in: 1...12)))\n"
        return heading
            + (random.chance(50) ? "\n[![Build](https://example.com/b.svg)](https://example.com/ci)\n\n" : "\n")
    }

    /// An opening fence and its closing line: backticks or tildes, 3–5 long,
    /// with or without an info string, sometimes indented.
    mutating func fence(_ language: String) -> (open: String, close: String) {
        let marker = random.chance(85) ? "`" : "~"
        let run = String(repeating: marker, count: random.chance(85) ? 3 : random.int(in: 4...5))
        let indent = random.chance(90) ? "" : String(repeating: " ", count: random.int(in: 1...3))
        let info = language.isEmpty || random.chance(10) ? "" : (random.chance(85) ? language : " \(language) {.x}")
        return (indent + run + info + "\n", indent + run + "\n")
    }

    /// A fenced code block: short lines, long lines, blank lines; sometimes
    /// left unclosed at the end of a document (a model cut off).
    mutating func fencedCode(language: String? = nil, prefix: String = "") -> String {
        let language =
            language ?? random.pick(["shell", "json", "python", "swift", "go", "", "console", "yaml", "diff"])
        let (open, close) = fence(language)
        var text = prefix + open
        for _ in 0..<random.int(in: 1...14) {
            let line = random.chance(10) ? longCodeLine() : codeLine(language)
            text += prefix + line + "\n"
        }
        return text + prefix + close
    }

    /// An indented code block: lines of four or more spaces (or a tab),
    /// blank lines inside, sometimes a long line.
    mutating func indentedCode(prefix: String = "") -> String {
        var text = ""
        for index in 0..<random.int(in: 1...8) {
            if index > 0 && random.chance(12) { text += prefix + (random.chance(50) ? "\n" : "      \n") }
            let line = random.chance(8) ? longCodeLine() : codeLine("json")
            text += prefix + (random.chance(90) ? "    " : "\t") + line + "\n"
        }
        return text
    }

    /// The shape of `Corpus/regressions`: a list item, a heading, an
    /// indented code line, then a fence holding a JSON request with a long
    /// base64 string, and a heading — blank lines between them only sometimes.
    mutating func codeFenceAfterIndentedCode() -> String {
        var parts: [String] = []
        parts.append(
            "\(random.pick(["-", "*", "1."])) `\(random.pick(Self.identifiers))`: \(sentence(random.int(in: 4...14)))\n"
        )
        parts.append("\(String(repeating: "#", count: random.int(in: 3...4))) Request (\(word()) \(word()))\n")
        parts.append(random.pick(["    },\n", "    \"done\": true\n", "    }\n    ]\n", "\t}\n"]))
        var fenced = "\"prompt\":\"What is in this picture?\",\n"
        fenced += random.chance(70) ? "  \"images\": [\"\(base64())\"]\n" : "  \"\(base64())\"\n"
        if random.chance(30) { fenced += "}'\n" }
        let (open, close) = fence(random.pick(["shell", "json", ""]))
        parts.append(open + "  " + fenced + (random.chance(90) ? close : ""))
        parts.append("#### Respo\(random.chance(50) ? "nse" : "")\n")
        return parts.map { $0 + (random.chance(25) ? "\n" : "") }.joined()
    }

    /// An API endpoint section: heading, fenced route, parameter list,
    /// request with a JSON body (sometimes with a base64 image), response.
    mutating func apiEndpoint() -> String {
        var text = "## \(Self.capitalized(word())) a \(word())\n\n"
        let route = fence("shell")
        text += route.open + "POST /api/\(random.pick(Self.identifiers))\n" + route.close
        text += "\n### Parameters\n\n"
        for _ in 0..<random.int(in: 1...6) {
            text += "- `\(random.pick(Self.identifiers))`: \(sentence(random.int(in: 3...16)))\n"
            if random.chance(15) { text += "  - `\(random.pick(Self.identifiers))`: \(sentence(4))\n" }
        }
        text += "\n#### Request\(random.chance(40) ? " (with images)" : "")\n\n"
        let (open, close) = fence("shell")
        text += open + "curl http://localhost:11434/api/generate -d '{\n  \"model\": \"llava\",\n"
        text += random.chance(50) ? "  \"images\": [\"\(base64())\"],\n" : "  \"prompt\": \"\(sentence(6))\",\n"
        text += "  \"stream\": false\n}'\n" + close
        text += "\n#### Response\n\n"
        if random.chance(30) { text += "    " + longCodeLine() + "\n\n" }
        return text + fencedCode(language: "json")
    }

    /// A list whose items hold fenced or indented code, sometimes nested,
    /// sometimes with code that is not indented enough for the item.
    mutating func listOfCode() -> String {
        var text = ""
        let ordered = random.chance(50)
        for index in 1...random.int(in: 1...5) {
            let marker = ordered ? "\(index)." : random.pick(["-", "*", "+"])
            let width = marker.count + 1
            text += "\(marker) \(sentence(random.int(in: 2...10)))\n"
            if random.chance(30) { text += "\n" }
            let pad = String(repeating: " ", count: random.chance(85) ? width : max(0, width - 1))
            switch random.below(4) {
            case 0, 1: text += fencedCode(prefix: pad)
            case 2: text += (random.chance(50) ? "\n" : "") + indentedCode(prefix: pad)
            default:
                text += "\n" + pad + "\(random.pick(["-", "*"])) nested \(sentence(3))\n"
                text += fencedCode(prefix: pad + "  ")
            }
            if random.chance(40) { text += "\n" }
        }
        return text
    }

    /// A pipe table: aligned columns, inline code and escaped pipes in
    /// cells, sometimes a ragged row or a long cell, sometimes right after
    /// a paragraph line.
    mutating func table() -> String {
        let columns = random.int(in: 1...5)
        var text = random.chance(25) ? sentence(5) + "\n" : ""
        let outer = random.chance(70)
        func row(_ cells: [String]) -> String {
            outer ? "| " + cells.joined(separator: " | ") + " |\n" : cells.joined(separator: " | ") + "\n"
        }
        text += row((0..<columns).map { _ in "`\(random.pick(Self.identifiers))`" })
        text += row((0..<columns).map { _ in random.pick(["---", ":--", "--:", ":-:", "-"]) })
        for _ in 0..<random.int(in: 1...12) {
            let count = random.chance(90) ? columns : random.int(in: 1...columns + 1)
            text += row(
                (0..<count).map { _ in
                    switch random.below(10) {
                    case 0: "`a \\| b`"
                    case 1: sentence(random.int(in: 8...40))
                    case 2: ""
                    default: inline()
                    }
                })
        }
        return text
    }

    /// A block quote holding prose, fenced or indented code, a list, and
    /// sometimes a lazy continuation line.
    mutating func quoteWithCode() -> String {
        var text = random.chance(30) ? "> [!\(random.pick(["NOTE", "WARNING", "TIP"]))]\n" : ""
        text += "> \(sentence(random.int(in: 3...12)))\n"
        if random.chance(30) { text += "\(sentence(4))\n" }  // lazy continuation
        text += ">\n"
        text += random.chance(60) ? fencedCode(prefix: "> ") : indentedCode(prefix: "> ")
        if random.chance(40) { text += ">\n> - \(sentence(3))\n>   ```\n>   \(codeLine("shell"))\n>   ```\n" }
        if random.chance(20) { text += "> > nested \(sentence(3))\n" }
        return text
    }

    /// A changelog section: items linking by reference to pull requests,
    /// then their definitions — usually with no blank line between.
    mutating func changelog() -> String {
        var text = "### \(random.pick(["Fixes", "Features", "Bugfixes", "Breaking changes"]))\n\n"
        var numbers: [Int] = []
        for _ in 0..<random.int(in: 1...8) {
            let number = random.int(in: 1000...99_999)
            numbers.append(number)
            text += "- [\(sentence(random.int(in: 2...8)))][\(number)]\n"
            if random.chance(15) { text += "  \(sentence(4))\n" }
        }
        if random.chance(30) { text += "\n" }
        for number in numbers where random.chance(90) {
            text +=
                "[\(number)]: https://github.com/yarnpkg/berry/pull/\(number)/\(random.chance(20) ? " \"PR\"" : "")\n"
        }
        return text
    }

    /// An ATX or setext heading, with inline markup and closing hashes.
    mutating func heading() -> String {
        let text = sentence(random.int(in: 1...7))
        switch random.below(10) {
        case 0: return text + "\n" + String(repeating: random.pick(["=", "-"]), count: random.int(in: 1...20)) + "\n"
        case 1: return String(repeating: "#", count: random.int(in: 1...6)) + " " + text + " ##\n"
        default: return String(repeating: "#", count: random.int(in: 1...6)) + " " + text + "\n"
        }
    }

    /// An HTML block: `<details>` with Markdown inside, a centred `<div>`,
    /// an image, a comment or a `<table>`.
    mutating func htmlBlock() -> String {
        switch random.below(5) {
        case 0:
            return "<details>\n<summary>\(word())</summary>\n\n\(paragraph())\n" + fencedCode() + "\n</details>\n"
        case 1: return "<div align=\"center\">\n  <img src=\"https://example.com/l.png\" width=\"200\">\n</div>\n"
        case 2: return "<!-- \(sentence(4))\n\(sentence(3)) -->\n"
        case 3: return "<table>\n  <tr><td>\(word())</td><td>`\(word())`</td></tr>\n</table>\n"
        default: return "<p align=\"right\">\(sentence(5))</p>\n"
        }
    }

    /// A paragraph of one to many lines, sometimes kilobytes long, with
    /// hard breaks.
    mutating func paragraph() -> String {
        var text = ""
        let lines = random.chance(15) ? random.int(in: 8...40) : random.int(in: 1...4)
        for _ in 0..<lines {
            text += sentence(random.int(in: 3...(random.chance(20) ? 120 : 25)))
            text += random.chance(10) ? (random.chance(50) ? "  \n" : "\\\n") : "\n"
        }
        return text
    }

    /// A bullet or ordered list, tight or loose, with nested items.
    mutating func list() -> String {
        var text = ""
        let ordered = random.chance(40)
        let loose = random.chance(30)
        for index in 1...random.int(in: 1...8) {
            let marker = ordered ? "\(index)\(random.chance(90) ? "." : ")")" : random.pick(["-", "*"])
            text += "\(marker) \(sentence(random.int(in: 2...14)))\n"
            if random.chance(25) {
                let pad = String(repeating: " ", count: marker.count + 1)
                text += "\(pad)- \(sentence(random.int(in: 2...6)))\n"
            }
            if loose { text += "\n" }
        }
        return text
    }

    /// A task list.
    mutating func taskList() -> String {
        (0..<random.int(in: 1...6)).map { _ in "- [\(random.pick([" ", "x", "X"]))] \(sentence(4))\n" }.joined()
    }

    /// A display-math block, as model answers write them.
    mutating func mathBlock() -> String {
        random.pick(["$$\n\\sum_{i=1}^n x_i = \\frac{a}{b}\n$$\n", "\\[\nE = mc^2\n\\]\n", "$$ a_1 * b_2 $$\n"])
    }

    /// Footnote-style definitions (not definitions for CommonMark).
    mutating func footnotes() -> String {
        (1...random.int(in: 1...3)).map { "[^\($0)]: \(sentence(5))\n" }.joined()
    }

    /// A streamed JSON response: many one-line objects in a fence.
    mutating func jsonStream() -> String {
        let (open, close) = fence("json")
        var text = open
        for _ in 0..<random.int(in: 2...30) {
            text += "{\"model\":\"llama3.2\",\"response\":\"\(word())\",\"done\":false}\n"
        }
        return text + close
    }
}
