/// The table that describes one language to the shared scanner
/// (``LineLexer``). Every language is one file holding one value of this
/// type (`Languages/<Name>.swift`), listed once in ``LanguageRegistry``.
///
/// Word lists are single strings of space-separated words. Everything not
/// described here is plain text.
struct LanguageDefinition: Sendable {
    /// Which scanner interprets the table.
    enum Grammar: Sendable {
        /// Plain text: no tokens.
        case plain
        /// Programming languages: words, comments, strings, numbers.
        case code
        /// HTML and XML: tags, attributes, comments, embedded languages.
        case markup
        /// CSS: selectors, declarations, at-rules.
        case stylesheet
    }

    /// The canonical name first, then the aliases (lower case).
    var names: [String]
    /// The scanner that interprets this table.
    var grammar = Grammar.code
    /// Words highlighted as `keyword`.
    var keywords = ""
    /// Words highlighted as `type`.
    var types = ""
    /// Words highlighted as `built_in`.
    var builtIns = ""
    /// Words highlighted as `literal`.
    var literals = ""
    /// Words highlighted as `variable.language` (`this`, `self`).
    var languageVariables = ""
    /// Whether words match regardless of ASCII case (SQL).
    var caseInsensitive = false
    /// Bytes besides `A-Z a-z _` and non-ASCII that may start a word.
    var identifierStart = ""
    /// Bytes besides letters, digits, `_` and non-ASCII that may continue a word.
    var identifierContinue = ""
    /// Openers of comments that run to the end of the line.
    var lineComments: [String] = []
    /// Block comments (tried before line comments).
    var blockComments: [DelimitedRule] = []
    /// String-like literals, tried in order (put longer openers first).
    var strings: [StringRule] = []
    /// Words after which the next word is a title (`def` → `title.function_`).
    var titles: [String: HighlightKind] = [:]
    /// Fixed spellings highlighted wherever a token may start (PHP `<?php`).
    var fixedTokens: [FixedToken] = []
    /// The special cases, as flags.
    var features: LanguageFeatures = []
    /// Heredocs (`<<EOF` … `EOF`), if the language has them.
    var heredoc: HeredocStyle?
    /// Whole lines highlighted by their first bytes (diff), tried in order.
    var lineRules: [FixedToken] = []
    /// The kind of the first word of every statement (nginx directives),
    /// whatever the word.
    var statementWordKind: HighlightKind?
    /// Markup only: elements whose content is another language
    /// (`script` → `javascript`), by lower-case tag name.
    var embeddedLanguages: [String: String] = [:]
}

/// Flags for the special cases of a ``LanguageDefinition``.
struct LanguageFeatures: OptionSet, Sendable {
    let rawValue: UInt32
    /// `#` at the start of a line begins a preprocessor line (`meta`),
    /// continued by a final backslash.
    static let preprocessor = LanguageFeatures(rawValue: 1 << 0)
    /// `@name` (dotted) is `meta` (Python, Java decorators and annotations).
    static let decorators = LanguageFeatures(rawValue: 1 << 1)
    /// A `"…"` string followed by `:` after `{`, `,` or at the start of a
    /// line is an `attr` (JSON keys).
    static let stringKeys = LanguageFeatures(rawValue: 1 << 2)
    /// `$name`, `${…}`, `$1`, `$?` are `variable` (shell, PHP, Perl).
    static let dollarVariables = LanguageFeatures(rawValue: 1 << 3)
    /// A line starting with `$ ` is a prompt: `$` is `meta`.
    static let shellPrompt = LanguageFeatures(rawValue: 1 << 4)
    /// `#!…` on the first line is `meta`.
    static let shebang = LanguageFeatures(rawValue: 1 << 5)
    /// `:name` is a `symbol` (Ruby).
    static let symbols = LanguageFeatures(rawValue: 1 << 6)
    /// Keywords count only as the first word of a statement (Dockerfile).
    static let keywordsStartStatements = LanguageFeatures(rawValue: 1 << 7)
    /// A word followed by `:` at the start of a line is an `attr` (YAML keys).
    static let keyColon = LanguageFeatures(rawValue: 1 << 8)
    /// `[name]` at the start of a line is a `section` (INI, TOML).
    static let sectionHeaders = LanguageFeatures(rawValue: 1 << 9)
    /// A word followed by `=` (after spaces) is an `attr` (HCL, TOML keys).
    static let keyEquals = LanguageFeatures(rawValue: 1 << 10)
    /// A word followed by `(` is a `title.function_` when no other rule
    /// names it.
    static let callTitles = LanguageFeatures(rawValue: 1 << 11)
    /// `#[…]` and `#![…]` are `meta` (Rust attributes).
    static let hashAttributes = LanguageFeatures(rawValue: 1 << 12)
    /// `@name` is a `keyword` (Swift, Kotlin attributes).
    static let atKeywords = LanguageFeatures(rawValue: 1 << 13)
    /// `#name` is a `keyword` (Swift `#if`, `#available`).
    static let hashKeywords = LanguageFeatures(rawValue: 1 << 14)
    /// Words spelt in capitals with a lower-case letter after the first
    /// (`HashMap`, `String`) are `title.class_`.
    static let capitalizedTypes = LanguageFeatures(rawValue: 1 << 15)
    /// A `"…"` string right after a word of ``LanguageDefinition/titles``
    /// is a title (HCL block labels: `resource "aws_instance" "web"`).
    static let quotedTitles = LanguageFeatures(rawValue: 1 << 16)
    /// In a `{…}` substitution of a string (Python f-strings, C# `$"…"`), a
    /// `:` outside brackets starts the format specification, a `string`.
    static let formatSpecifications = LanguageFeatures(rawValue: 1 << 17)
}

/// A literal between an opener and a closer: block comments, tags'
/// `<!…>` forms.
struct DelimitedRule: Sendable {
    /// The opening bytes.
    var open: String
    /// The closing bytes.
    var close: String
    /// The kind of the whole literal.
    var kind = HighlightKind.comment
    /// Whether an opener inside opens a nested literal (Rust, Swift).
    var nests = false
    /// Whether the opener counts only at the start of a line (Ruby `=begin`).
    var atLineStartOnly = false
}

/// A string-like literal (strings, characters, regular expressions).
struct StringRule: Sendable {
    /// How `${…}`-like substitutions appear inside the literal.
    enum Interpolation: Sendable {
        /// None.
        case none
        /// `${ code }` (JavaScript, Kotlin, HCL).
        case dollarBrace
        /// `#{ code }` (Ruby, CoffeeScript).
        case hashBrace
        /// `{ code }` with `{{` as a literal brace (Python f-strings, C# `$"…"`).
        case brace
        /// `\( code )` (Swift).
        case backslashParen
        /// `$name`, `${name}` and `$( code )` (shell, Perl, PowerShell).
        case shell
        /// `$name` and `{$ code }` (PHP).
        case php
    }

    /// How the closer is computed from the opener, when it depends on it.
    enum DynamicClose: Sendable, Equatable {
        /// Rust `r#"…"#`: the closer is `"` followed by as many `#`.
        case rustRaw
        /// Lua `[==[ … ]==]`.
        case luaLong
        /// C++ `R"delim( … )delim"`.
        case cppRaw
    }

    /// The opening bytes (after any prefix).
    var open: String
    /// The closing bytes.
    var close: String
    /// The kind of the literal.
    var kind = HighlightKind.string
    /// Whether a backslash escapes the next character.
    var escapes = true
    /// Whether a doubled closer stands for itself (SQL `''`, C# `@""`).
    var doubledCloserEscapes = false
    /// Whether the literal may continue on the next lines.
    var multiline = false
    /// Substitutions inside the literal.
    var interpolation = Interpolation.none
    /// Word prefixes allowed right before the opener (`f`, `rb`, `@`), any case.
    var prefixes: [String] = []
    /// Whether the rule applies only after one of ``prefixes``.
    var needsPrefix = false
    /// A closer computed from the opener.
    var dynamicClose: DynamicClose?
    /// Whether the opener counts only where a value may start (regexp
    /// literals, Ruby `%w`).
    var needsValuePosition = false
}

/// How heredocs are written.
enum HeredocStyle: Sendable {
    /// `<<WORD`, `<<-WORD`, `<<'WORD'`, `<<"WORD"` (shell, HCL).
    case shell
    /// `<<<WORD`, `<<<'WORD'`, `<<<"WORD"` (PHP).
    case php
    /// `<<~WORD`, `<<-WORD`, `<<WORD` with an upper-case word (Ruby).
    case ruby
}

/// A fixed spelling and its kind (a whole line's first bytes in
/// ``LanguageDefinition/lineRules``).
struct FixedToken: Sendable {
    /// The bytes.
    var text: String
    /// The kind.
    var kind: HighlightKind
    /// A language that the token opens (PHP's `?>` opens HTML), by name.
    var opensLanguage: String?
    /// The bytes that close the opened language (`<?php`), lower case.
    var closer = ""
}
