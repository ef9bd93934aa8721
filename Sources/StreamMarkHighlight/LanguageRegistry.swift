/// Every language the library knows, in a fixed order: a language's index
/// here is its identity in ``HighlightLanguage`` and in lexer states.
///
/// To add a language, write its ``LanguageDefinition`` in
/// `Languages/<Name>.swift` and add it to ``definitions``.
enum LanguageRegistry {
    /// The tables, plain text first.
    static let definitions: [LanguageDefinition] = [
        .plainText, .python, .bash, .javascript, .typescript, .json, .sql, .html, .xml, .css, .java, .kotlin, .c,
        .cpp, .csharp, .go, .rust, .swift, .php, .ruby, .yaml, .toml, .hcl, .dockerfile, .diff, .makefile, .nginx,
        .lua, .r, .powershell,
    ]

    /// The compiled tables, by index.
    static let compiled: [CompiledLanguage] = definitions.enumerated().map {
        CompiledLanguage(index: UInt8($0.offset), definition: $0.element)
    }

    /// Every name and alias (lower case) to its index.
    static let indexByName: [String: UInt8] = {
        var names: [String: UInt8] = [:]
        for (index, definition) in definitions.enumerated() {
            for name in definition.names where names[name] == nil { names[name] = UInt8(index) }
        }
        return names
    }()

    /// The index of a lower-case name or alias.
    static func index(of name: String) -> UInt8? { indexByName[name] }
}
