extension LineLexer {
    /// A step of CSS: selectors outside blocks, property names and values
    /// inside them, at-rules, comments, strings, numbers.
    mutating func stepStylesheet() {
        let byte = bytes[position]
        if ByteSet.blankOrReturn.contains(byte) { return skipBlanks() }
        state.line.atLineStart = false
        if language.literalStarts.contains(byte), openLiteral(lineStart: false) { return }
        let inBlock = state.frames.last?.mode == .block
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            push(frame(.block))
            state.line.previous = .statementStart
        case UInt8(ascii: "}"):
            position += 1
            if inBlock { pop() }
            state.line.previous = .statementStart
        case UInt8(ascii: ";"):
            position += 1
            state.line.previous = .statementStart
        case UInt8(ascii: "@"): stepPrefixed(.keyword)
        case UInt8(ascii: "!"): stepPrefixed(.keyword)
        case UInt8(ascii: "#"): stepPrefixed(inValue ? .number : .selectorID)
        case UInt8(ascii: "."):
            if let next = peek(position + 1), ByteSet.digits.contains(next) {
                return stepStylesheetWord(UInt8(ascii: "0"), inBlock: inBlock)
            }
            stepPrefixed(.selectorClass)
        case UInt8(ascii: ":"): stepColon(inBlock: inBlock)
        case UInt8(ascii: "[") where !inValue: stepAttributeSelector()
        default: stepStylesheetWord(byte, inBlock: inBlock)
        }
    }

    /// Whether the scanner is in a declaration's value.
    private var inValue: Bool { state.line.previous == .colon }

    /// `@media`, `!important`, `#id`, `.class`: the byte and the word after it.
    private mutating func stepPrefixed(_ kind: HighlightKind) {
        var end = position + 1
        while end - position < 64, let byte = peek(end), language.wordContinue.contains(byte) { end += 1 }
        consume(to: end, end > position + 1 ? kind : nil)
    }

    /// `:` after a property starts its value; elsewhere `:hover`, `::before`.
    private mutating func stepColon(inBlock: Bool) {
        if inBlock, state.line.previous == .value {
            position += 1
            state.line.previous = .colon
            return
        }
        var end = position + 1
        if peek(end) == UInt8(ascii: ":") { end += 1 }
        while end - position < 64, let byte = peek(end), language.wordContinue.contains(byte) { end += 1 }
        consume(to: end, .selectorPseudo)
    }

    /// `[attr=value]` in a selector.
    private mutating func stepAttributeSelector() {
        var end = position + 1
        while end - position < 256, let byte = peek(end), byte != UInt8(ascii: "]") { end += 1 }
        if peek(end) == UInt8(ascii: "]") { end += 1 }
        consume(to: end, .selectorAttr)
    }

    /// Numbers with units, property names, value words, functions, tag
    /// selectors.
    private mutating func stepStylesheetWord(_ byte: UInt8, inBlock: Bool) {
        if ByteSet.digits.contains(byte) {
            let previous = state.line.previous
            stepNumber()
            state.line.previous = previous
            return
        }
        guard language.wordStart.contains(byte) else {
            position += 1
            return
        }
        let start = position
        var end = position + 1
        while end - start < 64, let next = peek(end), language.wordContinue.contains(next) { end += 1 }
        let kind: HighlightKind?
        if inValue {
            let key = WordKey(bytes, start..<end, folding: true)
            kind = peek(end) == UInt8(ascii: "(") ? .builtIn : key.flatMap { language.words[$0] }
        } else if inBlock, state.line.previous == .statementStart, isFollowedByColon(end) {
            kind = .attribute
            state.line.previous = .value
        } else {
            kind = .selectorTag
        }
        consume(to: end, kind)
    }

    /// Whether blanks and a `:` follow `end` (a property name before it).
    private mutating func isFollowedByColon(_ end: Int) -> Bool {
        var index = end
        while index - end < 64, let byte = peek(index), ByteSet.blank.contains(byte) { index += 1 }
        return peek(index) == UInt8(ascii: ":")
    }
}
