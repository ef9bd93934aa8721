extension LanguageDefinition {
    /// Dockerfile (and Containerfile).
    static let dockerfile = LanguageDefinition(
        names: ["dockerfile", "docker", "containerfile"],
        keywords: """
            from run cmd label maintainer expose env add copy entrypoint volume user workdir arg onbuild \
            stopsignal healthcheck shell as
            """,
        caseInsensitive: true,
        identifierContinue: "-",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", interpolation: .shell),
            StringRule(open: "'", close: "'", escapes: false),
        ],
        features: [.dollarVariables, .keywordsStartStatements]
    )
}
