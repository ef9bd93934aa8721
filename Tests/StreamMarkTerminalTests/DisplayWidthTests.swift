import Testing

@testable import StreamMarkTerminal

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("Z", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0),
        ("中", 2), ("日本", 4), ("한국어", 6), ("ｶ", 1), ("Ａ", 2), ("、", 2),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("✔", 1),
        ("a\u{200B}b", 2), ("\u{1B}", 0), ("Ω", 1), ("…", 1), ("─", 1),
    ])
    func width(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func visibleWidthSkipsEscapes() {
        let line = "\u{1B}[1;38;5;213m# \u{1B}]8;;https://x.org\u{1B}\\中文\u{1B}]8;;\u{1B}\\\u{1B}[0m"
        #expect(DisplayWidth.ofVisibleText(line) == 6)
    }
}
