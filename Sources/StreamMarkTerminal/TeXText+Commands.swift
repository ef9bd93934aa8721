extension TeXText {
    /// How letters inside a font command are drawn.
    enum Font: Sendable {
        /// As written (`\mathrm`, `\mathbf`, `\text`, …).
        case normal
        /// `\mathbb`: double-struck letters and digits (ℝ, ℕ, ℤ, ℚ, ℂ, 𝔼, 𝟙).
        case blackboard
        /// `\mathcal`, `\mathscr`: script capitals (𝒜, ℬ, ℒ, …).
        case calligraphic

        /// `scalar` in this font (unchanged when the font has no form).
        ///
        /// - Complexity: O(1).
        func letter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            let v = scalar.value
            switch self {
            case .normal:
                return scalar
            case .blackboard:
                if let special = TeXText.blackboardLetters[scalar] { return special }
                if (0x41...0x5A).contains(v) { return Unicode.Scalar(0x1D538 + v - 0x41) ?? scalar }
                if (0x61...0x7A).contains(v) { return Unicode.Scalar(0x1D552 + v - 0x61) ?? scalar }
                if (0x30...0x39).contains(v) { return Unicode.Scalar(0x1D7D8 + v - 0x30) ?? scalar }
                return scalar
            case .calligraphic:
                if let special = TeXText.calligraphicLetters[scalar] { return special }
                if (0x41...0x5A).contains(v) { return Unicode.Scalar(0x1D49C + v - 0x41) ?? scalar }
                return scalar
            }
        }
    }

    /// Double-struck capitals that live in the Letterlike Symbols block.
    static let blackboardLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ",
    ]

    /// Script capitals that live in the Letterlike Symbols block.
    static let calligraphicLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ",
    ]

    /// The characters Unicode has superscript forms of.
    static let superscripts = scriptTable(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδθφϕχι⊤",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᶿᵠᵠᵡᶥᵀ")

    /// The characters Unicode has subscript forms of.
    static let subscripts = scriptTable(
        "0123456789+-−=()aehijklmnoprstuvxβγρφϕχ", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵩᵪ")

    /// A table from the scalars of `plain` to those of `script`, pairwise.
    ///
    /// - Complexity: O(length of the strings).
    private static func scriptTable(_ plain: String, _ script: String) -> [Unicode.Scalar: Unicode.Scalar] {
        Dictionary(zip(plain.unicodeScalars, script.unicodeScalars)) { first, _ in first }
    }

    /// Greek letters: all lower case (and TeX's variants), the capitals
    /// that differ from Latin ones.
    static let greek: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ",
        "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
        "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
        "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
        "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    ]

    /// Symbols besides Greek letters that are set like letters: a letter
    /// or digit after them joins them (`\partial x` → `∂x`).
    static let letterLike: Set<String> = ["partial", "nabla", "ell", "hbar", "aleph", "wp", "Re", "Im"]

    /// What `\not` makes of the relation after it (any other gets a
    /// combining long solidus).
    static let negations: [String: String] = [
        "=": "≠", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "∈": "∉", "≡": "≢", "∼": "≁", "≈": "≉", "≃": "≄",
        "≅": "≇", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "∣": "∤", "∥": "∦", "∃": "∄",
    ]

    /// Relations.
    static let relations: [String: String] = [
        "le": "≤", "leq": "≤", "leqslant": "⩽", "ge": "≥", "geq": "≥", "geqslant": "⩾", "ne": "≠", "neq": "≠",
        "lt": "<", "gt": ">", "ll": "≪", "gg": "≫", "approx": "≈", "approxeq": "≊", "equiv": "≡", "sim": "∼",
        "simeq": "≃", "cong": "≅", "propto": "∝", "asymp": "≍", "doteq": "≐", "prec": "≺", "succ": "≻",
        "preceq": "⪯", "succeq": "⪰", "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆",
        "subsetneq": "⊊", "supset": "⊃", "supseteq": "⊇", "mid": "∣", "nmid": "∤", "parallel": "∥", "perp": "⊥",
        "vdash": "⊢", "models": "⊨", "nleq": "≰", "ngeq": "≱", "nsubseteq": "⊈", "nsupseteq": "⊉",
    ]

    /// Arrows.
    static let arrows: [String: String] = [
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
        "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⟺", "implies": "⟹", "impliedby": "⟸", "mapsto": "↦",
        "longmapsto": "⟼", "longrightarrow": "⟶", "longleftarrow": "⟵", "Longrightarrow": "⟹",
        "Longleftarrow": "⟸", "Longleftrightarrow": "⟺", "uparrow": "↑", "downarrow": "↓", "hookrightarrow": "↪",
    ]

    /// Operators, big operators and other symbols.
    static let operators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮",
        "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁", "bigotimes": "⨂", "bigwedge": "⋀", "bigvee": "⋁",
        "partial": "∂", "nabla": "∇", "infty": "∞", "cdot": "·", "times": "×", "div": "÷", "pm": "±", "mp": "∓",
        "circ": "∘", "ast": "∗", "star": "⋆", "bullet": "•", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗",
        "odot": "⊙", "cup": "∪", "cap": "∩", "setminus": "∖", "wedge": "∧", "land": "∧", "vee": "∨", "lor": "∨",
        "neg": "¬", "lnot": "¬", "forall": "∀", "exists": "∃", "nexists": "∄", "emptyset": "∅", "varnothing": "∅",
        "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "prime": "′", "degree": "°",
        "angle": "∠", "triangle": "△", "square": "□", "Box": "□", "diamond": "⋄", "dagger": "†", "ddagger": "‡",
        "therefore": "∴", "because": "∵", "top": "⊤", "bot": "⊥", "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ", "Im": "ℑ",
        "aleph": "ℵ", "wp": "℘", "checkmark": "✓", "colon": ":", "backslash": "\\", "textbackslash": "\\",
    ]

    /// Delimiters.
    static let delimiters: [String: String] = [
        "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "vert": "|",
        "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖", "lbrace": "{", "rbrace": "}",
        "lbrack": "[", "rbrack": "]",
    ]

    /// Function names, written upright in TeX: their name.
    static let functions: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "arcsin", "arccos", "arctan",
            "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "arg",
            "deg", "dim", "ker", "hom", "Pr", "mod", "bmod",
        ].map { ($0, $0 == "bmod" ? "mod" : $0) })

    /// Spacing commands: spaces (`\quad` two, `\qquad` four).
    static let spacing: [String: String] = [
        "quad": "  ", "qquad": "    ", "enspace": " ", "thinspace": " ", "medspace": " ", "thickspace": " ",
        "space": " ", "nobreakspace": " ", "negthinspace": "", "negmedspace": "", "negthickspace": "",
    ]

    /// Every command replaced by fixed text.
    static let symbols: [String: String] = [greek, relations, arrows, operators, delimiters, functions, spacing]
        .reduce(into: [:]) { table, part in table.merge(part) { first, _ in first } }

    /// Control symbols (a backslash and one character) and their text;
    /// `\\` breaks lines and is not here.
    static let controlSymbols: [Unicode.Scalar: String] = [
        ",": " ", ":": " ", ";": " ", ">": " ", " ": " ", "\t": " ", "\n": " ", "\r": " ", "!": "", "{": "{",
        "}": "}", "%": "%", "$": "$", "&": "&", "#": "#", "_": "_", "|": "‖",
    ]

    /// Font commands: their argument is kept, its letters in the font.
    static let fonts: [String: Font] = [
        "mathrm": .normal, "mathbf": .normal, "mathit": .normal, "mathsf": .normal, "mathtt": .normal,
        "mathnormal": .normal, "mathfrak": .normal, "boldsymbol": .normal, "bm": .normal, "text": .normal,
        "textrm": .normal, "textbf": .normal, "textit": .normal, "textsf": .normal, "texttt": .normal,
        "textnormal": .normal, "mbox": .normal, "hbox": .normal, "operatorname": .normal, "boxed": .normal,
        "cancel": .normal, "mathop": .normal, "mathbb": .blackboard, "Bbb": .blackboard,
        "mathcal": .calligraphic, "mathscr": .calligraphic, "underbrace": .normal, "overbrace": .normal,
        "substack": .normal,
    ]

    /// Accents: the combining mark, and whether it spans a text of several
    /// characters (a line over or under each).
    static let accents: [String: (mark: Unicode.Scalar, spans: Bool)] = [
        "hat": ("\u{302}", false), "widehat": ("\u{302}", false), "tilde": ("\u{303}", false),
        "widetilde": ("\u{303}", false), "bar": ("\u{304}", false), "overline": ("\u{305}", true),
        "underline": ("\u{332}", true), "vec": ("\u{20D7}", false), "overrightarrow": ("\u{20D7}", false),
        "dot": ("\u{307}", false), "ddot": ("\u{308}", false), "acute": ("\u{301}", false),
        "grave": ("\u{300}", false), "check": ("\u{30C}", false), "breve": ("\u{306}", false),
        "not": ("\u{338}", false),
    ]

    /// Commands that are dropped: sizes of delimiters (with the `.` of an
    /// invisible one) and style switches.
    static let dropped: Set<String> = [
        "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr",
        "Biggl", "Biggr", "bigm", "Bigm", "displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle", "limits",
        "nolimits", "nonumber", "notag", "allowbreak",
    ]

    /// Environments drawn with delimiters around them (`pmatrix` in
    /// parentheses); any other environment draws nothing of its own.
    static let environmentDelimiters: [String: (opening: String, closing: String)] = [
        "pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "Bmatrix": ("{", "}"), "vmatrix": ("|", "|"),
        "Vmatrix": ("‖", "‖"), "cases": ("{ ", ""),
    ]
}

extension TeXText.Converter {
    /// Reads the command after a backslash: a control word (letters) or a
    /// control symbol (one other character); a trailing backslash is kept.
    ///
    /// - Complexity: O(length of the command) plus its raw arguments.
    mutating func command() {
        guard let first = next else { return emit("\\", item: true) }
        guard Self.isLetter(first) else {
            position += 1
            return controlSymbol(first)
        }
        let start = position
        while let scalar = next, Self.isLetter(scalar) { position += 1 }
        controlWord(String(String.UnicodeScalarView(scalars[start..<position])))
    }

    /// Whether `scalar` is an ASCII letter (what control words are made of).
    ///
    /// - Complexity: O(1).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// A backslash and one non-letter.
    ///
    /// - Complexity: O(1) plus the frames it closes.
    private mutating func controlSymbol(_ scalar: Unicode.Scalar) {
        if scalar == "\\" { return newLine() }
        if let text = TeXText.controlSymbols[scalar] { return emit(text, item: !text.isEmpty) }
        write("\\")
        emit(character: scalar)
    }

    /// A backslash and letters.
    ///
    /// - Complexity: O(length of the name) plus the frames it closes.
    private mutating func controlWord(_ name: String) {
        if let text = TeXText.symbols[name] {
            if TeXText.greek[name] != nil || TeXText.letterLike.contains(name) { joinFollowingLetter() }
            return emit(text, item: true)
        }
        if let font = TeXText.fonts[name] {
            if name == "operatorname" && next == "*" { position += 1 }
            return openArgument(.group(closing: ""), font: font)
        }
        if let accent = TeXText.accents[name] { return openArgument(.accent(mark: accent.mark, spans: accent.spans)) }
        if TeXText.dropped.contains(name) { return dropDelimiterDot() }
        structure(name)
    }

    /// Commands with arguments laid out or skipped; any other command
    /// stays as written.
    ///
    /// - Complexity: O(length of the name and of raw arguments skipped).
    private mutating func structure(_ name: String) {
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac": openArgument(.numerator(binomial: false))
        case "binom", "dbinom", "tbinom": openArgument(.numerator(binomial: true))
        case "sqrt":
            skipSpaces()
            if next == "[" {
                position += 1
                open(.rootIndex, closer: .bracket)
            } else {
                openArgument(.radicand(index: nil))
            }
        case "pmod":
            write("(mod ")
            openArgument(.group(closing: ")"))
        case "tag":
            write("(")
            openArgument(.group(closing: ")"))
        case "begin", "end": environment(begins: name == "begin")
        case "label", "color", "textcolor", "vspace": _ = rawArgument(starred: true)
        case "hspace":
            _ = rawArgument(starred: true)
            emit(" ", item: true)
        case "newline", "cr": newLine()
        default: emit("\\" + name, item: true)
        }
    }

    /// After a Greek letter: drops the spaces before a letter or digit,
    /// as TeX does (`2\mu X` → `2μX`, `\pi r^2` → `πr²`); a space before
    /// anything else stays (`\alpha \in A` → `α ∈ A`).
    ///
    /// - Complexity: O(spaces skipped).
    private mutating func joinFollowingLetter() {
        var end = position
        while end < scalars.count && (scalars[end] == " " || scalars[end] == "\t") { end += 1 }
        guard end < scalars.count, Self.isLetter(scalars[end]) || ("0"..."9").contains(scalars[end]) else { return }
        position = end
    }

    /// After `\left` and the like: skips the `.` of an invisible delimiter.
    ///
    /// - Complexity: O(spaces skipped).
    private mutating func dropDelimiterDot() {
        let saved = position
        skipSpaces()
        if next == "." { position += 1 } else { position = saved }
    }

    /// `\begin{name}` or `\end{name}`: the environment's delimiters, if it
    /// has any (an array's column spec is skipped).
    ///
    /// - Complexity: O(length of the raw arguments).
    private mutating func environment(begins: Bool) {
        let name = rawArgument(starred: false).filter { $0 != "*" && $0 != " " }
        if begins && ["array", "subarray", "alignat", "alignedat", "tabular"].contains(name) {
            _ = rawArgument(starred: false)
        }
        guard let delimiters = TeXText.environmentDelimiters[name] else { return }
        write(begins ? delimiters.opening : delimiters.closing)
    }

    /// Skips (and returns) a braced argument read as raw text, after an
    /// optional `*` and spaces; nothing when no `{` follows.
    ///
    /// - Complexity: O(length of the argument).
    private mutating func rawArgument(starred: Bool) -> String {
        if starred && next == "*" { position += 1 }
        skipSpaces()
        guard next == "{" else { return "" }
        position += 1
        let start = position
        var depth = 1
        while let scalar = next {
            position += 1
            if scalar == "{" { depth += 1 }
            if scalar == "}" { depth -= 1 }
            if depth == 0 { return String(String.UnicodeScalarView(scalars[start..<position - 1])) }
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }
}
