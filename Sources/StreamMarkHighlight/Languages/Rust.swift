extension LanguageDefinition {
    /// Rust.
    static let rust = LanguageDefinition(
        names: ["rust", "rs"],
        keywords: """
            as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod \
            move mut pub ref return static struct super trait type union unsafe use where while macro_rules
            """,
        types: """
            bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 Self String Vec Option \
            Result Box
            """,
        builtIns: "Some None Ok Err println print format vec panic assert assert_eq eprintln write writeln",
        literals: "true false",
        languageVariables: "self",
        identifierContinue: "!",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/", nests: true)],
        strings: [
            StringRule(
                open: "\"", close: "", escapes: false, multiline: true, prefixes: ["r", "br"], needsPrefix: true,
                dynamicClose: .rustRaw),
            StringRule(open: "\"", close: "\"", multiline: true, prefixes: ["b"]),
            StringRule(open: "'", close: "'", prefixes: ["b"]),
        ],
        titles: ["fn": .titleFunction, "struct": .titleClass, "enum": .titleClass, "trait": .titleClass],
        features: [.hashAttributes]
    )
}
