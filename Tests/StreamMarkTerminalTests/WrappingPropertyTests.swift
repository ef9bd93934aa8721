import StreamMark
import Testing

@testable import StreamMarkTerminal

/// Seeded random texts wrapped by the renderer against a reference greedy
/// wrapper written independently here.
@Suite("Word wrapping")
struct WrappingPropertyTests {
    /// The reference: greedy, single spaces between words, over-long words
    /// cut into width-sized pieces (the last piece starts the next line).
    static func reference(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words {
            if word.count > width {
                if !current.isEmpty { lines.append(current) }
                var rest = Substring(word)
                while rest.count > width {
                    lines.append(String(rest.prefix(width)))
                    rest = rest.dropFirst(width)
                }
                current = String(rest)
            } else if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    static func words(_ generator: inout SplitMix64) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<Int.random(in: 1...60, using: &generator)).map { _ in
            let length = Int.random(
                in: 1...(Int.random(in: 0..<10, using: &generator) == 0 ? 45 : 9), using: &generator)
            return String((0..<length).map { _ in letters.randomElement(using: &generator)! })
        }
    }

    @Test(arguments: 0..<200)
    func plainTextMatchesReference(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let words = Self.words(&generator)
        let width = Int.random(in: 1...50, using: &generator)
        let paragraph = Block(
            id: "e0", kind: .paragraph(inlines: [.text(words.joined(separator: " "))]), range: 0..<1)
        let lines = TerminalRenderer(options: TerminalOptions(width: width))
            .render(paragraph, context: TerminalContext(width: width)) { _, _ in [] }
        #expect(lines == Self.reference(words, width: width), "width \(width)")
    }

    /// Words split across styled runs (the slow path) wrap the same way.
    @Test(arguments: 0..<100)
    func styledRunsMatchReference(seed: Int) {
        var generator = SplitMix64(seed: UInt64(1000 + seed))
        let words = Self.words(&generator)
        let width = Int.random(in: 1...50, using: &generator)
        let text = words.joined(separator: " ")
        // Cut the text at random places into alternating plain/strong runs.
        var inlines: [Inline] = []
        var rest = Substring(text)
        var strong = false
        while !rest.isEmpty {
            let piece = String(rest.prefix(Int.random(in: 1...12, using: &generator)))
            rest = rest.dropFirst(piece.count)
            inlines.append(strong ? .strong([.text(piece)]) : .text(piece))
            strong.toggle()
        }
        let paragraph = Block(id: "e0", kind: .paragraph(inlines: inlines), range: 0..<1)
        let lines = TerminalRenderer(options: TerminalOptions(width: width, color: true))
            .render(paragraph, context: TerminalContext(width: width)) { _, _ in [] }
        #expect(lines.map(TestSupport.strippingEscapes) == Self.reference(words, width: width), "width \(width)")
        for line in lines { #expect(DisplayWidth.ofVisibleText(line) <= width) }
    }

    /// Lines never exceed the width, whatever the script.
    @Test(arguments: 0..<100)
    func mixedScriptsFitWidth(seed: Int) {
        var generator = SplitMix64(seed: UInt64(5000 + seed))
        let pieces = ["word", "中文", "日本語、", "한국어", "😀", "👨‍👩‍👧", "e\u{301}", "🇯🇵", "ｶﾀｶﾅ", "x"]
        let text = (0..<Int.random(in: 1...80, using: &generator)).map { _ in
            pieces.randomElement(using: &generator)! + (Bool.random(using: &generator) ? " " : "")
        }.joined()
        let width = Int.random(in: 2...30, using: &generator)
        let paragraph = Block(id: "e0", kind: .paragraph(inlines: [.text(text)]), range: 0..<1)
        let lines = TerminalRenderer(options: TerminalOptions(width: width))
            .render(paragraph, context: TerminalContext(width: width)) { _, _ in [] }
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line) at \(width)") }
        // No text is lost: removing spaces, the lines hold the text.
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }
}
