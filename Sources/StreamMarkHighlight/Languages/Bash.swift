extension LanguageDefinition {
    /// Bash and POSIX shell scripts and console sessions (`$ command` lines).
    static let bash = LanguageDefinition(
        names: ["bash", "sh", "shell", "zsh", "console", "shellsession", "shell-session", "ksh", "terminal"],
        keywords: "if then else elif fi for while until do done case esac in function select time coproc",
        builtIns: """
            alias bg bind break builtin caller cd command compgen complete continue declare dirs disown echo \
            enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout \
            popd printf pushd pwd read readonly return set shift shopt source suspend test times trap true type \
            typeset ulimit umask unalias unset wait
            """,
        identifierContinue: "-",
        lineComments: ["#"],
        strings: [
            StringRule(open: "\"", close: "\"", multiline: true, interpolation: .shell),
            StringRule(open: "'", close: "'", escapes: false, multiline: true),
        ],
        titles: ["function": .titleFunction],
        features: [.dollarVariables, .shellPrompt, .shebang],
        heredoc: .shell
    )
}
