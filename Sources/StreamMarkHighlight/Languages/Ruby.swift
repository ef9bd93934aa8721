extension LanguageDefinition {
    /// Ruby.
    static let ruby = LanguageDefinition(
        names: ["ruby", "rb", "gemspec", "podspec", "rake", "thor", "irb"],
        keywords: """
            alias and begin break case class def defined? do else elsif end ensure for if in module next not or \
            redo rescue retry return super then undef unless until when while yield __FILE__ __LINE__ \
            __method__
            """,
        builtIns: """
            attr_accessor attr_reader attr_writer include extend prepend require require_relative puts print p \
            raise lambda proc loop private protected public
            """,
        literals: "true false nil",
        languageVariables: "self",
        identifierContinue: "?!",
        lineComments: ["#"],
        blockComments: [DelimitedRule(open: "=begin", close: "=end", atLineStartOnly: true)],
        strings: [
            StringRule(open: "\"", close: "\"", multiline: true, interpolation: .hashBrace),
            StringRule(open: "'", close: "'", multiline: true),
            StringRule(open: "`", close: "`", multiline: true, interpolation: .hashBrace),
            StringRule(open: "/", close: "/", kind: .regexp, interpolation: .hashBrace, needsValuePosition: true),
        ],
        titles: ["def": .titleFunction, "class": .titleClass, "module": .titleClass],
        features: [.symbols, .shebang],
        heredoc: .ruby
    )
}
