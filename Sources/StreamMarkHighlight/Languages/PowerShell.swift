extension LanguageDefinition {
    /// PowerShell.
    static let powershell = LanguageDefinition(
        names: ["powershell", "pwsh", "ps", "ps1", "psm1"],
        keywords: """
            begin break catch class continue data define do dynamicparam else elseif end enum exit filter finally \
            for foreach from function if in param process return switch throw trap try until using var while \
            workflow
            """,
        literals: "$true $false $null",
        caseInsensitive: true,
        identifierContinue: "-",
        lineComments: ["#"],
        blockComments: [DelimitedRule(open: "<#", close: "#>")],
        strings: [
            StringRule(open: "@\"", close: "\"@", escapes: false, multiline: true, interpolation: .shell),
            StringRule(open: "@'", close: "'@", escapes: false, multiline: true),
            StringRule(open: "\"", close: "\"", escapes: false, multiline: true, interpolation: .shell),
            StringRule(open: "'", close: "'", escapes: false, doubledCloserEscapes: true, multiline: true),
        ],
        titles: ["function": .titleFunction, "class": .titleClass],
        features: [.dollarVariables]
    )
}
