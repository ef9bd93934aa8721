extension LanguageDefinition {
    /// TypeScript (and TSX).
    static let typescript = LanguageDefinition(
        names: ["typescript", "ts", "tsx", "mts", "cts"],
        keywords: scriptKeywords + """
             abstract declare enum implements interface is keyof namespace private protected public readonly \
            type infer satisfies override module asserts
            """,
        types: "any boolean never number object string symbol unknown bigint void",
        builtIns: scriptBuiltIns,
        literals: "true false null undefined NaN Infinity",
        languageVariables: "this super arguments",
        identifierStart: "$",
        identifierContinue: "$",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: scriptStrings,
        titles: ["function": .titleFunction, "class": .titleClass, "interface": .titleClass],
        features: [.decorators, .shebang]
    )
}
