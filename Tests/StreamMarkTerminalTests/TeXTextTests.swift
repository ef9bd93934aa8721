import Foundation
import StreamMark
import StreamMarkTestSupport
import Testing

@testable import StreamMarkTerminal

/// TeX as terminal text: every row of the table of replacements (expected
/// text written by hand), the structures, malformed and hostile input, and
/// a seeded property test of totality.
@Suite("TeX text")
struct TeXTextTests {
    /// Inline conversion of `tex`: its one line.
    static func inline(_ tex: String) -> String {
        TeXText(tex, display: false).lines.joined(separator: "|")
    }

    /// Every command of fixed text, and its text.
    static let symbolCases: [(String, String)] = [
        // Greek
        ("alpha", "α"), ("beta", "β"), ("gamma", "γ"), ("delta", "δ"), ("epsilon", "ϵ"), ("varepsilon", "ε"),
        ("zeta", "ζ"), ("eta", "η"), ("theta", "θ"), ("vartheta", "ϑ"), ("iota", "ι"), ("kappa", "κ"),
        ("varkappa", "ϰ"), ("lambda", "λ"), ("mu", "μ"), ("nu", "ν"), ("xi", "ξ"), ("omicron", "ο"), ("pi", "π"),
        ("varpi", "ϖ"), ("rho", "ρ"), ("varrho", "ϱ"), ("sigma", "σ"), ("varsigma", "ς"), ("tau", "τ"),
        ("upsilon", "υ"), ("phi", "ϕ"), ("varphi", "φ"), ("chi", "χ"), ("psi", "ψ"), ("omega", "ω"),
        ("Gamma", "Γ"), ("Delta", "Δ"), ("Theta", "Θ"), ("Lambda", "Λ"), ("Xi", "Ξ"), ("Pi", "Π"), ("Sigma", "Σ"),
        ("Upsilon", "Υ"), ("Phi", "Φ"), ("Psi", "Ψ"), ("Omega", "Ω"),
        // Relations
        ("le", "≤"), ("leq", "≤"), ("leqslant", "⩽"), ("ge", "≥"), ("geq", "≥"), ("geqslant", "⩾"), ("ne", "≠"),
        ("neq", "≠"), ("lt", "<"), ("gt", ">"), ("ll", "≪"), ("gg", "≫"), ("approx", "≈"), ("approxeq", "≊"),
        ("equiv", "≡"), ("sim", "∼"), ("simeq", "≃"), ("cong", "≅"), ("propto", "∝"), ("asymp", "≍"),
        ("doteq", "≐"), ("prec", "≺"), ("succ", "≻"), ("preceq", "⪯"), ("succeq", "⪰"), ("in", "∈"),
        ("notin", "∉"), ("ni", "∋"), ("subset", "⊂"), ("subseteq", "⊆"), ("subsetneq", "⊊"), ("supset", "⊃"),
        ("supseteq", "⊇"), ("mid", "∣"), ("nmid", "∤"), ("parallel", "∥"), ("perp", "⊥"), ("vdash", "⊢"),
        ("models", "⊨"), ("nleq", "≰"), ("ngeq", "≱"), ("nsubseteq", "⊈"), ("nsupseteq", "⊉"),
        // Arrows
        ("to", "→"), ("rightarrow", "→"), ("leftarrow", "←"), ("gets", "←"), ("leftrightarrow", "↔"),
        ("Rightarrow", "⇒"), ("Leftarrow", "⇐"), ("Leftrightarrow", "⇔"), ("iff", "⟺"), ("implies", "⟹"),
        ("impliedby", "⟸"), ("mapsto", "↦"), ("longmapsto", "⟼"), ("longrightarrow", "⟶"),
        ("longleftarrow", "⟵"), ("Longrightarrow", "⟹"), ("Longleftarrow", "⟸"), ("Longleftrightarrow", "⟺"),
        ("uparrow", "↑"), ("downarrow", "↓"), ("hookrightarrow", "↪"),
        // Operators and symbols
        ("sum", "∑"), ("prod", "∏"), ("coprod", "∐"), ("int", "∫"), ("iint", "∬"), ("iiint", "∭"), ("oint", "∮"),
        ("bigcup", "⋃"), ("bigcap", "⋂"), ("bigoplus", "⨁"), ("bigotimes", "⨂"), ("bigwedge", "⋀"),
        ("bigvee", "⋁"), ("partial", "∂"), ("nabla", "∇"), ("infty", "∞"), ("cdot", "·"), ("times", "×"),
        ("div", "÷"), ("pm", "±"), ("mp", "∓"), ("circ", "∘"), ("ast", "∗"), ("star", "⋆"), ("bullet", "•"),
        ("oplus", "⊕"), ("ominus", "⊖"), ("otimes", "⊗"), ("odot", "⊙"), ("cup", "∪"), ("cap", "∩"),
        ("setminus", "∖"), ("wedge", "∧"), ("land", "∧"), ("vee", "∨"), ("lor", "∨"), ("neg", "¬"), ("lnot", "¬"),
        ("forall", "∀"), ("exists", "∃"), ("nexists", "∄"), ("emptyset", "∅"), ("varnothing", "∅"),
        ("ldots", "…"), ("dots", "…"), ("cdots", "⋯"), ("vdots", "⋮"), ("ddots", "⋱"), ("prime", "′"),
        ("degree", "°"), ("angle", "∠"), ("triangle", "△"), ("square", "□"), ("Box", "□"), ("diamond", "⋄"),
        ("dagger", "†"), ("ddagger", "‡"), ("therefore", "∴"), ("because", "∵"), ("top", "⊤"), ("bot", "⊥"),
        ("hbar", "ℏ"), ("ell", "ℓ"), ("Re", "ℜ"), ("Im", "ℑ"), ("aleph", "ℵ"), ("wp", "℘"), ("checkmark", "✓"),
        ("colon", ":"), ("backslash", "\\"), ("textbackslash", "\\"),
        // Delimiters
        ("langle", "⟨"), ("rangle", "⟩"), ("lfloor", "⌊"), ("rfloor", "⌋"), ("lceil", "⌈"), ("rceil", "⌉"),
        ("vert", "|"), ("lvert", "|"), ("rvert", "|"), ("Vert", "‖"), ("lVert", "‖"), ("rVert", "‖"),
        ("lbrace", "{"), ("rbrace", "}"), ("lbrack", "["), ("rbrack", "]"),
        // Function names
        ("sin", "sin"), ("cos", "cos"), ("tan", "tan"), ("cot", "cot"), ("sec", "sec"), ("csc", "csc"),
        ("sinh", "sinh"), ("cosh", "cosh"), ("tanh", "tanh"), ("coth", "coth"), ("arcsin", "arcsin"),
        ("arccos", "arccos"), ("arctan", "arctan"), ("log", "log"), ("ln", "ln"), ("lg", "lg"), ("exp", "exp"),
        ("lim", "lim"), ("liminf", "liminf"), ("limsup", "limsup"), ("max", "max"), ("min", "min"),
        ("sup", "sup"), ("inf", "inf"), ("det", "det"), ("gcd", "gcd"), ("arg", "arg"), ("deg", "deg"),
        ("dim", "dim"), ("ker", "ker"), ("hom", "hom"), ("Pr", "Pr"), ("mod", "mod"), ("bmod", "mod"),
        // Spacing (between two letters, so the spaces are not trimmed)
        ("quad", "  "), ("qquad", "    "), ("enspace", " "), ("thinspace", " "), ("medspace", " "),
        ("thickspace", " "), ("space", " "), ("nobreakspace", " "), ("negthinspace", ""), ("negmedspace", ""),
        ("negthickspace", ""),
    ]

    @Test(arguments: symbolCases)
    func symbol(_ name: String, _ expected: String) {
        #expect(Self.inline("a\\" + name + "{}b") == "a" + expected + "b")
    }

    /// The test's list and the converter's table hold the same commands.
    @Test func symbolCasesCoverTheTable() {
        #expect(Set(Self.symbolCases.map(\.0)) == Set(TeXText.symbols.keys))
        #expect(Self.symbolCases.count == TeXText.symbols.count)
    }

    /// docs/cli.md, "Math in the terminal", names every command of the
    /// tables (in backticks).
    @Test func docsListEveryCommand() throws {
        let url = CorpusAnswers.root.appendingPathComponent("docs/cli.md")
        let docs = try String(contentsOf: url, encoding: .utf8)
        let after = try #require(docs.components(separatedBy: "### Math in the terminal").dropFirst().first)
        let section = after.components(separatedBy: "\n### ")[0]
        let commands = Set(TeXText.symbols.keys).union(TeXText.fonts.keys).union(TeXText.accents.keys)
            .union(TeXText.dropped).union(["frac", "dfrac", "tfrac", "cfrac", "sqrt", "binom", "pmod", "tag"])
        let missing = commands.filter { !Self.mentions("\\" + $0, in: section) }
        #expect(missing.isEmpty, "not in docs/cli.md: \(missing.sorted())")
    }

    /// Whether `text` holds `command` not followed by a letter.
    static func mentions(_ command: String, in text: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: command) {
            if !(rest[range.upperBound...].first?.isLetter ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// Control symbols, escapes, grouping, alignment and dropped commands.
    @Test(arguments: [
        ("a\\,b", "a b"), ("a\\:b", "a b"), ("a\\;b", "a b"), ("a\\>b", "a b"), ("a\\ b", "a b"),
        ("a\\!b", "ab"), ("\\{x\\}", "{x}"), ("50\\%", "50%"), ("\\$5", "$5"), ("a \\& b", "a & b"),
        ("\\#1", "#1"), ("a\\_b", "a_b"), ("\\|v\\|", "‖v‖"), ("{a}{b}", "ab"), ("{{x}}", "x"),
        ("a &= b", "a = b"), ("a&b", "a b"), ("a~b", "a b"), ("\\left( x \\right)", "( x )"),
        ("\\left. x \\right|", "x |"), ("\\big( x \\Big)", "( x )"), ("\\bigl[ x \\biggr]", "[ x ]"),
        ("\\displaystyle x", "x"), ("\\sum\\limits_{i}", "∑ᵢ"), ("x \\nonumber", "x"), ("\\foo", "\\foo"),
        ("\\foo{x}", "\\foox"), ("a\\@b", "a\\@b"), ("\\text{if } x", "if  x"), ("\\mathrm{d}x", "dx"),
        ("\\mathbf{v}", "v"), ("\\mathit{x}", "x"), ("\\operatorname{Var}(X)", "Var(X)"),
        ("\\operatorname*{arg\\,max}", "arg max"), ("\\mathbb{R}", "ℝ"), ("\\mathbb{N}", "ℕ"), ("\\mathbb{Z}", "ℤ"),
        ("\\mathbb{Q}", "ℚ"), ("\\mathbb{C}", "ℂ"), ("\\mathbb{E}[X]", "𝔼[X]"), ("\\mathbb 1", "𝟙"),
        ("\\mathbb{R}^n", "ℝⁿ"), ("\\mathcal{L}", "ℒ"), ("\\mathcal{O}(n)", "𝒪(n)"), ("\\mathcal{x}", "x"),
        ("\\hat{x}", "x\u{302}"), ("\\bar x", "x\u{304}"), ("\\vec{v}", "v\u{20D7}"), ("\\dot{x}", "x\u{307}"),
        ("\\tilde{n}", "n\u{303}"), ("\\overline{AB}", "A\u{305}B\u{305}"), ("\\hat{xy}", "xy"),
        ("\\hat{\\hat{x}}", "x\u{302}"), ("a \\pmod{n}", "a (mod n)"), ("x \\tag{1}", "x (1)"),
        ("\\label{eq}x", "x"), ("\\color{red}x", "x"), ("\\textcolor{red}{x}", "x"), ("a\\hspace{1em}b", "a b"),
        ("\\begin{pmatrix}a & b\\end{pmatrix}", "(a b)"), ("\\begin{bmatrix}1\\end{bmatrix}", "[1]"),
        ("\\begin{vmatrix}A\\end{vmatrix}", "|A|"), ("\\begin{aligned}x\\end{aligned}", "x"),
        ("\\begin{array}{cc}1 & 2\\end{array}", "1 2"), ("\\begin{cases}1\\end{cases}", "{ 1"),
        ("2\\mu X", "2μX"), ("\\pi r^2", "πr²"), ("\\alpha \\in A", "α ∈ A"), ("\\lambda = 1", "λ = 1"),
        ("\\sin x", "sin x"), ("a \\cdot b", "a · b"), ("\\frac{\\partial f}{\\partial x}", "∂f/∂x"),
        ("\\nabla f", "∇f"), ("\\ell 2", "ℓ2"), ("a \\not= b", "a ≠ b"), ("x \\not\\in A", "x ∉ A"),
        ("a \\not\\equiv b", "a ≢ b"), ("\\not< \\not> \\not\\le \\not\\ge", "≮ ≯ ≰ ≱"),
        ("\\not\\subset \\not\\subseteq \\not\\sim \\not\\approx", "⊄ ⊈ ≁ ≉"), ("\\not x", "x\u{338}"),
        ("\\mathbf{A}^\\top", "Aᵀ"), ("\\underbrace{a+b}_{n}", "a+bₙ"), ("\\overbrace{xy}", "xy"),
        ("\\sum_{\\substack{i<n\\\\j}}", "∑_(i<n j)"),
    ])
    func command(_ tex: String, _ expected: String) {
        #expect(Self.inline(tex) == expected)
    }

    /// Superscripts and subscripts.
    @Test(arguments: [
        ("x^2", "x²"), ("x^{12}", "x¹²"), ("x^{-1}", "x⁻¹"), ("x^{n+1}", "xⁿ⁺¹"), ("x^{n + 1}", "xⁿ⁺¹"),
        ("e^{i\\pi}", "e^(iπ)"), ("e^{i\\theta}", "eⁱᶿ"), ("A^T", "Aᵀ"), ("x^q", "x^q"), ("x^{qr}", "x^(qr)"),
        ("x^23", "x²3"), ("f^\\prime", "f′"), ("f^{\\prime\\prime}", "f′′"), ("90^\\circ", "90°"), ("A^*", "A*"),
        ("A^\\dagger", "A†"), ("x^{(k)}", "x⁽ᵏ⁾"), ("x^{2^k}", "x^(2ᵏ)"), ("e^{-x^2}", "e^(-x²)"), ("a_i", "aᵢ"),
        ("a_{10}", "a₁₀"), ("x_{n+1}", "xₙ₊₁"), ("a_{ij}", "aᵢⱼ"), ("x_{\\text{max}}", "xₘₐₓ"), ("T_{AB}", "T_(AB)"),
        ("x_y", "x_y"), ("x_\\beta", "xᵦ"), ("x_i^2", "xᵢ²"), ("\\sum_{i=1}^{n} i", "∑ᵢ₌₁ⁿ i"),
        ("\\int_{-\\infty}^{\\infty}", "∫_(-∞)^∞"), ("\\lim_{x \\to 0}", "lim_(x → 0)"), ("\\log_2 n", "log₂ n"),
        ("x^", "x"), ("x^{}", "x"), ("x^ {2}", "x²"),
    ])
    func script(_ tex: String, _ expected: String) {
        #expect(Self.inline(tex) == expected)
    }

    /// Fractions, roots and binomials.
    @Test(arguments: [
        ("\\frac{a}{b}", "a/b"), ("\\frac{a+b}{c}", "(a+b)/c"), ("\\frac{a}{b-c}", "a/(b-c)"),
        ("\\frac{n(n+1)}{2}", "n(n+1)/2"), ("\\frac{-1}{2}", "-1/2"), ("\\frac12", "1/2"), ("\\frac 1 2", "1/2"),
        ("\\dfrac{\\pi}{4}", "π/4"), ("\\tfrac{1}{3}", "1/3"), ("\\frac{\\pi^2}{6}", "π²/6"),
        ("\\frac{\\sin x}{x}", "(sin x)/x"), ("\\frac{\\frac{a}{b}}{c}", "(a/b)/c"),
        ("\\frac{1}{\\frac{a}{b}}", "1/(a/b)"),
        ("\\frac{n!}{k!\\,(n-k)!}", "n!/(k! (n-k)!)"), ("\\frac{dy}{dx}", "dy/dx"),
        ("x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}", "x = (-b ± √(b² - 4ac))/2a"), ("\\sqrt{x}", "√x"),
        ("\\sqrt x", "√x"), ("\\sqrt{2}", "√2"), ("\\sqrt{10}", "√10"), ("\\sqrt{\\pi}", "√π"),
        ("\\sqrt{x+1}", "√(x+1)"), ("\\sqrt{2x}", "√(2x)"), ("\\sqrt{(a+b)}", "√(a+b)"),
        ("\\sqrt{(a)(b)}", "√((a)(b))"), ("\\sqrt[3]{x}", "∛x"), ("\\sqrt[4]{x}", "∜x"), ("\\sqrt[n]{x}", "ⁿ√x"),
        ("\\sqrt[2]{x}", "√x"), ("\\sqrt[q]{x+y}", "^q√(x+y)"), ("\\binom{n}{k}", "C(n, k)"),
        ("\\sqrt{\\sqrt{x}}", "√(√x)"), ("\\frac{1}{2}x", "1/2x"),
    ])
    func structure(_ tex: String, _ expected: String) {
        #expect(Self.inline(tex) == expected)
    }

    /// Display math: `\\` and line ends outside braces break lines; blank
    /// lines go; inline, both are spaces.
    @Test func displayLines() {
        let tex = "\na &= b \\\\\n  &= c\\\\[2pt] d\n\\qquad\n\\frac{1}{\n2}"
        #expect(TeXText(tex, display: true).lines == ["a = b", "= c", "d", "1/2"])
        #expect(TeXText(tex, display: false).lines == ["a = b     = c  d      1/2"])
        #expect(TeXText("{a \\\\ b}", display: true).lines == ["a   b"])
        #expect(TeXText("", display: true).lines.isEmpty)
        #expect(TeXText("", display: false).lines == [""])
        #expect(TeXText("a\\\\b", display: true).singleLine == "a  b")
    }

    /// Malformed TeX still gives text.
    @Test(arguments: [
        ("\\", "\\"), ("x\\", "x\\"), ("}", ""), ("a}b", "ab"), ("{a", "a"), ("{{{a", "a"), ("\\frac", "/"),
        ("\\frac{a", "a/"), ("\\frac{a}", "a/"), ("\\frac{a}{b", "a/b"), ("\\sqrt", "√"), ("\\sqrt[3", "∛"),
        ("\\sqrt[", "√"), ("x^{2", "x²"), ("x_{", "x"), ("{x^}", "x"), ("{\\frac}", "/"), ("\\begin", ""),
        ("\\begin{", ""), ("\\left", ""), ("\\left.", ""), ("a]b", "a]b"), ("\\sqrt[3}x", "³ˣ√"),
        ("^^^", ""), ("__x", "_ₓ"), ("\\mathbb{", ""), ("\\hat", ""), ("\\\u{1B}[31m", "\\\u{FFFD}[31m"),
        ("a\u{1B}]8;;x\u{07}b", "a\u{FFFD}]8;;x\u{FFFD}b"), ("a\u{9B}b\u{7F}", "a\u{FFFD}b\u{FFFD}"),
        ("a\tb", "a b"), ("a\r\nb", "a  b"),
    ])
    func malformed(_ tex: String, _ expected: String) {
        #expect(Self.inline(tex) == expected)
    }

    /// 10,000 nested braces, fractions, roots, scripts: no stack overflow,
    /// the text still there.
    @Test func deepNesting() {
        let depth = 10_000
        let braces = String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth)
        let bracesShown = Self.inline(braces) == "x" && Self.inline(String(repeating: "{", count: depth)).isEmpty
        #expect(bracesShown)
        let fractions = String(repeating: "\\frac{1}{", count: depth) + "x" + String(repeating: "}", count: depth)
        let fractionText = Self.inline(fractions)
        // Checked as Booleans: a failure must not print 40,000 characters.
        let fractionsShown =
            fractionText.hasPrefix("1/(1/(1/") && fractionText.contains("/(x))))") && fractionText.hasSuffix(")")
            && fractionText.count > 4 * depth
        #expect(fractionsShown)
        let roots = Self.inline(String(repeating: "\\sqrt", count: depth) + " x")
        let rootsShown = roots.hasPrefix("√(√(") && roots.contains("√(√(x)))") && roots.hasSuffix(")")
        #expect(rootsShown)
        let scripts = Self.inline(String(repeating: "x^{", count: depth) + "2" + String(repeating: "}", count: depth))
        let scriptsShown = scripts.hasPrefix("x^(x^(") && scripts.contains("x^(x^(2)))") && scripts.hasSuffix(")")
        #expect(scriptsShown)
        let unclosedShown = Self.inline(String(repeating: "\\frac{", count: depth) + "y").contains("y")
        #expect(unclosedShown)
    }

    /// The fragments the random TeX is made of.
    static let fragments = [
        "\\frac", "\\sqrt", "\\sqrt[", "^", "_", "{", "}", "[", "]", "\\", "\\\\", "&", "x", "2", " ", "\n", "\\alpha",
        "\\mathbb", "\\text", "\\left", "\\right.", "\\begin{pmatrix}", "\\end{pmatrix}", "\\hat", "\\overline",
        "\\binom", "\\pmod", "\\foo", "\\,", "\\{", "+", "\u{1B}", "\u{7F}", "\u{9B}", "\u{0}", "é", "中", "\u{301}",
        "\\prime", "\\circ", "-", "(", ")", "\\begin{", "\\color{", "$",
    ]

    /// Random TeX from the fragments: conversion is total, gives no control
    /// characters, at most four scalars per scalar of input (plus a few),
    /// and takes about linear time.
    @Test(arguments: 0..<8)
    func randomTeXIsTotal(_ seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        for round in 0..<300 {
            let count = round < 250 ? Int.random(in: 0...40, using: &generator) : 2_000
            var tex = ""
            for _ in 0..<count { tex += Self.fragments.randomElement(using: &generator)! }
            for display in [false, true] {
                let lines = TeXText(tex, display: display).lines
                let scalars = lines.reduce(0) { $0 + $1.unicodeScalars.count }
                #expect(scalars <= 4 * tex.unicodeScalars.count + 4, "\(tex.debugDescription)")
                for line in lines {
                    let control = line.unicodeScalars.first { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
                    #expect(control == nil, "\(tex.debugDescription)")
                }
            }
        }
    }

    /// The script tables pair characters one to one.
    @Test func scriptTables() {
        #expect(TeXText.superscripts.count == 70)
        #expect(TeXText.subscripts.count == 39)
        #expect(TeXText.superscripts.values.allSatisfy { $0.properties.generalCategory != .control })
    }
}
