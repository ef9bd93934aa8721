extension LanguageDefinition {
    /// CSS (SCSS and Less as CSS).
    static let css = LanguageDefinition(
        names: ["css", "scss", "less", "sass", "stylus"],
        grammar: .stylesheet,
        literals: """
            auto none inherit initial unset transparent block inline flex grid absolute relative fixed \
            sticky hidden visible solid dashed dotted bold normal italic center left right top bottom \
            pointer both nowrap wrap column row uppercase lowercase
            """,
        identifierStart: "-",
        identifierContinue: "-",
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [StringRule(open: "\"", close: "\""), StringRule(open: "'", close: "'")]
    )
}
