extension LineLexer {
    /// One step from ``position``: at least one byte.
    mutating func step() {
        if state.gaveUp {
            return consumeRun(to: bytes.count, nil, stops: ByteSet())
        }
        if inEmbedded, bytes[position] == UInt8(ascii: "<") { closeEmbeddedIfEnd() }
        if let run = state.line.run, continueRun(run) { return }
        guard let top = state.frames.last else { return stepRoot() }
        switch top.mode {
        case .string: stepString(top)
        case .comment: stepComment(top)
        case .heredoc: stepHeredoc(top)
        case .tag: stepTag(top)
        case .embedded, .substitution, .bracket, .block: stepRoot()
        }
    }

    /// A step in the current language's own text (no literal open).
    mutating func stepRoot() {
        switch language.definition.grammar {
        case .plain: consumeRun(to: bytes.count, nil, stops: ByteSet())
        case .code: stepCode()
        case .markup: stepMarkupText()
        case .stylesheet: stepStylesheet()
        }
    }

    /// Continues a run; false (and the run ends) when the next byte is not
    /// part of it.
    mutating func continueRun(_ run: LineContext.RunClass) -> Bool {
        var end = position
        let angle = UInt8(ascii: "<")
        let kind = state.line.runKind
        while end < bytes.count {
            let byte = bytes[end]
            if end > position, inEmbedded, byte == angle { break }
            if !runAccepts(run, byte) {
                state.line.run = nil
                state.line.runKind = nil
                break
            }
            end += 1
        }
        guard end > position else { return false }
        if state.line.run == nil {
            consume(to: end, kind)
        } else {
            consumeRun(to: end, kind, stops: runStops(run))
        }
        return true
    }

    /// The bytes that end a run of `run`'s class.
    private func runStops(_ run: LineContext.RunClass) -> ByteSet {
        switch run {
        case .toLineEnd: return ByteSet()
        case .word: return language.wordContinue.inverted()
        case .number: return ByteSet.word.inverted()
        case .markupWord: return ByteSet.markupWordStops
        case .formatSpecification: return ByteSet("}")
        }
    }

    private func runAccepts(_ run: LineContext.RunClass, _ byte: UInt8) -> Bool {
        switch run {
        case .toLineEnd: return true
        case .word: return language.wordContinue.contains(byte)
        case .number: return ByteSet.word.contains(byte)
        case .markupWord: return !ByteSet.markupWordStops.contains(byte)
        case .formatSpecification: return byte != UInt8(ascii: "}")
        }
    }

    /// Skips blanks (and carriage returns); the line context is unchanged.
    mutating func skipBlanks() {
        var end = position
        while end < bytes.count, ByteSet.blankOrReturn.contains(bytes[end]) { end += 1 }
        position = max(end, position + 1)
    }

    /// Pops an embedded language at its end tag (`</script`).
    mutating func closeEmbeddedIfEnd() {
        guard let index = state.frames.lastIndex(where: { $0.mode == .embedded }) else { return }
        guard matches(state.frames[index].delimiter, at: position, folding: true) else { return }
        pop(from: index)
        state.line.run = nil
        state.line.runKind = nil
        state.line.previous = .statementStart
    }

    /// The end of a complete line: what does not continue past a line
    /// closes, an announced heredoc opens, and the next line's context is set.
    mutating func finishLine() {
        let continues =
            state.line.run == .toLineEnd && state.line.runKind == .meta && bytes.last == UInt8(ascii: "\\")
        if let index = state.frames.firstIndex(where: endsWithLine) { pop(from: index) }
        if let heredoc = state.pendingHeredoc {
            state.pendingHeredoc = nil
            push(heredoc)
        }
        state.line = LineContext()
        if continues { startRun(.toLineEnd, .meta) }
        state.isFirstLine = false
    }

    private func endsWithLine(_ frame: LexerFrame) -> Bool {
        guard frame.mode == .string else { return false }
        return !LanguageRegistry.compiled[Int(frame.language)].strings[Int(frame.rule)].rule.multiline
    }
}

extension ByteSet {
    /// Blanks and carriage return.
    static var blankOrReturn: ByteSet {
        ByteSet(words: (0x0000_0001_0000_2200, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
    /// Bytes that end a markup attribute name or unquoted value.
    static var markupWordStops: ByteSet {
        ByteSet(words: (0x6000_8085_0000_2200, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
}
