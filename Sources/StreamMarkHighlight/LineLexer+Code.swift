extension LineLexer {
    /// A step of a programming language outside literals.
    mutating func stepCode() {
        let byte = bytes[position]
        if ByteSet.blankOrReturn.contains(byte) { return skipBlanks() }
        let lineStart = state.line.atLineStart
        state.line.atLineStart = false
        if lineStart, stepLineStart(byte) { return }
        if byte == UInt8(ascii: "\""), language.has(.stringKeys), let end = keyStringEnd() {
            consume(to: end, .attr)
            state.line.previous = .value
            return
        }
        if byte == UInt8(ascii: "\""), state.line.previous == .classKeyword, language.has(.quotedTitles),
            let end = quotedTitleEnd()
        {
            return consume(to: end, .titleClass)
        }
        if language.literalStarts.contains(byte), openLiteral(lineStart: lineStart) { return }
        if ByteSet.digits.contains(byte) { return stepNumber() }
        if byte == UInt8(ascii: "."), state.line.previous != .value, let next = peek(position + 1),
            ByteSet.digits.contains(next)
        {
            return stepNumber()
        }
        if language.wordStart.contains(byte) { return stepWord() }
        if stepSpecial(byte) { return }
        stepPunctuation(byte)
    }

    /// Line-start forms: whole-line rules, `#!`, preprocessor lines, prompts,
    /// section headers.
    private mutating func stepLineStart(_ byte: UInt8) -> Bool {
        for rule in language.lineRules where matches(rule.prefix, at: position) {
            beginRun(.toLineEnd, rule.kind)
            return true
        }
        let hash = UInt8(ascii: "#")
        if byte == hash, state.isFirstLine, language.has(.shebang), peek(position + 1) == UInt8(ascii: "!") {
            beginRun(.toLineEnd, .meta)
            return true
        }
        if byte == hash, language.has(.preprocessor) {
            beginRun(.toLineEnd, .meta)
            return true
        }
        if byte == UInt8(ascii: "$"), language.has(.shellPrompt), peek(position + 1) == UInt8(ascii: " ") {
            consume(to: position + 1, .meta)
            return true
        }
        if byte == UInt8(ascii: "["), language.has(.sectionHeaders) { return stepSection() }
        return false
    }

    /// The end of a `"…"` key (a string after `{`, `,` or nothing on the
    /// line, followed by `:`), or nil.
    private mutating func keyStringEnd() -> Int? {
        var before = position - 1
        while before >= 0, ByteSet.blankOrReturn.contains(bytes[before]) { before -= 1 }
        guard before < 0 || bytes[before] == UInt8(ascii: "{") || bytes[before] == UInt8(ascii: ",") else {
            return nil
        }
        var end = position + 1
        while end - position < 256, let byte = peek(end), byte != UInt8(ascii: "\"") {
            end += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard peek(end) == UInt8(ascii: "\"") else { return nil }
        end += 1
        var colon = end
        while colon - end < 64, let byte = peek(colon), ByteSet.blank.contains(byte) { colon += 1 }
        return peek(colon) == UInt8(ascii: ":") ? end : nil
    }

    /// The end of a `"label"` without escapes or substitutions, or nil.
    private mutating func quotedTitleEnd() -> Int? {
        var end = position + 1
        while end - position < 256, let byte = peek(end), !ByteSet.labelStops.contains(byte) { end += 1 }
        return peek(end) == UInt8(ascii: "\"") ? end + 1 : nil
    }

    /// `[section]` at the start of a line.
    private mutating func stepSection() -> Bool {
        var end = position + 1
        while end - position < 256, let byte = peek(end), byte != UInt8(ascii: "]") { end += 1 }
        guard peek(end) == UInt8(ascii: "]") else { return false }
        consume(to: end + 1, .section)
        return true
    }

    /// A word: keyword, type, built-in, literal, title, or plain; or the
    /// prefix of a string (`f"…"`).
    mutating func stepWord() {
        let start = position
        var end = position + 1
        var isLong = false
        while let byte = peek(end), language.wordContinue.contains(byte) {
            end += 1
            if end - start >= 64 {
                isLong = true
                break
            }
        }
        if !isLong, end - start <= 3, let next = peek(end), language.prefixFollowers.contains(next),
            openString(prefix: start..<end)
        {
            return
        }
        position = end
        let key = WordKey(bytes, start..<end, folding: language.definition.caseInsensitive)
        let kind = isLong ? titleKind() : classify(key, start..<end)
        emit(start..<end, kind)
        if isLong { startRun(.word, kind) }
        if let key, let title = language.titles[key] {
            state.line.previous = title == .titleClass ? .classKeyword : .functionKeyword
        } else {
            state.line.previous = kind == .keyword ? .keyword : .value
        }
    }

    /// The kind of a word that no list names, from the word before it.
    private func titleKind() -> HighlightKind? {
        switch state.line.previous {
        case .functionKeyword: .titleFunction
        case .classKeyword: .titleClass
        default: nil
        }
    }

    /// The kind of the word ending at `end`.
    private mutating func classify(_ key: WordKey?, _ word: Range<Int>) -> HighlightKind? {
        let previous = state.line.previous
        var kind = key.flatMap { language.words[$0] }
        if previous == .dot, kind != .keyword { kind = nil }
        if kind == .keyword, language.has(.keywordsStartStatements), previous != .statementStart { kind = nil }
        if previous == .statementStart, let statementKind = language.definition.statementWordKind {
            kind = kind ?? statementKind
        }
        if let kind { return kind }
        if let title = titleKind() { return title }
        return classifyByContext(word)
    }

    /// Keys (`name =`, `name:`), calls (`name(`) and capitalised type names.
    private mutating func classifyByContext(_ word: Range<Int>) -> HighlightKind? {
        let end = word.upperBound
        if language.has(.keyEquals) || language.has(.keyColon) {
            var next = end
            while next - end < 64, let byte = peek(next), ByteSet.blank.contains(byte) { next += 1 }
            let byte = peek(next)
            if language.has(.keyEquals), byte == UInt8(ascii: "="), peek(next + 1) != UInt8(ascii: "=") {
                return .attr
            }
            if language.has(.keyColon), byte == UInt8(ascii: ":"), startsItsLine(word) {
                let after = peek(next + 1)
                if after == nil || ByteSet.blankOrReturn.contains(after!) { return .attr }
            }
        }
        if language.has(.callTitles), peek(end) == UInt8(ascii: "(") { return .titleFunction }
        if language.has(.capitalizedTypes), isCapitalized(word) { return .titleClass }
        return nil
    }

    /// Whether only blanks and list dashes precede the word on its line
    /// (a YAML key, `- key:` included).
    private func startsItsLine(_ word: Range<Int>) -> Bool {
        var index = word.lowerBound
        while index > 0, word.lowerBound - index < 64 {
            let byte = bytes[index - 1]
            guard ByteSet.blank.contains(byte) || byte == UInt8(ascii: "-") else { return false }
            index -= 1
        }
        return index == 0
    }

    private func isCapitalized(_ word: Range<Int>) -> Bool {
        guard word.count >= 2 else { return false }
        let first = bytes[word.lowerBound]
        let second = bytes[word.lowerBound + 1]
        return first >= 0x41 && first <= 0x5A && second >= 0x61 && second <= 0x7A
    }

    /// A number: decimal, hex, octal, binary, with fraction, exponent,
    /// separators and suffix letters.
    mutating func stepNumber() {
        let start = position
        var end = position
        while let byte = peek(end) {
            if ByteSet.word.contains(byte) {
                let isExponent = (byte | 0x20) == UInt8(ascii: "e") && !isHex(start: start)
                end += 1
                if isExponent, let sign = peek(end), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                    let digit = peek(end + 1), ByteSet.digits.contains(digit)
                {
                    end += 1
                }
            } else if byte == UInt8(ascii: "."), let next = peek(end + 1), ByteSet.digits.contains(next) {
                end += 1
            } else {
                break
            }
            if end - start >= 64 { break }
        }
        consume(to: end, .number)
        state.line.previous = .value
        if end - start >= 64 { startRun(.number, .number) }
    }

    private func isHex(start: Int) -> Bool {
        start + 1 < bytes.count && bytes[start] == UInt8(ascii: "0") && (bytes[start + 1] | 0x20) == UInt8(ascii: "x")
    }

    /// A byte that is not part of a word, number or literal.
    mutating func stepPunctuation(_ byte: UInt8) {
        position += 1
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"): state.line.previous = .value
        case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): state.line.previous = .statementStart
        case UInt8(ascii: "."): state.line.previous = .dot
        default: state.line.previous = .operatorLike
        }
    }
}

extension ByteSet {
    /// Bytes that end a quoted label.
    static let labelStops = ByteSet("\"\\$")
}
