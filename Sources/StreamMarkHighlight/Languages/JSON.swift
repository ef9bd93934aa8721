extension LanguageDefinition {
    /// JSON, with comments (JSONC) and JSON5's forms.
    static let json = LanguageDefinition(
        names: ["json", "jsonc", "json5", "jsonl", "ndjson", "geojson"],
        literals: "true false null NaN Infinity",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [StringRule(open: "\"", close: "\""), StringRule(open: "'", close: "'")],
        features: [.stringKeys]
    )
}
