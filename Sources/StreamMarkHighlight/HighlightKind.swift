/// The kind of a highlighted span, named as the highlight.js scope it
/// stands for, so that any highlight.js theme stylesheet colours our HTML.
///
/// The raw value is the scope (`keyword`, `title.function_`, …);
/// ``cssClasses`` is the `class` attribute highlight.js writes for it.
public enum HighlightKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Reserved words.
    case keyword
    /// Built-in functions, types and objects.
    case builtIn = "built_in"
    /// Primitive type keywords.
    case type
    /// Literal words: `true`, `None`, `nil`.
    case literal
    /// Numbers.
    case number
    /// Strings and heredocs.
    case string
    /// Regular expression literals.
    case regexp
    /// The delimiters of a substitution inside a string (`${`, `}`).
    case subst
    /// Ruby symbols.
    case symbol
    /// Escapes inside strings.
    case charEscape = "char.escape_"
    /// Comments.
    case comment
    /// Tags inside doc comments.
    case doctag
    /// Preprocessor lines, decorators, `#!`, doctypes, diff headers.
    case meta
    /// A function's name where it is defined.
    case titleFunction = "title.function_"
    /// A type's name where it is defined.
    case titleClass = "title.class_"
    /// Other titles.
    case title
    /// Parameter lists.
    case params
    /// Markup attributes and keys of data languages.
    case attr
    /// CSS properties and configuration directives.
    case attribute
    /// Variables (`$name`).
    case variable
    /// `self`, `this`.
    case variableLanguage = "variable.language_"
    /// Properties.
    case property
    /// Markup tag delimiters (`<`, `</`, `>`).
    case tag
    /// Markup element names; SQL quoted identifiers.
    case name
    /// CSS type selectors.
    case selectorTag = "selector-tag"
    /// CSS class selectors.
    case selectorClass = "selector-class"
    /// CSS id selectors.
    case selectorID = "selector-id"
    /// CSS pseudo-classes and pseudo-elements.
    case selectorPseudo = "selector-pseudo"
    /// CSS attribute selectors.
    case selectorAttr = "selector-attr"
    /// Added diff lines.
    case addition
    /// Removed diff lines.
    case deletion
    /// Operators.
    case `operator`
    /// Punctuation.
    case punctuation
    /// Section headers.
    case section
    /// List bullets.
    case bullet
    /// Template variables.
    case templateVariable = "template-variable"

    /// The scope as highlight.js writes it in a `class` attribute: the
    /// first part prefixed with `hljs-`, every further dotted part as its
    /// own class (`title.function_` → `hljs-title function_`).
    ///
    /// - Complexity: O(length of the scope).
    public var cssClasses: String {
        let parts = rawValue.split(separator: ".")
        return (["hljs-" + parts[0]] + parts.dropFirst().map(String.init)).joined(separator: " ")
    }
}
