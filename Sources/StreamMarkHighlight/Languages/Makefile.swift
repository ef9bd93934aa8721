extension LanguageDefinition {
    /// Makefiles (GNU make).
    static let makefile = LanguageDefinition(
        names: ["makefile", "make", "mk", "mak", "gnumakefile"],
        keywords: """
            ifeq ifneq ifdef ifndef else endif include -include sinclude define endef export unexport override \
            private vpath
            """,
        builtIns: """
            subst patsubst strip findstring filter filter-out sort word wordlist words firstword lastword dir \
            notdir suffix basename addsuffix addprefix join wildcard realpath abspath if or and foreach call \
            value eval origin flavor shell error warning info
            """,
        identifierContinue: "-.",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", interpolation: .shell),
            StringRule(open: "'", close: "'", escapes: false),
        ],
        features: [.dollarVariables]
    )
}
