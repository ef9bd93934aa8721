import Foundation
import StreamMarkHighlight
import Testing

@testable import StreamMarkTerminal

/// The two palettes: readable on their background (WCAG contrast computed
/// from the xterm 256-color values), main kinds told apart, and the dark
/// theme keeping the colors the renderer had before themes.
@Suite("Terminal palettes")
struct TerminalPaletteTests {
    /// The RGB value xterm gives a 256-color index (16…255).
    static func rgb(_ index: UInt8) -> (Double, Double, Double) {
        let i = Int(index)
        if i >= 232 {
            let value = Double(8 + 10 * (i - 232))
            return (value, value, value)
        }
        let steps: [Double] = [0, 95, 135, 175, 215, 255]
        let cube = i - 16
        return (steps[cube / 36], steps[cube / 6 % 6], steps[cube % 6])
    }

    /// WCAG relative luminance.
    static func luminance(_ color: (Double, Double, Double)) -> Double {
        func channel(_ value: Double) -> Double {
            let v = value / 255
            return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
    }

    /// The WCAG contrast ratio of two colors.
    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Each theme's typical background, and a second, less contrasted one
    /// (a dark grey, a light grey).
    static let backgrounds: [TerminalTheme: [(Double, Double, Double)]] = [
        .dark: [(0, 0, 0), (0x30, 0x30, 0x30)], .light: [(255, 255, 255), (0xEE, 0xEE, 0xEE)],
    ]

    /// The text colors of a palette: everything but the frame (a decoration).
    static func textColors(_ palette: TerminalPalette) -> [UInt8] {
        let code = palette.code
        return [
            palette.heading1, palette.heading2, palette.heading3, palette.link, palette.marker, palette.checked,
            palette.image, palette.codeLabel, palette.math, code.text,
        ] + palette.tokens.values.compactMap(\.foreground)
    }

    @Test func contrastComputationIsWCAG() {
        // Known values: black on white 21:1, #767676 on white 4.54:1.
        #expect(abs(Self.contrast((0, 0, 0), (255, 255, 255)) - 21) < 0.01)
        #expect(abs(Self.contrast(Self.rgb(243), (255, 255, 255)) - 4.54) < 0.01)
        #expect(Self.rgb(170) == (215, 95, 215))
    }

    /// Every text color reaches 4.5:1 (WCAG AA for text) on its theme's
    /// background and 3.5:1 on the second one.
    @Test(arguments: TerminalTheme.allCases)
    func textIsReadableOnItsBackground(_ theme: TerminalTheme) throws {
        let backgrounds = try #require(Self.backgrounds[theme])
        for color in Self.textColors(theme.palette) {
            #expect(Self.contrast(Self.rgb(color), backgrounds[0]) >= 4.5, "color \(color) on \(backgrounds[0])")
            #expect(Self.contrast(Self.rgb(color), backgrounds[1]) >= 3.5, "color \(color) on \(backgrounds[1])")
        }
    }

    /// The kinds a reader tells apart first look different from each other
    /// and from plain code text.
    @Test(arguments: TerminalTheme.allCases)
    func mainKindsAreDistinct(_ theme: TerminalTheme) {
        let palette = theme.palette
        let kinds: [HighlightKind] = [
            .keyword, .string, .number, .comment, .titleFunction, .titleClass, .builtIn, .attr, .meta, .variable,
            .name, .deletion,
        ]
        let styles = kinds.map { palette.style(for: $0) }
        #expect(styles.allSatisfy { $0 != nil && $0?.foreground != palette.code.text })
        #expect(Set(styles).count == kinds.count)
        #expect(palette.style(for: .comment)?.italic == true)
        #expect(palette.style(for: .keyword)?.bold == true)
        #expect(palette.style(for: .operator) == nil && palette.style(for: .punctuation) == nil)
    }

    /// The dark theme is the renderer's look from before themes.
    @Test func darkKeepsTheEarlierColors() {
        let dark = TerminalPalette.dark
        #expect([dark.heading1, dark.heading2, dark.heading3] == [213, 117, 150])
        #expect([dark.link, dark.marker, dark.checked, dark.image] == [75, 75, 114, 180])
        #expect([dark.frame, dark.codeLabel, dark.code.text] == [240, 180, 223])
    }

    @Test(arguments: [
        ("15;0", TerminalTheme.dark), ("0;15", .light), ("0;default;15", .light), ("7;8", .dark), ("0;7", .light),
        ("15;6", .dark), ("0;9", .light),
    ])
    func colorFGBGNamesTheBackground(_ value: String, _ theme: TerminalTheme) {
        #expect(TerminalTheme(colorFGBG: value) == theme)
    }

    @Test(arguments: ["", "default;default", "0;16", "0;-1", "abc", "15;0;", "0;\u{1B}"])
    func colorFGBGWithoutABackgroundSaysNothing(_ value: String) {
        #expect(TerminalTheme(colorFGBG: value) == nil)
    }
}
