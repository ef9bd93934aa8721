extension LanguageDefinition {
    /// TOML and INI files.
    static let toml = LanguageDefinition(
        names: ["toml", "ini", "cfg", "conf", "properties", "editorconfig", "gitconfig", "desktop"],
        literals: "true false",
        identifierContinue: "-.",
        lineComments: ["#", ";"],
        strings: [
            StringRule(open: "\"\"\"", close: "\"\"\"", multiline: true),
            StringRule(open: "'''", close: "'''", escapes: false, multiline: true),
            StringRule(open: "\"", close: "\""),
            StringRule(open: "'", close: "'", escapes: false),
        ],
        features: [.sectionHeaders, .keyEquals]
    )
}
