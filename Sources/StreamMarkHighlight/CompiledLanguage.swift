/// A ``LanguageDefinition`` prepared for the scanner: word tables keyed by
/// ``WordKey``, byte sets, literal openers as bytes. Built once per
/// language (``LanguageRegistry``) and never changed.
final class CompiledLanguage: Sendable {
    /// A compiled ``StringRule``.
    struct StringForm: Sendable {
        let rule: StringRule
        let open: [UInt8]
        let close: [UInt8]
        let prefixes: WordTable
        /// Bytes where a run of the literal's text stops.
        let stops: ByteSet
    }

    /// A compiled ``DelimitedRule``.
    struct DelimitedForm: Sendable {
        let rule: DelimitedRule
        let open: [UInt8]
        let close: [UInt8]
        /// Bytes where a run of the literal's text stops.
        let stops: ByteSet
    }

    /// The registry index.
    let index: UInt8
    /// The source table.
    let definition: LanguageDefinition
    /// Every listed word and its kind.
    let words: WordTable
    /// Words naming the next word (`def`, `class`).
    let titles: WordTable
    /// Bytes that start a word.
    let wordStart: ByteSet
    /// Bytes that continue a word.
    let wordContinue: ByteSet
    /// Line comment openers.
    let lineComments: [[UInt8]]
    /// Block comments.
    let blockComments: [DelimitedForm]
    /// String-like literals.
    let strings: [StringForm]
    /// First bytes of comment and string openers and fixed tokens.
    let literalStarts: ByteSet
    /// Bytes that may follow a string prefix (`f` in `f"`).
    let prefixFollowers: ByteSet
    /// Whole-line rules.
    let lineRules: [(prefix: [UInt8], kind: HighlightKind)]
    /// Fixed spellings.
    let fixedTokens: [(text: [UInt8], token: FixedToken)]
    /// Markup: lower-case tag names whose content is another language.
    let embedded: [WordKey: String]

    init(index: UInt8, definition: LanguageDefinition) {
        self.index = index
        self.definition = definition
        let folding = definition.caseInsensitive
        var words: [(WordKey, HighlightKind)] = []
        let lists: [(String, HighlightKind)] = [
            (definition.builtIns, .builtIn), (definition.types, .type), (definition.literals, .literal),
            (definition.languageVariables, .variableLanguage), (definition.keywords, .keyword),
        ]
        for (list, kind) in lists {
            for word in list.split(separator: " ") {
                if let key = WordKey(String(word), folding: folding) { words.append((key, kind)) }
            }
        }
        self.words = WordTable(words)
        titles = WordTable(
            definition.titles.compactMap { word, kind in WordKey(word, folding: folding).map { ($0, kind) } })
        var start = ByteSet.wordStart
        start.formUnion(ByteSet(definition.identifierStart))
        wordStart = start
        var next = ByteSet.word
        next.formUnion(start)
        next.formUnion(ByteSet(definition.identifierContinue))
        wordContinue = next
        lineComments = definition.lineComments.map { Array($0.utf8) }
        blockComments = definition.blockComments.map(Self.compile)
        strings = definition.strings.map(Self.compile)
        var starts = ByteSet()
        for opener in lineComments { starts.insert(opener[0]) }
        for form in blockComments { starts.insert(form.open[0]) }
        for form in strings { starts.insert(form.open[0]) }
        lineRules = definition.lineRules.map { (Array($0.text.utf8), $0.kind) }
        fixedTokens = definition.fixedTokens.map { (Array($0.text.utf8), $0) }
        for token in fixedTokens { starts.insert(token.text[0]) }
        var embedded: [WordKey: String] = [:]
        for (tag, language) in definition.embeddedLanguages {
            if let key = WordKey(tag, folding: true) { embedded[key] = language }
        }
        self.embedded = embedded
        literalStarts = starts
        var followers = ByteSet()
        for form in strings where !form.rule.prefixes.isEmpty {
            followers.insert(form.open[0])
            if form.rule.dynamicClose == .rustRaw { followers.insert(UInt8(ascii: "#")) }
        }
        prefixFollowers = followers
    }

    private static func compile(_ rule: DelimitedRule) -> DelimitedForm {
        let open = Array(rule.open.utf8)
        let close = Array(rule.close.utf8)
        var stops = ByteSet()
        stops.insert(close[0])
        if rule.nests { stops.insert(open[0]) }
        return DelimitedForm(rule: rule, open: open, close: close, stops: stops)
    }

    private static func compile(_ rule: StringRule) -> StringForm {
        let open = Array(rule.open.utf8)
        let close = Array(rule.close.utf8)
        var stops = ByteSet()
        if let first = close.first { stops.insert(first) }
        if rule.escapes { stops.insert(UInt8(ascii: "\\")) }
        switch rule.interpolation {
        case .none: break
        case .dollarBrace, .shell, .php: stops.insert(UInt8(ascii: "$"))
        case .hashBrace: stops.insert(UInt8(ascii: "#"))
        case .brace: stops.formUnion(ByteSet("{}"))
        case .backslashParen: stops.insert(UInt8(ascii: "\\"))
        }
        if rule.interpolation == .php { stops.insert(UInt8(ascii: "{")) }
        if rule.dynamicClose != nil { stops.formUnion(ByteSet("\"])")) }
        let prefixes = WordTable(rule.prefixes.compactMap { WordKey($0, folding: true).map { ($0, .string) } })
        return StringForm(rule: rule, open: open, close: close, prefixes: prefixes, stops: stops)
    }

    /// Whether the features include `feature`.
    @inline(__always)
    func has(_ feature: LanguageFeatures) -> Bool { definition.features.contains(feature) }
}

extension StringRule.Interpolation: Equatable {}
