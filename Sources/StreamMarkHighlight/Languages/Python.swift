extension LanguageDefinition {
    /// Python 3.
    static let python = LanguageDefinition(
        names: ["python", "py", "python3", "py3", "gyp", "ipython", "sage"],
        keywords: """
            and as assert async await break class continue def del elif else except finally for from global if \
            import in is lambda nonlocal not or pass raise return try while with yield
            """,
        builtIns: """
            abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex \
            delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr \
            hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next \
            object oct open ord pow print property range repr reversed round set setattr slice sorted \
            staticmethod str sum super tuple type vars zip __import__
            """,
        literals: "True False None NotImplemented Ellipsis",
        languageVariables: "self cls",
        lineComments: ["#"],
        strings: [
            StringRule(
                open: "\"\"\"", close: "\"\"\"", multiline: true, interpolation: .brace,
                prefixes: ["f", "rf", "fr"], needsPrefix: true),
            StringRule(
                open: "'''", close: "'''", multiline: true, interpolation: .brace, prefixes: ["f", "rf", "fr"],
                needsPrefix: true),
            StringRule(open: "\"", close: "\"", interpolation: .brace, prefixes: ["f", "rf", "fr"], needsPrefix: true),
            StringRule(open: "'", close: "'", interpolation: .brace, prefixes: ["f", "rf", "fr"], needsPrefix: true),
            StringRule(open: "\"\"\"", close: "\"\"\"", multiline: true, prefixes: stringPrefixes),
            StringRule(open: "'''", close: "'''", multiline: true, prefixes: stringPrefixes),
            StringRule(open: "\"", close: "\"", prefixes: stringPrefixes),
            StringRule(open: "'", close: "'", prefixes: stringPrefixes),
        ],
        titles: ["def": .titleFunction, "class": .titleClass],
        features: [.decorators, .shebang, .formatSpecifications]
    )

    private static let stringPrefixes = ["r", "b", "u", "rb", "br"]
}
