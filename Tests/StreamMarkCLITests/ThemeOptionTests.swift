import Testing

/// `--theme dark|light|auto`: the terminal's colors for a dark or a light
/// background, `auto` from `COLORFGBG`; highlighted code with color only.
@Suite("--theme")
struct ThemeOptionTests {
    static let input = Array("```python\ndef f(): return 'x'  # c\n```\n".utf8)

    /// The keyword's color: 170 on dark, 161 on light (docs/cli.md).
    static func keywordColor(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        guard let text = CLI.run(["--color", "always"] + arguments, input: input, environment: environment)?.text
        else { return nil }
        if text.contains("\u{1B}[1;38;5;170mdef") { return "dark" }
        if text.contains("\u{1B}[1;38;5;161mdef") { return "light" }
        return text
    }

    @Test func themesColorCode() {
        #expect(Self.keywordColor([]) == "dark")
        #expect(Self.keywordColor(["--theme", "dark"]) == "dark")
        #expect(Self.keywordColor(["--theme", "light"]) == "light")
        #expect(Self.keywordColor(["--theme=light"]) == "light")
    }

    @Test(arguments: [
        ("0;15", "light"), ("15;0", "dark"), ("0;default;7", "light"), ("default;default", "dark"), ("", "dark"),
    ])
    func autoReadsCOLORFGBG(value: String, theme: String) {
        #expect(Self.keywordColor(["--theme", "auto"], environment: ["COLORFGBG": value]) == theme)
        // Without `auto`, COLORFGBG is not read.
        #expect(Self.keywordColor([], environment: ["COLORFGBG": value]) == "dark")
    }

    /// Without color, no theme changes a byte and no code is highlighted.
    @Test func withoutColorNothingChanges() {
        let plain = CLI.run(["--color", "never"], input: Self.input)?.output
        #expect(plain == Array("```python\ndef f(): return 'x'  # c\n```\n".utf8))
        #expect(CLI.run(["--color", "never", "--theme", "light"], input: Self.input)?.output == plain)
        #expect(
            CLI.run(["--color", "auto", "--theme", "light"], input: Self.input, environment: ["NO_COLOR": "1"])?.output
                == plain)
    }

    @Test func badThemeIsAUsageError() {
        let result = CLI.run(["--theme", "sepia"], input: Self.input)
        #expect(result?.status == 64)
        #expect(
            result?.error.hasPrefix("streammark: bad --theme value 'sepia' (expected dark, light or auto) — ") == true)
        #expect(CLI.run(["--theme"], input: Self.input)?.error.hasPrefix("streammark: --theme needs a value") == true)
    }

    @Test func helpMentionsTheme() {
        #expect(CLI.run(["--help"])?.text.contains("--theme THEME") == true)
    }
}
