extension LanguageDefinition {
    /// R.
    static let r = LanguageDefinition(
        names: ["r", "rscript", "splus"],
        keywords: "if else repeat while function for in next break",
        builtIns: """
            c list data.frame library require print paste paste0 cat length names sum mean median sd var min max \
            seq rep apply sapply lapply vapply matrix nrow ncol head tail summary factor is.na which ifelse \
            return invisible stop warning
            """,
        literals: "TRUE FALSE NULL NA NA_integer_ NA_real_ NA_character_ Inf NaN T F",
        identifierContinue: ".",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", multiline: true),
            StringRule(open: "'", close: "'", multiline: true),
        ]
    )
}
