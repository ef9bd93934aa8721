extension LanguageDefinition {
    /// Lua.
    static let lua = LanguageDefinition(
        names: ["lua", "luau"],
        keywords: "and break do else elseif end for function goto if in local not or repeat return then until while",
        builtIns: """
            assert collectgarbage dofile error getmetatable ipairs load loadfile next pairs pcall print rawequal \
            rawget rawlen rawset require select setmetatable tonumber tostring type xpcall string table math io \
            os coroutine utf8
            """,
        literals: "true false nil",
        languageVariables: "self",
        lineComments: ["--"],
        blockComments: [DelimitedRule(open: "--[[", close: "]]")],
        strings: [
            StringRule(open: "[", close: "", escapes: false, multiline: true, dynamicClose: .luaLong),
            StringRule(open: "\"", close: "\""),
            StringRule(open: "'", close: "'"),
        ],
        titles: ["function": .titleFunction]
    )
}
