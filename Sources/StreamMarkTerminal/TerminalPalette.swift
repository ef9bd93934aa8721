import StreamMark
import StreamMarkHighlight

/// The colours of one ``TerminalTheme`` (256-colour palette indices): the
/// renderer's element colours, and a style per ``HighlightKind`` built from
/// a few roles (keyword, string, constant, comment, …), so that every kind
/// of a role looks the same.
struct TerminalPalette: Hashable, Sendable {
    /// The colours of highlighted code, by role.
    struct CodeColors: Hashable, Sendable {
        /// Code text outside tokens (and code in an unknown language).
        var text: UInt8
        var keyword: UInt8
        var string: UInt8
        /// Numbers, literal words, symbols.
        var constant: UInt8
        var comment: UInt8
        /// Function names where they are defined, sections.
        var function: UInt8
        /// Types, class names where they are defined.
        var type: UInt8
        var builtIn: UInt8
        /// Keys, attributes, properties.
        var key: UInt8
        var variable: UInt8
        /// Markup element names, CSS type selectors.
        var tagName: UInt8
        /// Markup tag delimiters.
        var tagDelimiter: UInt8
        /// Preprocessor lines, decorators, diff headers.
        var meta: UInt8
        /// Escapes and regular expressions.
        var escape: UInt8
        var addition: UInt8
        var deletion: UInt8
    }

    /// The colours of alerts' titles and bars, GitHub's hues.
    struct AlertColors: Hashable, Sendable {
        var note: UInt8
        var tip: UInt8
        var important: UInt8
        var warning: UInt8
        var caution: UInt8

        /// The colour of an alert of `kind`.
        subscript(kind: AlertKind) -> UInt8 {
            switch kind {
            case .note: note
            case .tip: tip
            case .important: important
            case .warning: warning
            case .caution: caution
            }
        }
    }

    var heading1: UInt8
    var heading2: UInt8
    var heading3: UInt8
    var link: UInt8
    /// List bullets and numbers.
    var marker: UInt8
    /// A checked task's box.
    var checked: UInt8
    var image: UInt8
    /// Code block frames and table borders.
    var frame: UInt8
    /// The language name on a code block's frame.
    var codeLabel: UInt8
    /// Inline and display math.
    var math: UInt8
    var code: CodeColors
    var alerts: AlertColors
    /// The style of each highlighted kind (kinds drawn as plain code text
    /// are absent).
    let tokens: [HighlightKind: TerminalStyle]

    init(
        heading1: UInt8, heading2: UInt8, heading3: UInt8, link: UInt8, marker: UInt8, checked: UInt8, image: UInt8,
        frame: UInt8, codeLabel: UInt8, math: UInt8, code: CodeColors, alerts: AlertColors
    ) {
        (self.heading1, self.heading2, self.heading3) = (heading1, heading2, heading3)
        (self.link, self.marker, self.checked, self.image) = (link, marker, checked, image)
        (self.frame, self.codeLabel, self.math, self.code, self.alerts) = (frame, codeLabel, math, code, alerts)
        tokens = Self.tokenStyles(code)
    }

    /// The dark theme: the renderer's colours from before themes existed,
    /// and highlighting in the spirit of One Dark.
    static let dark = TerminalPalette(
        heading1: 213, heading2: 117, heading3: 150, link: 75, marker: 75, checked: 114, image: 180, frame: 240,
        codeLabel: 180, math: 152,
        code: CodeColors(
            text: 223, keyword: 170, string: 114, constant: 209, comment: 245, function: 75, type: 221, builtIn: 80,
            key: 117, variable: 210, tagName: 204, tagDelimiter: 245, meta: 139, escape: 43, addition: 114,
            deletion: 203),
        alerts: AlertColors(note: 75, tip: 114, important: 141, warning: 221, caution: 203))

    /// The light theme: dark colours of at least 4.5:1 contrast on white,
    /// in the spirit of GitHub's light theme.
    static let light = TerminalPalette(
        heading1: 127, heading2: 25, heading3: 28, link: 26, marker: 25, checked: 28, image: 130, frame: 246,
        codeLabel: 130, math: 24,
        code: CodeColors(
            text: 236, keyword: 161, string: 28, constant: 130, comment: 243, function: 25, type: 91, builtIn: 23,
            key: 18, variable: 94, tagName: 124, tagDelimiter: 243, meta: 96, escape: 29, addition: 28,
            deletion: 160),
        alerts: AlertColors(note: 25, tip: 28, important: 91, warning: 130, caution: 160))

    /// The style of a token of `kind` (nil: drawn as plain code text).
    ///
    /// - Complexity: O(1).
    func style(for kind: HighlightKind) -> TerminalStyle? { tokens[kind] }

    /// Every kind's style from the roles' colours.
    private static func tokenStyles(_ c: CodeColors) -> [HighlightKind: TerminalStyle] {
        func style(_ color: UInt8, bold: Bool = false, italic: Bool = false) -> TerminalStyle {
            var style = TerminalStyle()
            style.foreground = color
            style.bold = bold
            style.italic = italic
            return style
        }
        var styles: [HighlightKind: TerminalStyle] = [:]
        for kind in HighlightKind.allCases {
            switch kind {
            case .keyword: styles[kind] = style(c.keyword, bold: true)
            case .subst, .selectorPseudo: styles[kind] = style(c.keyword)
            case .variableLanguage: styles[kind] = style(c.keyword, italic: true)
            case .string: styles[kind] = style(c.string)
            case .number, .literal, .symbol, .bullet, .selectorAttr: styles[kind] = style(c.constant)
            case .comment: styles[kind] = style(c.comment, italic: true)
            case .doctag: styles[kind] = style(c.comment, bold: true, italic: true)
            case .titleFunction, .title, .section: styles[kind] = style(c.function, bold: true)
            case .selectorID: styles[kind] = style(c.function)
            case .titleClass: styles[kind] = style(c.type, bold: true)
            case .type, .selectorClass: styles[kind] = style(c.type)
            case .builtIn: styles[kind] = style(c.builtIn)
            case .attr, .attribute, .property: styles[kind] = style(c.key)
            case .variable, .templateVariable: styles[kind] = style(c.variable)
            case .name, .selectorTag: styles[kind] = style(c.tagName)
            case .tag: styles[kind] = style(c.tagDelimiter)
            case .meta: styles[kind] = style(c.meta)
            case .regexp, .charEscape: styles[kind] = style(c.escape)
            case .addition: styles[kind] = style(c.addition)
            case .deletion: styles[kind] = style(c.deletion)
            case .params, .operator, .punctuation: break
            }
        }
        return styles
    }
}
