extension LineLexer {
    /// Starts a run of `kind` and lexes its available part (at least one byte).
    mutating func beginRun(_ runClass: LineContext.RunClass, _ kind: HighlightKind?) {
        startRun(runClass, kind)
        if !continueRun(runClass) { position += 1 }
    }

    /// A block comment, line comment or string opening at ``position``.
    mutating func openLiteral(lineStart: Bool) -> Bool {
        for (index, form) in language.blockComments.enumerated() where !form.rule.atLineStartOnly || lineStart {
            if matches(form.open, at: position) {
                consume(to: position + form.open.count, form.rule.kind)
                push(frame(.comment, rule: index))
                return true
            }
        }
        for opener in language.lineComments where matches(opener, at: position) {
            beginRun(.toLineEnd, .comment)
            return true
        }
        for (text, token) in language.fixedTokens where matches(text, at: position) {
            consume(to: position + text.count, token.kind)
            state.line.previous = .statementStart
            if let name = token.opensLanguage, let index = LanguageRegistry.index(of: name) {
                push(LexerFrame(mode: .embedded, language: index, delimiter: Array(token.closer.utf8)))
            }
            return true
        }
        return openString(prefix: position..<position)
    }

    /// Whether a value may start here (for regexp literals).
    var isValuePosition: Bool {
        switch state.line.previous {
        case .statementStart, .operatorLike, .keyword: true
        default: false
        }
    }

    /// Whether the byte before `index` is `<` (JSX `</div>` is no regexp).
    private func followsAngle(_ index: Int) -> Bool {
        index > 0 && bytes[index - 1] == UInt8(ascii: "<")
    }

    /// A string opening right after the word `prefix` (empty: no prefix).
    mutating func openString(prefix: Range<Int>) -> Bool {
        let prefixKey = prefix.isEmpty ? nil : WordKey(bytes, prefix, folding: true)
        for (index, form) in language.strings.enumerated() {
            if let prefixKey {
                guard form.prefixes.contains(prefixKey) else { continue }
            } else if form.rule.needsPrefix {
                continue
            }
            if form.rule.needsValuePosition, !isValuePosition || followsAngle(prefix.lowerBound) { continue }
            guard let (length, delimiter) = matchOpener(form, at: prefix.upperBound) else { continue }
            consume(to: prefix.upperBound + length, form.rule.kind)
            push(frame(.string, rule: index, delimiter: delimiter))
            return true
        }
        return false
    }

    /// The opener's length and computed closer, if `form` opens at `index`.
    private mutating func matchOpener(_ form: CompiledLanguage.StringForm, at index: Int) -> (Int, [UInt8])? {
        guard let dynamic = form.rule.dynamicClose else {
            return matches(form.open, at: index) ? (form.open.count, []) : nil
        }
        switch dynamic {
        case .rustRaw:
            let hashes = count(UInt8(ascii: "#"), from: index)
            guard peek(index + hashes) == UInt8(ascii: "\"") else { return nil }
            return (hashes + 1, [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "#"), count: hashes))
        case .luaLong:
            guard peek(index) == UInt8(ascii: "[") else { return nil }
            let equals = count(UInt8(ascii: "="), from: index + 1)
            guard peek(index + 1 + equals) == UInt8(ascii: "[") else { return nil }
            let middle = Array(repeating: UInt8(ascii: "="), count: equals)
            return (equals + 2, [UInt8(ascii: "]")] + middle + [UInt8(ascii: "]")])
        case .cppRaw:
            guard peek(index) == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end - index <= 16, let byte = peek(end), !ByteSet.rawDelimiterStops.contains(byte) { end += 1 }
            guard peek(end) == UInt8(ascii: "("), end - index <= 17 else { return nil }
            let closer = [UInt8(ascii: ")")] + Array(bytes[(index + 1)..<end]) + [UInt8(ascii: "\"")]
            return (end + 1 - index, closer)
        }
    }

    /// How many `byte`s follow from `index` (at most 32).
    private mutating func count(_ byte: UInt8, from index: Int) -> Int {
        var end = index
        while end - index < 32, peek(end) == byte { end += 1 }
        return end - index
    }

    /// A step inside a string-like literal.
    mutating func stepString(_ top: LexerFrame) {
        let form = language.strings[Int(top.rule)]
        let rule = form.rule
        let close = top.delimiter.isEmpty ? form.close : top.delimiter
        let byte = bytes[position]
        let backslash = UInt8(ascii: "\\")
        if rule.interpolation == .backslashParen, byte == backslash, peek(position + 1) == UInt8(ascii: "(") {
            return openSubstitution(length: 2, closer: UInt8(ascii: ")"))
        }
        if rule.escapes, byte == backslash { return consumeEscape(rule.kind) }
        if rule.doubledCloserEscapes, matches(close + close, at: position) {
            return consume(to: position + 2 * close.count, rule.kind)
        }
        if !close.isEmpty, matches(close, at: position) { return closeString(close.count, rule.kind) }
        if rule.interpolation != .none, stepInterpolation(rule) { return }
        let end = runEnd(from: position, stops: form.stops)
        consumeRun(to: end, rule.kind, stops: form.stops)
    }

    /// `\` and the character after it.
    private mutating func consumeEscape(_ kind: HighlightKind) {
        var end = position + 1
        if peek(end) != nil {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        consume(to: end, kind)
    }

    /// The closer (and a regexp's flags).
    private mutating func closeString(_ length: Int, _ kind: HighlightKind) {
        var end = position + length
        if kind == .regexp {
            while end - position < 64, let byte = peek(end), ByteSet.asciiLetters.contains(byte) { end += 1 }
        }
        consume(to: end, kind)
        pop()
        state.line.previous = .value
    }

    /// Opens a substitution: the opener (`length` bytes) is `subst`, the
    /// code after it runs to `closer`.
    mutating func openSubstitution(length: Int, closer: UInt8) {
        consume(to: position + length, .subst)
        push(frame(.substitution, delimiter: [closer]))
        state.line.previous = .operatorLike
    }

    /// Substitutions and variables inside a literal.
    private mutating func stepInterpolation(_ rule: StringRule) -> Bool {
        let byte = bytes[position]
        let next = peek(position + 1)
        let dollar = UInt8(ascii: "$")
        let brace = UInt8(ascii: "{")
        switch rule.interpolation {
        case .dollarBrace where byte == dollar && next == brace,
            .hashBrace where byte == UInt8(ascii: "#") && next == brace:
            openSubstitution(length: 2, closer: UInt8(ascii: "}"))
        case .brace where byte == brace || byte == UInt8(ascii: "}"):
            if next == byte {
                consume(to: position + 2, rule.kind)
            } else if byte == brace {
                openSubstitution(length: 1, closer: UInt8(ascii: "}"))
            } else {
                consume(to: position + 1, rule.kind)
            }
        case .shell where byte == dollar && next == UInt8(ascii: "("):
            openSubstitution(length: 2, closer: UInt8(ascii: ")"))
        case .php where byte == brace && next == dollar:
            openSubstitution(length: 1, closer: UInt8(ascii: "}"))
        case .shell where byte == dollar, .php where byte == dollar:
            return stepDollar()
        default:
            return false
        }
        return true
    }

    /// A step inside a block comment.
    mutating func stepComment(_ top: LexerFrame) {
        let form = language.blockComments[Int(top.rule)]
        let kind = form.rule.kind
        if matches(form.close, at: position) {
            consume(to: position + form.close.count, kind)
            return pop()
        }
        if form.rule.nests, matches(form.open, at: position) {
            consume(to: position + form.open.count, kind)
            return push(frame(.comment, rule: Int(top.rule)))
        }
        let end = runEnd(from: position, stops: form.stops)
        consumeRun(to: end, kind, stops: form.stops)
    }

    /// A step inside a heredoc: a line holding only the delimiter ends it;
    /// any other line is `string`.
    mutating func stepHeredoc(_ top: LexerFrame) {
        if state.line.atLineStart {
            state.line.atLineStart = false
            var start = position
            while let byte = peek(start), ByteSet.blank.contains(byte) { start += 1 }
            let end = start + top.delimiter.count
            if matches(top.delimiter, at: start), !(peek(end).map(language.wordContinue.contains) ?? false) {
                consume(to: end, .string)
                state.line.previous = .value
                return pop()
            }
        }
        beginRun(.toLineEnd, .string)
    }
}

extension ByteSet {
    /// `A-Z a-z`.
    static var asciiLetters: ByteSet {
        ByteSet(words: (0x0000_0000_0000_0000, 0x07FF_FFFE_07FF_FFFE, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
    /// Bytes that cannot be in a C++ raw string delimiter.
    static let rawDelimiterStops = ByteSet("( )\\\t\"")
}
