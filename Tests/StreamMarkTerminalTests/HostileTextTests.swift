import StreamMark
import StreamMarkTerminal
import Testing

/// Untrusted text in the terminal: no control character of the text
/// (C0, DEL, C1) reaches the output, whatever block or inline carries it, so
/// a model answer cannot write the clipboard (OSC 52), retitle the window
/// (OSC 0), clear the screen or move the cursor; and links show where they
/// really go. Every expected output is written by hand: U+FFFD stands where
/// the text held a control character; `\u{1B}` sequences in the expected
/// strings are the renderer's own (SGR styles, OSC 8 hyperlinks).
@Suite struct HostileTextTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var markdown: String
        var options = TerminalOptions(width: 80)
        var expected: String
        var description: String { name }
    }

    static let plain = TerminalOptions(width: 80)
    static let color = TerminalOptions(width: 80, color: true)
    static let hyperlinks = TerminalOptions(width: 80, hyperlinks: true)
    static let showsHTML = TerminalOptions(width: 80, showsHTML: true)

    static let cases: [Case] = [
        Case(
            name: "OSC 52 clipboard write in a paragraph",
            markdown: "copy \u{1B}]52;c;ZWNobyBoaQ==\u{07} done",
            expected: "copy \u{FFFD}]52;c;ZWNobyBoaQ==\u{FFFD} done\n"),
        Case(
            name: "OSC 0 title change ended by ST",
            markdown: "\u{1B}]0;pwned\u{1B}\\title",
            expected: "\u{FFFD}]0;pwned\u{FFFD}\\title\n"),
        Case(
            name: "screen clear and cursor home",
            markdown: "\u{1B}[2J\u{1B}[Hcleared",
            expected: "\u{FFFD}[2J\u{FFFD}[Hcleared\n"),
        Case(
            name: "C1 controls: 8-bit CSI, OSC and ST",
            markdown: "\u{9B}2J and \u{9D}0;t\u{9C}",
            expected: "\u{FFFD}2J and \u{FFFD}0;t\u{FFFD}\n"),
        Case(
            name: "controls spelled as numeric entities",
            markdown: "&#27;]52;c;aGk=&#7; &#x9b;2J",
            expected: "\u{FFFD}]52;c;aGk=\u{FFFD} \u{FFFD}2J\n"),
        Case(
            name: "backspaces, DEL and NUL",
            markdown: "\u{08}\u{08}fake a\u{7F}b\u{0}c",
            expected: "\u{FFFD}\u{FFFD}fake a\u{FFFD}b\u{FFFD}c\n"),
        Case(
            name: "heading",
            markdown: "# \u{1B}]0;x\u{07}Title",
            expected: "# \u{FFFD}]0;x\u{FFFD}Title\n"),
        Case(
            name: "fenced code: info string and content",
            markdown: "```sh\u{1B}[2J\nrm \u{1B}]52;c;eA==\u{07}\n```\n",
            expected: "```sh\u{FFFD}[2J\nrm \u{FFFD}]52;c;eA==\u{FFFD}\n```\n"),
        Case(
            name: "highlighted code: OSC 52 inside a Python string",
            markdown: "```python\nx = '\u{1B}]52;c;eA==\u{07}'\n```\n",
            options: color,
            expected: "\u{1B}[38;5;240m╭─\u{1B}[0m\u{1B}[3;38;5;180m python\u{1B}[0m\n"
                + "\u{1B}[38;5;240m│ \u{1B}[0m\u{1B}[38;5;223mx = \u{1B}[0m"
                + "\u{1B}[38;5;114m'\u{FFFD}]52;c;eA==\u{FFFD}'\u{1B}[0m\n"
                + "\u{1B}[38;5;240m╰─\u{1B}[0m\n"),
        Case(
            name: "highlighted code: 8-bit CSI in a comment, CSI in a template literal",
            markdown: "```js\n// \u{9B}2J\nlet a = `\u{1B}[2J${b}`\n```\n",
            options: color,
            expected: "\u{1B}[38;5;240m╭─\u{1B}[0m\u{1B}[3;38;5;180m js\u{1B}[0m\n"
                + "\u{1B}[38;5;240m│ \u{1B}[0m\u{1B}[3;38;5;245m// \u{FFFD}2J\u{1B}[0m\n"
                + "\u{1B}[38;5;240m│ \u{1B}[0m\u{1B}[1;38;5;170mlet\u{1B}[0m\u{1B}[38;5;223m a = \u{1B}[0m"
                + "\u{1B}[38;5;114m`\u{FFFD}[2J\u{1B}[0m\u{1B}[38;5;170m${\u{1B}[0m\u{1B}[38;5;223mb\u{1B}[0m"
                + "\u{1B}[38;5;170m}\u{1B}[0m\u{1B}[38;5;114m`\u{1B}[0m\n"
                + "\u{1B}[38;5;240m╰─\u{1B}[0m\n"),
        Case(
            name: "highlighted code: backspace, DEL and NUL in a shell string, light theme",
            markdown: "```sh\necho \"a\u{08}\u{7F}b\u{0}\"\n```\n",
            options: TerminalOptions(width: 80, color: true, theme: .light),
            expected: "\u{1B}[38;5;246m╭─\u{1B}[0m\u{1B}[3;38;5;130m sh\u{1B}[0m\n"
                + "\u{1B}[38;5;246m│ \u{1B}[0m\u{1B}[38;5;23mecho\u{1B}[0m\u{1B}[38;5;236m \u{1B}[0m"
                + "\u{1B}[38;5;28m\"a\u{FFFD}\u{FFFD}b\u{FFFD}\"\u{1B}[0m\n"
                + "\u{1B}[38;5;246m╰─\u{1B}[0m\n"),
        Case(
            name: "code span",
            markdown: "`\u{1B}[31m`",
            expected: "`\u{FFFD}[31m`\n"),
        Case(
            name: "emphasis in color: only the renderer's SGR",
            markdown: "*\u{1B}[2J*",
            options: color,
            expected: "\u{1B}[3m\u{FFFD}[2J\u{1B}[0m\n"),
        Case(
            name: "raw HTML hidden by default",
            markdown: "<div>\u{1B}]0;t\u{07}</div>\n",
            expected: ""),
        Case(
            name: "raw HTML shown on request",
            markdown: "<div>\u{1B}]0;t\u{07}</div>\n",
            options: showsHTML,
            expected: "<div>\u{FFFD}]0;t\u{FFFD}</div>\n"),
        Case(
            name: "table cell",
            markdown: "| a |\n| - |\n| \u{1B}[2J |\n",
            expected: "┌──────┐\n│ a    │\n├──────┤\n│ \u{FFFD}[2J │\n└──────┘\n"),
        Case(
            name: "image alt text and source",
            markdown: "![x\u{07}y](http://x/i.png)",
            expected: "[image: x\u{FFFD}y] (http://x/i.png)\n"),
        Case(
            name: "controls in a link target are dropped from the shown URL",
            markdown: "[a](http://x/&#27;]52;c;eA==&#7;)",
            expected: "a (http://x/]52;c;eA==)\n"),
        Case(
            name: "controls in a link target cannot end the OSC 8 sequence",
            markdown: "[a](http://x/&#27;]52;c;eA==&#7;)",
            options: hyperlinks,
            expected: "\u{1B}]8;;http://x/]52;c;eA==\u{1B}\\a\u{1B}]8;;\u{1B}\\\n"),
        Case(
            name: "a label that looks like another URL: the real target is shown",
            markdown: "[https://bank.example](https://evil.example)",
            expected: "https://bank.example (https://evil.example)\n"),
        Case(
            name: "a label that looks like another URL, as a hyperlink: the real target is shown",
            markdown: "[https://bank.example](https://evil.example)",
            options: hyperlinks,
            expected:
                "\u{1B}]8;;https://evil.example\u{1B}\\https://bank.example\u{1B}]8;;\u{1B}\\ (https://evil.example)\n"),
        Case(
            name: "a www. label that looks like another URL, as a hyperlink",
            markdown: "[WWW.bank.example/login](http://evil.example)",
            options: hyperlinks,
            expected:
                "\u{1B}]8;;http://evil.example\u{1B}\\WWW.bank.example/login\u{1B}]8;;\u{1B}\\ (http://evil.example)\n"),
        Case(
            name: "an autolink is its own target",
            markdown: "www.example.com",
            options: hyperlinks,
            expected: "\u{1B}]8;;http://www.example.com\u{1B}\\www.example.com\u{1B}]8;;\u{1B}\\\n"),
        Case(
            name: "a plain label as a hyperlink",
            markdown: "[docs](https://example.org/docs)",
            options: hyperlinks,
            expected: "\u{1B}]8;;https://example.org/docs\u{1B}\\docs\u{1B}]8;;\u{1B}\\\n"),
    ]

    @Test(arguments: cases)
    func rendersHandWrittenOutput(_ testCase: Case) {
        let output = TerminalRenderer(options: testCase.options).render(
            document: MarkdownParser().parse(testCase.markdown))
        #expect(output == testCase.expected)
    }

    /// The checker keeps what the renderer did not write: a leaked OSC 52,
    /// a leaked 8-bit CSI or an OSC 8 whose URL holds a BEL is reported.
    @Test func checkerFindsLeaks() {
        #expect(
            Self.controls(in: Self.removingOwnSequences("\u{1B}[1ma\u{1B}[0m\u{1B}]52;c;eA==\u{07}")) == ["1b", "7"])
        #expect(Self.controls(in: Self.removingOwnSequences("a\u{9B}2J")) == ["9b"])
        #expect(Self.controls(in: Self.removingOwnSequences("\u{1B}]8;;http://x\u{07}\u{1B}\\a")) == ["1b", "7", "1b"])
        #expect(Self.controls(in: Self.removingOwnSequences("\u{1B}]8;;http://x\u{1B}\\a\u{1B}]8;;\u{1B}\\\n")).isEmpty)
    }

    /// Every hostile input under every combination of colour, hyperlinks
    /// and shown HTML: whatever the styling, no control of the text
    /// survives (a property; the exact output is checked above).
    @Test(arguments: [
        TerminalOptions(width: 30, color: true),
        TerminalOptions(width: 30, hyperlinks: true),
        TerminalOptions(width: 30, color: true, hyperlinks: true, showsHTML: true),
    ])
    func noControlFromTheTextInAnyStyle(_ options: TerminalOptions) {
        for testCase in Self.cases {
            let output = TerminalRenderer(options: options).render(document: MarkdownParser().parse(testCase.markdown))
            let text = Self.removingOwnSequences(output)
            #expect(Self.controls(in: text).isEmpty, "\(testCase.name): \(Self.controls(in: text))")
        }
    }

    /// Every hostile text as the content of a code block in languages with
    /// strings, comments, markup and whole-line tokens, highlighted in both
    /// themes: no control of the text survives in any token.
    @Test(arguments: TerminalTheme.allCases)
    func noControlFromHighlightedCode(_ theme: TerminalTheme) {
        let options = TerminalOptions(width: 30, color: true, hyperlinks: true, theme: theme)
        for language in ["python", "js", "sh", "html", "c", "json", "diff", "ruby", "php"] {
            for testCase in Self.cases {
                for body in [testCase.markdown, "\"" + testCase.markdown + "\"", "/* # " + testCase.markdown] {
                    let markdown = "```" + language + "\n" + body + "\n```\n"
                    let output = TerminalRenderer(options: options).render(document: MarkdownParser().parse(markdown))
                    let text = Self.removingOwnSequences(output)
                    #expect(Self.controls(in: text).isEmpty, "\(language) \(testCase.name): \(Self.controls(in: text))")
                }
            }
        }
    }

    @Test(arguments: cases)
    func streamedOutputHasNoControlFromTheText(_ testCase: Case) throws {
        // Streamed byte by byte through a render cache: the same output.
        let renderer = TerminalRenderer(options: testCase.options)
        let cache = renderer.makeCache()
        var document = StreamingDocument()
        for byte in testCase.markdown.utf8 { try cache.apply(document.append(bytes: [byte])) }
        try cache.apply(document.finish())
        let lines = cache.output(for: cache.root, context: renderer.rootContext)
        let output = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        #expect(output == testCase.expected)
        // Once the renderer's own SGR and OSC 8 sequences are removed, no
        // C0 (but the line feed), DEL or C1 control is left.
        let text = Self.removingOwnSequences(output)
        #expect(Self.controls(in: text).isEmpty, "\(Self.controls(in: text))")
    }

    /// `text` without the renderer's own sequences, and only those: SGR
    /// (`ESC [` digits and `;` `m`) and OSC 8 hyperlinks (`ESC ] 8 ; ;`
    /// printable URL `ESC \\`). Any other escape stays, to be found.
    static func removingOwnSequences(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func printable(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x20 && !(0x7F..<0xA0).contains(scalar.value)
        }
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    index = end + 1
                    continue
                }
            }
            if scalars[index] == "\u{1B}", Array(scalars[index...].prefix(5)) == Array("\u{1B}]8;;".unicodeScalars) {
                var end = index + 5
                while end < scalars.count, printable(scalars[end]) { end += 1 }
                if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" {
                    index = end + 2
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// The C0 (but line feed), DEL and C1 controls in `text`, in hex.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }
            .map { String($0.value, radix: 16) }
    }
}
