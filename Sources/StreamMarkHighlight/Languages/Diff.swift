extension LanguageDefinition {
    /// Unified and context diffs, patches.
    static let diff = LanguageDefinition(
        names: ["diff", "patch", "udiff"],
        lineRules: [
            FixedToken(text: "+++", kind: .meta), FixedToken(text: "---", kind: .meta),
            FixedToken(text: "@@", kind: .meta), FixedToken(text: "diff ", kind: .meta),
            FixedToken(text: "index ", kind: .meta), FixedToken(text: "***", kind: .meta),
            FixedToken(text: "+", kind: .addition), FixedToken(text: ">", kind: .addition),
            FixedToken(text: "-", kind: .deletion), FixedToken(text: "<", kind: .deletion),
            FixedToken(text: "!", kind: .meta), FixedToken(text: "\\", kind: .comment),
        ]
    )
}
