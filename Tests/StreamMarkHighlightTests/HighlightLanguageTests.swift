import StreamMarkHighlight
import Testing

/// Resolving languages from info strings and names.
@Suite struct HighlightLanguageTests {
    /// The names the issue lists, and the canonical name each resolves to.
    static let names: [(String, String)] = [
        ("python", "python"), ("py", "python"), ("bash", "bash"), ("sh", "bash"), ("shell", "bash"),
        ("zsh", "bash"), ("console", "bash"), ("javascript", "javascript"), ("js", "javascript"),
        ("jsx", "javascript"), ("mjs", "javascript"), ("typescript", "typescript"), ("ts", "typescript"),
        ("tsx", "typescript"), ("json", "json"), ("jsonc", "json"), ("json5", "json"), ("sql", "sql"),
        ("html", "html"), ("xml", "xml"), ("svg", "xml"), ("css", "css"), ("scss", "css"), ("less", "css"),
        ("java", "java"), ("kotlin", "kotlin"), ("c", "c"), ("cpp", "cpp"), ("c++", "cpp"), ("h", "c"),
        ("hpp", "cpp"), ("csharp", "csharp"), ("cs", "csharp"), ("c#", "csharp"), ("go", "go"),
        ("rust", "rust"), ("swift", "swift"), ("php", "php"), ("ruby", "ruby"), ("yaml", "yaml"),
        ("yml", "yaml"), ("toml", "toml"), ("ini", "toml"), ("hcl", "hcl"), ("terraform", "hcl"), ("tf", "hcl"),
        ("dockerfile", "dockerfile"), ("diff", "diff"), ("patch", "diff"), ("makefile", "makefile"),
        ("nginx", "nginx"), ("lua", "lua"), ("r", "r"), ("powershell", "powershell"),
    ]

    @Test func everyListedNameResolves() {
        for (name, canonical) in Self.names {
            #expect(HighlightLanguage(name: name)?.name == canonical, "\(name)")
            #expect(HighlightLanguage(name: name.uppercased())?.name == canonical, "\(name) upper case")
        }
    }

    @Test func theInfoStringsFirstWordNamesTheLanguage() {
        #expect(HighlightLanguage(infoString: "python title=\"a.py\"")?.name == "python")
        #expect(HighlightLanguage(infoString: "  JS {.line-numbers}")?.name == "javascript")
        #expect(HighlightLanguage(infoString: "C#\tsomething")?.name == "csharp")
    }

    @Test(arguments: ["", " ", "excel", "diff-json", "pythonic", "{.python}", String(repeating: "a", count: 100)])
    func unknownOrEmptyIsNil(info: String) {
        #expect(HighlightLanguage(infoString: info) == nil)
    }

    @Test func aliasesAreUniqueAcrossLanguages() {
        var seen: [String: String] = [:]
        for language in HighlightLanguage.all {
            for alias in language.aliases {
                #expect(seen[alias] == nil, "\(alias) in \(language) and \(seen[alias] ?? "")")
                seen[alias] = language.name
                #expect(alias == alias.lowercased())
            }
        }
        #expect(HighlightLanguage.all.count == 30)
    }

    @Test func plainTextHasNoTokens() {
        let line = HighlightLanguage.plainText.highlight(line: Array("if x = \"a\" # b 12".utf8))
        #expect(line.tokens.isEmpty)
        let highlighter = CodeHighlighter(language: nil, text: Array("def x():\n".utf8))
        #expect(highlighter.language == .plainText)
        #expect(highlighter.lines.allSatisfy { $0.tokens.isEmpty })
    }
}

/// Kinds as highlight.js classes.
@Suite struct HighlightKindTests {
    @Test(arguments: [
        (HighlightKind.keyword, "hljs-keyword"), (.builtIn, "hljs-built_in"), (.titleFunction, "hljs-title function_"),
        (.titleClass, "hljs-title class_"), (.selectorTag, "hljs-selector-tag"), (.charEscape, "hljs-char escape_"),
        (.variableLanguage, "hljs-variable language_"), (.templateVariable, "hljs-template-variable"),
    ])
    func cssClasses(kind: HighlightKind, classes: String) {
        #expect(kind.cssClasses == classes)
    }

    @Test func everyClassStartsWithTheHljsPrefix() {
        for kind in HighlightKind.allCases {
            #expect(kind.cssClasses.hasPrefix("hljs-"))
            #expect(!kind.cssClasses.contains("."))
        }
    }
}
