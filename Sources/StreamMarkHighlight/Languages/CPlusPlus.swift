extension LanguageDefinition {
    /// C++.
    static let cpp = LanguageDefinition(
        names: ["cpp", "c++", "cc", "cxx", "hpp", "hh", "hxx", "h++", "ino", "cuda", "cu"],
        keywords: """
            alignas alignof and and_eq asm auto bitand bitor break case catch class compl concept const consteval \
            constexpr constinit const_cast continue co_await co_return co_yield decltype default delete do \
            dynamic_cast else enum explicit export extern for friend goto if inline mutable namespace new \
            noexcept not not_eq operator or or_eq private protected public register reinterpret_cast requires \
            return sizeof static static_assert static_cast struct switch template thread_local throw try \
            typedef typeid typename union using virtual volatile while xor xor_eq final override
            """,
        types: """
            bool char char8_t char16_t char32_t double float int long short signed unsigned void wchar_t \
            size_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t
            """,
        builtIns: "std string vector map unordered_map set cout cin endl printf unique_ptr shared_ptr make_unique",
        literals: "true false nullptr NULL",
        languageVariables: "this",
        lineComments: ["//"],
        blockComments: [DelimitedRule(open: "/*", close: "*/")],
        strings: cStrings,
        titles: ["class": .titleClass, "struct": .titleClass],
        features: [.preprocessor]
    )
}
