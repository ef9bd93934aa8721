extension LanguageDefinition {
    /// Plain text: no tokens.
    static let plainText = LanguageDefinition(names: ["plaintext", "text", "txt", "plain"], grammar: .plain)
}
