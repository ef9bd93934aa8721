extension LanguageDefinition {
    /// JavaScript (with JSX as plain code).
    static let javascript = LanguageDefinition(
        names: ["javascript", "js", "jsx", "mjs", "cjs", "node"],
        keywords: scriptKeywords,
        builtIns: scriptBuiltIns,
        literals: "true false null undefined NaN Infinity",
        languageVariables: "this super arguments",
        identifierStart: "$",
        identifierContinue: "$",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: scriptStrings,
        titles: ["function": .titleFunction, "class": .titleClass],
        features: [.shebang]
    )

    /// The keywords of JavaScript (TypeScript adds its own).
    static let scriptKeywords = """
        as async await break case catch class const continue debugger default delete do else export extends \
        finally for from function get if import in instanceof let new of return set static switch throw try \
        typeof var void while with yield
        """

    /// The global objects and functions of JavaScript.
    static let scriptBuiltIns = """
        Array ArrayBuffer BigInt Boolean DataView Date Error EvalError Float32Array Float64Array Function \
        Int8Array Int16Array Int32Array Intl JSON Map Math Number Object Promise Proxy RangeError \
        ReferenceError Reflect RegExp Set String Symbol SyntaxError TypeError URIError Uint8Array \
        Uint16Array Uint32Array WeakMap WeakSet console decodeURI decodeURIComponent document \
        encodeURI encodeURIComponent eval globalThis isFinite isNaN module parseFloat parseInt process \
        require window exports
        """

    /// The strings of JavaScript and TypeScript: template literals with
    /// `${…}`, quotes, regexp literals.
    static let scriptStrings = [
        StringRule(open: "`", close: "`", multiline: true, interpolation: .dollarBrace),
        StringRule(open: "\"", close: "\""),
        StringRule(open: "'", close: "'"),
        StringRule(open: "/", close: "/", kind: .regexp, needsValuePosition: true),
    ]
}
