extension LanguageDefinition {
    /// Kotlin (and Gradle's Kotlin scripts).
    static let kotlin = LanguageDefinition(
        names: ["kotlin", "kt", "kts"],
        keywords: """
            abstract actual annotation as break by catch class companion const constructor continue crossinline \
            data do dynamic else enum expect external final finally for fun get if import in infix init inline \
            inner interface internal is lateinit noinline object open operator out override package private \
            protected public reified return sealed set super suspend tailrec this throw try typealias val var \
            vararg when where while value
            """,
        types: "Byte Short Int Long Float Double Boolean Char Unit Any Nothing String",
        builtIns: "println print listOf mutableListOf mapOf mutableMapOf setOf arrayOf lazy require check",
        literals: "true false null",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/", nests: true)],
        strings: [
            StringRule(open: "\"\"\"", close: "\"\"\"", escapes: false, multiline: true, interpolation: .dollarBrace),
            StringRule(open: "\"", close: "\"", interpolation: .dollarBrace),
            StringRule(open: "'", close: "'"),
        ],
        titles: ["fun": .titleFunction, "class": .titleClass, "interface": .titleClass, "object": .titleClass],
        features: [.decorators]
    )
}
