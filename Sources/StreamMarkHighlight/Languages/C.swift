extension LanguageDefinition {
    /// C.
    static let c = LanguageDefinition(
        names: ["c", "h"],
        keywords: """
            auto break case const continue default do else enum extern for goto if inline register restrict \
            return sizeof static struct switch typedef union volatile while _Alignas _Alignof _Atomic _Bool \
            _Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local
            """,
        types: """
            char double float int long short signed unsigned void size_t ssize_t int8_t int16_t int32_t \
            int64_t uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t ptrdiff_t bool FILE wchar_t
            """,
        builtIns: "printf fprintf sprintf snprintf scanf malloc calloc realloc free memcpy memset strlen strcmp",
        literals: "true false NULL",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: cStrings,
        features: [.preprocessor]
    )

    /// The strings of C and C++.
    static let cStrings = [
        StringRule(
            open: "\"", close: "", escapes: false, multiline: true, prefixes: ["r", "lr", "ur", "u8r"],
            needsPrefix: true, dynamicClose: .cppRaw),
        StringRule(open: "\"", close: "\"", prefixes: ["l", "u", "u8"]),
        StringRule(open: "'", close: "'", prefixes: ["l", "u", "u8"]),
    ]
}
