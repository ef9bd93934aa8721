extension LanguageDefinition {
    /// Go.
    static let go = LanguageDefinition(
        names: ["go", "golang"],
        keywords: """
            break case chan const continue default defer else fallthrough for func go goto if import interface \
            map package range return select struct switch type var
            """,
        types: """
            bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint \
            uint8 uint16 uint32 uint64 uintptr any comparable
            """,
        builtIns:
            "append cap clear close complex copy delete imag len make max min new panic print println real recover",
        literals: "true false nil iota",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [
            StringRule(open: "`", close: "`", escapes: false, multiline: true),
            StringRule(open: "\"", close: "\""),
            StringRule(open: "'", close: "'"),
        ],
        titles: ["func": .titleFunction]
    )
}
