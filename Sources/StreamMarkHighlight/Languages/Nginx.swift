extension LanguageDefinition {
    /// nginx configuration.
    static let nginx = LanguageDefinition(
        names: ["nginx", "nginxconf"],
        keywords: "on off",
        identifierContinue: "-./",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", interpolation: .shell),
            StringRule(open: "'", close: "'", interpolation: .shell),
        ],
        features: [.dollarVariables],
        statementWordKind: .attribute
    )
}
