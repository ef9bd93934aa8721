/// The kind of a highlighted span, named as the highlight.js scope it
/// stands for, so that any highlight.js theme stylesheet colours our HTML.
///
/// The raw value is the scope (`keyword`, `title.function_`, …);
/// ``cssClasses`` is the `class` attribute highlight.js writes for it.
public enum HighlightKind: String, Hashable, Sendable, Codable, CaseIterable {
    case keyword
    case builtIn = "built_in"
    case type
    case literal
    case number
    case string
    case regexp
    case subst
    case symbol
    case charEscape = "char.escape_"
    case comment
    case doctag
    case meta
    case titleFunction = "title.function_"
    case titleClass = "title.class_"
    case title
    case params
    case attr
    case attribute
    case variable
    case variableLanguage = "variable.language_"
    case property
    case tag
    case name
    case selectorTag = "selector-tag"
    case selectorClass = "selector-class"
    case selectorID = "selector-id"
    case selectorPseudo = "selector-pseudo"
    case selectorAttr = "selector-attr"
    case addition
    case deletion
    case `operator`
    case punctuation
    case section
    case bullet
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
