extension LanguageDefinition {
    /// PHP (code, from its first line: the `<?php` tag is `meta`).
    static let php = LanguageDefinition(
        names: ["php", "php3", "php4", "php5", "php7", "php8", "phtml"],
        keywords: """
            abstract and as break callable case catch class clone const continue declare default do echo else \
            elseif empty enddeclare endfor endforeach endif endswitch endwhile enum extends final finally fn for \
            foreach function global goto if implements include include_once instanceof insteadof interface \
            isset list match namespace new or print private protected public readonly require require_once \
            return static switch throw trait try unset use var while xor yield die exit
            """,
        types: "array bool float int mixed object string void iterable never",
        literals: "true false null TRUE FALSE NULL",
        lineComments: ["//", "#"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: [
            StringRule(open: "\"", close: "\"", multiline: true, interpolation: .php),
            StringRule(open: "'", close: "'", multiline: true),
        ],
        titles: ["function": .titleFunction, "class": .titleClass, "interface": .titleClass, "trait": .titleClass],
        fixedTokens: [
            FixedToken(text: "<?php", kind: .meta),
            FixedToken(text: "?>", kind: .meta, opensLanguage: "html", closer: "<?php"),
        ],
        features: [.dollarVariables],
        heredoc: .php
    )
}
