extension LanguageDefinition {
    /// YAML.
    static let yaml = LanguageDefinition(
        names: ["yaml", "yml"],
        literals: "true false null yes no on off True False Null TRUE FALSE NULL ~",
        identifierContinue: "-./",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", multiline: true),
            StringRule(open: "'", close: "'", escapes: false, doubledCloserEscapes: true, multiline: true),
        ],
        features: [.keyColon],
        lineRules: [FixedToken(text: "---", kind: .meta), FixedToken(text: "...", kind: .meta)]
    )
}
