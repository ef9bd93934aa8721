extension LanguageDefinition {
    /// HashiCorp Configuration Language (Terraform).
    static let hcl = LanguageDefinition(
        names: ["hcl", "terraform", "tf", "tfvars", "nomad", "packer"],
        keywords: """
            resource data variable output locals module provider terraform backend provisioner connection \
            lifecycle dynamic for in if else endif endfor moved import check required_providers
            """,
        types: "string number bool list map set object tuple any",
        literals: "true false null",
        lineComments: ["#", "//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [StringRule(open: "\"", close: "\"", interpolation: .dollarBrace)],
        titles: [
            "resource": .titleClass, "data": .titleClass, "variable": .titleClass, "output": .titleClass,
            "module": .titleClass, "provider": .titleClass,
        ],
        features: [.keyEquals, .quotedTitles],
        heredoc: .shell
    )
}
