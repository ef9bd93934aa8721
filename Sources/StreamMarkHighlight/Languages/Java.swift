extension LanguageDefinition {
    /// Java.
    static let java = LanguageDefinition(
        names: ["java", "jsp"],
        keywords: """
            abstract assert break case catch class const continue default do else enum extends final finally \
            for goto if implements import instanceof interface native new package private protected public \
            record return sealed permits static strictfp super switch synchronized this throw throws transient \
            try var void volatile while yield non-sealed module requires exports
            """,
        types: "boolean byte char double float int long short",
        builtIns: "String Object System Integer Long Double Boolean Math List Map Set ArrayList HashMap",
        literals: "true false null",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [
            StringRule(open: "\"\"\"", close: "\"\"\"", multiline: true),
            StringRule(open: "\"", close: "\""),
            StringRule(open: "'", close: "'"),
        ],
        titles: ["class": .titleClass, "interface": .titleClass, "enum": .titleClass, "record": .titleClass],
        features: [.decorators]
    )
}
