extension LanguageDefinition {
    /// XML and its dialects.
    static let xml = LanguageDefinition(
        names: ["xml", "svg", "xsd", "xsl", "xslt", "plist", "rss", "atom", "xaml", "csproj", "wsdl"],
        grammar: .markup,
        blockComments: markupForms,
        strings: markupStrings
    )
}
