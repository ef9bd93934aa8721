extension LineLexer {
    /// Variables, decorators, attributes, heredocs, symbols and the
    /// brackets of a substitution.
    mutating func stepSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "$") where language.has(.dollarVariables): stepDollar()
        case UInt8(ascii: "@") where language.has(.decorators) || language.has(.atKeywords): stepAt()
        case UInt8(ascii: "#") where language.has(.hashKeywords) || language.has(.hashAttributes): stepHash()
        case UInt8(ascii: "<") where language.definition.heredoc != nil: openHeredoc()
        case UInt8(ascii: ":") where language.has(.symbols): stepSymbol()
        case UInt8(ascii: ":") where language.has(.formatSpecifications): stepFormatSpecification()
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            stepBracket(byte)
        default: false
        }
    }

    /// `$name`, `${name}`, `$1`, `$?`: a `variable`.
    mutating func stepDollar() -> Bool {
        guard let next = peek(position + 1) else { return false }
        var end = position + 2
        if next == UInt8(ascii: "{") {
            while end - position < 128, let byte = peek(end), byte != UInt8(ascii: "}") { end += 1 }
            guard peek(end) == UInt8(ascii: "}") else { return false }
            end += 1
        } else if language.wordStart.contains(next) {
            while let byte = peek(end), ByteSet.word.contains(byte), end - position < 64 { end += 1 }
        } else if !ByteSet.shellSpecialParameters.contains(next) {
            return false
        }
        consume(to: end, .variable)
        state.line.previous = .value
        return true
    }

    /// `@name.name` (`meta`) or `@name` (`keyword`).
    private mutating func stepAt() -> Bool {
        guard let next = peek(position + 1), language.wordStart.contains(next) else { return false }
        var end = position + 2
        let dotted = language.has(.decorators)
        while end - position < 128, let byte = peek(end) {
            if language.wordContinue.contains(byte) {
                end += 1
            } else if dotted, byte == UInt8(ascii: "."), let after = peek(end + 1), language.wordStart.contains(after) {
                end += 1
            } else {
                break
            }
        }
        consume(to: end, dotted ? .meta : .keyword)
        state.line.previous = .operatorLike
        return true
    }

    /// `#name` (`keyword`) or `#[…]`, `#![…]` (`meta`).
    private mutating func stepHash() -> Bool {
        if language.has(.hashAttributes) { return stepHashAttribute() }
        guard let next = peek(position + 1), language.wordStart.contains(next) else { return false }
        var end = position + 2
        while end - position < 64, let byte = peek(end), language.wordContinue.contains(byte) { end += 1 }
        consume(to: end, .keyword)
        state.line.previous = .keyword
        return true
    }

    /// `#[…]` or `#![…]`, to the matching `]` on the line.
    private mutating func stepHashAttribute() -> Bool {
        var end = position + 1
        if peek(end) == UInt8(ascii: "!") { end += 1 }
        guard peek(end) == UInt8(ascii: "[") else { return false }
        var depth = 0
        while end - position < 512, let byte = peek(end) {
            end += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { break }
            }
        }
        consume(to: end, .meta)
        state.line.previous = .statementStart
        return true
    }

    /// `<<WORD` and its forms: the heredoc opens at the end of the line.
    private mutating func openHeredoc() -> Bool {
        guard let style = language.definition.heredoc, peek(position + 1) == UInt8(ascii: "<") else { return false }
        var index = position + 2
        switch style {
        case .php:
            guard peek(index) == UInt8(ascii: "<") else { return false }
            index += 1
        case .shell, .ruby:
            if peek(index) == UInt8(ascii: "<") { return false }
            if peek(index) == UInt8(ascii: "-") || (style == .ruby && peek(index) == UInt8(ascii: "~")) { index += 1 }
        }
        if style == .shell { while let byte = peek(index), ByteSet.blank.contains(byte) { index += 1 } }
        let quote = peek(index).flatMap { ByteSet.quotes.contains($0) ? $0 : nil }
        if quote != nil { index += 1 }
        let wordStart = index
        while index - wordStart < 32, let byte = peek(index), language.wordContinue.contains(byte) { index += 1 }
        guard index > wordStart, let first = peek(wordStart), language.wordStart.contains(first) else { return false }
        if style == .ruby, quote == nil, !(first >= 0x41 && first <= 0x5A) { return false }
        let word = Array(bytes[wordStart..<index])
        if let quote {
            guard peek(index) == quote else { return false }
            index += 1
        }
        consume(to: index, .string)
        if state.pendingHeredoc == nil { state.pendingHeredoc = frame(.heredoc, delimiter: word) }
        state.line.previous = .value
        return true
    }

    /// `:name` (Ruby symbols).
    private mutating func stepSymbol() -> Bool {
        guard position == 0 || bytes[position - 1] != UInt8(ascii: ":"),
            let next = peek(position + 1), language.wordStart.contains(next)
        else { return false }
        var end = position + 2
        while end - position < 64, let byte = peek(end), language.wordContinue.contains(byte) { end += 1 }
        consume(to: end, .symbol)
        state.line.previous = .value
        return true
    }

    /// `:spec` before the `}` of a `{…}` substitution in a string.
    private mutating func stepFormatSpecification() -> Bool {
        let frames = state.frames
        guard frames.count >= 2, frames[frames.count - 1].mode == .substitution,
            frames[frames.count - 1].delimiter == [UInt8(ascii: "}")], frames[frames.count - 2].mode == .string,
            language.strings[Int(frames[frames.count - 2].rule)].rule.interpolation == .brace
        else { return false }
        beginRun(.formatSpecification, .string)
        return true
    }

    /// Brackets inside a substitution: the closer at depth zero ends it.
    private mutating func stepBracket(_ byte: UInt8) -> Bool {
        guard let top = state.frames.last, top.mode == .substitution || top.mode == .bracket,
            let closer = top.delimiter.first
        else { return false }
        if byte == closer {
            consume(to: position + 1, top.mode == .substitution ? .subst : nil)
            pop()
            state.line.previous = .value
            return true
        }
        guard byte == ByteSet.opener(of: closer) else { return false }
        position += 1
        push(frame(.bracket, delimiter: [closer]))
        state.line.previous = .operatorLike
        return true
    }
}

extension ByteSet {
    /// Shell parameters written `$` and one of these bytes.
    static let shellSpecialParameters = ByteSet("0123456789@*#?$!-")
    /// `'` and `"`.
    static let quotes = ByteSet("'\"")

    /// The opening bracket of a closing one.
    static func opener(of closer: UInt8) -> UInt8 {
        switch closer {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        default: UInt8(ascii: "{")
        }
    }
}
