extension LanguageDefinition {
    /// Swift.
    static let swift = LanguageDefinition(
        names: ["swift"],
        keywords: """
            actor any as associatedtype async await break case catch class continue convenience default defer \
            deinit didSet do dynamic else enum extension fallthrough fileprivate final for func get guard if \
            import in indirect infix init inout internal is isolated lazy let macro mutating nonisolated \
            nonmutating open operator optional override package postfix precedencegroup prefix private \
            protocol public repeat required rethrows return set some static struct subscript super switch \
            throw throws try typealias unowned var weak where while willSet consume borrowing consuming \
            Self Type self _
            """,
        builtIns: """
            Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character \
            Array Dictionary Set Optional Result Error Void Never Sendable Hashable Equatable Codable \
            Comparable Identifiable print fatalError precondition assert min max
            """,
        literals: "true false nil",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/", nests: true)],
        strings: [
            StringRule(open: "\"\"\"", close: "\"\"\"", multiline: true, interpolation: .backslashParen),
            StringRule(open: "\"", close: "\"", interpolation: .backslashParen),
        ],
        titles: [
            "func": .titleFunction, "class": .titleClass, "struct": .titleClass, "enum": .titleClass,
            "protocol": .titleClass, "actor": .titleClass, "extension": .titleClass,
        ],
        features: [.atKeywords, .hashKeywords]
    )
}
