/// TeX as text a terminal can show: common commands become Unicode
/// (`\alpha` → α, `\le` → ≤, `x^2` → x², `\frac{a+b}{2}` → (a+b)/2,
/// `\sqrt{x}` → √x), grouping braces disappear, unknown commands stay as
/// written. The table of replacements is ``symbols`` (and the structural
/// commands of ``Converter``); docs/cli.md, "Math in the terminal", lists it.
///
/// Any string converts: malformed TeX (unbalanced braces, a trailing
/// backslash, a missing argument) gives text, never a failure. Conversion
/// takes time linear in the input — each character is copied into at most
/// ``maximumBufferedDepth`` nested buffers — and its own memory, with no
/// recursion: nesting lives on an explicit stack. The lines hold no control
/// characters (C0, DEL, C1 become U+FFFD; tabs and line ends, spaces), and
/// have at most about four Unicode scalars per scalar of input.
///
/// ```swift
/// TeXText("\\alpha_i \\le \\frac{a+b}{2}", display: false).lines  // ["αᵢ ≤ (a+b)/2"]
/// ```
struct TeXText: Hashable, Sendable {
    /// How many fractions, roots, scripts and accents nested in each other
    /// are laid out from their whole argument; deeper ones are written as
    /// they are read (`(a)/(b)`, `√(x)`, `^(x)`), so nesting cannot make the
    /// conversion quadratic.
    static let maximumBufferedDepth = 32

    /// The text, one element per line: one line for inline math; display
    /// math breaks at `\\` and at line ends outside braces. Lines are
    /// trimmed of spaces; display math drops blank lines (and may have none).
    let lines: [String]

    /// Converts `tex`; `display` makes `\\` and line ends outside braces
    /// break lines (inline, they are spaces).
    ///
    /// - Complexity: O(n) in the length of `tex` (times the constant
    ///   ``maximumBufferedDepth`` at worst).
    init(_ tex: String, display: Bool) {
        var converter = Converter(tex, display: display)
        converter.run()
        let trimmed = converter.finish().map(Self.trimmingSpaces)
        lines = display ? trimmed.filter { !$0.isEmpty } : [trimmed.joined(separator: " ")]
    }

    /// The lines on one line, separated by two spaces.
    ///
    /// - Complexity: O(length of the text).
    var singleLine: String { lines.joined(separator: "  ") }

    /// `text` without spaces at either end.
    ///
    /// - Complexity: O(length of `text`).
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " }) ?? first
        return String(scalars[first...last])
    }

    // MARK: - Layout of structures

    /// A fraction's sides joined by `/`, a side in parentheses when it
    /// holds an operator, a space or a slash outside parentheses:
    /// `\frac{a+b}{2}` → `(a+b)/2`, `\frac{n(n+1)}{2}` → `n(n+1)/2`.
    ///
    /// - Complexity: O(length of the sides).
    static func fraction(_ numerator: String, _ denominator: String) -> String {
        side(numerator) + "/" + side(denominator)
    }

    /// One side of a fraction, parenthesised when it needs it.
    private static func side(_ text: String) -> String {
        let text = trimmingSpaces(text)
        return holdsOperator(text) ? "(" + text + ")" : text
    }

    /// Whether `text` holds, outside parentheses and brackets, an operator,
    /// a relation, a space, a comma or a slash (a sign at the start does
    /// not count: `-1` is one term).
    ///
    /// - Complexity: O(length of `text`).
    static func holdsOperator(_ text: String) -> Bool {
        var depth = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "(", "[", "{", "⟨": depth += 1
            case ")", "]", "}", "⟩": depth = max(0, depth - 1)
            default:
                let leadingSign = offset == 0 && "+-−±∓".unicodeScalars.contains(scalar)
                if depth == 0 && !leadingSign && separators.contains(scalar) { return true }
            }
        }
        return false
    }

    /// What makes a fraction's side a compound term.
    private static let separators: Set<Unicode.Scalar> = [
        "+", "-", "−", "±", "∓", "=", "≠", "<", ">", "≤", "≥", "≈", "≡", "·", "×", "÷", "/", " ", ",", "→",
    ]

    /// A square or `index`-th root: `√x`, `√(x+1)`, `∛x`, `ⁿ√x`.
    ///
    /// - Complexity: O(length of the arguments).
    static func root(index: String?, radicand: String) -> String {
        let radicand = trimmingSpaces(radicand)
        let body = isOneSymbol(radicand) ? radicand : "(" + radicand + ")"
        switch index.map(trimmingSpaces) {
        case nil, "", "2": return "√" + body
        case "3": return "∛" + body
        case "4": return "∜" + body
        case let index?: return script(index, superscript: true) + "√" + body
        }
    }

    /// Whether `text` reads as one symbol after a root sign: empty, one
    /// character, a number, or a whole parenthesised group.
    ///
    /// - Complexity: O(length of `text`).
    static func isOneSymbol(_ text: String) -> Bool {
        if text.count <= 1 { return true }
        if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }) { return true }
        guard text.hasPrefix("(") && text.hasSuffix(")") else { return false }
        var depth = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth -= 1 }
            if depth == 0 { return offset == text.unicodeScalars.count - 1 }
        }
        return false
    }

    /// A superscript or subscript: in Unicode script characters when every
    /// character (spaces aside) has one (`n+1` → `ⁿ⁺¹`), else `^x` / `_x`
    /// for one character and `^(…)` / `_(…)` for more. A superscript of
    /// primes, stars or daggers stays as it is (`f^{\prime}` → `f′`), and
    /// `^\circ` is a degree sign.
    ///
    /// - Complexity: O(length of `text`).
    static func script(_ text: String, superscript: Bool) -> String {
        let compact = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " }))
        guard !compact.isEmpty else { return "" }
        if superscript {
            if compact == "∘" { return "°" }
            if compact.unicodeScalars.allSatisfy({ "′″‴'*∗†‡°".unicodeScalars.contains($0) }) { return compact }
        }
        let table = superscript ? superscripts : subscripts
        var converted = String.UnicodeScalarView()
        for scalar in compact.unicodeScalars {
            guard let mapped = table[scalar] else {
                let mark = superscript ? "^" : "_"
                return compact.count == 1 ? mark + compact : mark + "(" + trimmingSpaces(text) + ")"
            }
            converted.append(mapped)
        }
        return String(converted)
    }

    /// A binomial coefficient: `C(n, k)`.
    ///
    /// - Complexity: O(length of the arguments).
    static func binomial(_ n: String, _ k: String) -> String {
        "C(" + trimmingSpaces(n) + ", " + trimmingSpaces(k) + ")"
    }

    /// An accent as a combining mark: on a single character without marks
    /// (`\hat{x}` → x̂), or — for the lines (`\overline`, `\underline`,
    /// `\bar`) — on each character of a text without marks; otherwise the
    /// text unchanged (so marks never pile up). `\not` before a relation
    /// with a negated form gives that form (`\not\in` → ∉).
    ///
    /// - Complexity: O(length of `text`).
    static func accented(_ text: String, mark: Unicode.Scalar, spans: Bool) -> String {
        let text = trimmingSpaces(text)
        if mark == "\u{338}", let negated = negations[text] { return negated }
        guard text.unicodeScalars.count == text.count, !text.isEmpty else { return text }
        guard text.count == 1 || spans else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar)
            if scalar != " " { out.append(mark) }
        }
        return String(out)
    }
}
