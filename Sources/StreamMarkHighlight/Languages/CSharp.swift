extension LanguageDefinition {
    /// C#.
    static let csharp = LanguageDefinition(
        names: ["csharp", "cs", "c#"],
        keywords: """
            abstract as async await base break case catch checked class const continue default delegate do else \
            enum event explicit extern finally fixed for foreach get goto if implicit in init interface internal \
            is lock namespace new operator out override params partial private protected public readonly record \
            ref return sealed set sizeof stackalloc static struct switch this throw try typeof unchecked unsafe \
            using var virtual void volatile when where while yield nameof add remove global value with
            """,
        types:
            "bool byte char decimal double dynamic float int long object sbyte short string uint ulong ushort nint nuint",
        builtIns: "Console Math String List Dictionary Task Action Func",
        literals: "true false null",
        identifierStart: "@$",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [
            StringRule(open: "\"\"\"", close: "\"\"\"", escapes: false, multiline: true),
            StringRule(
                open: "\"", close: "\"", escapes: false, doubledCloserEscapes: true, multiline: true,
                interpolation: .brace, prefixes: ["$@", "@$"], needsPrefix: true),
            StringRule(
                open: "\"", close: "\"", escapes: false, doubledCloserEscapes: true, multiline: true,
                prefixes: ["@"], needsPrefix: true),
            StringRule(open: "\"", close: "\"", interpolation: .brace, prefixes: ["$"], needsPrefix: true),
            StringRule(open: "\"", close: "\""),
            StringRule(open: "'", close: "'"),
        ],
        titles: ["class": .titleClass, "interface": .titleClass, "struct": .titleClass, "enum": .titleClass],
        features: [.preprocessor, .formatSpecifications]
    )
}
