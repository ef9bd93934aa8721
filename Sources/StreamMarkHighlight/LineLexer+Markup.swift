extension LineLexer {
    /// A step of markup text: tags, comments, `<!…>` and `<?…?>` forms, text.
    mutating func stepMarkupText() {
        guard bytes[position] == UInt8(ascii: "<") else {
            let end = runEnd(from: position, stops: ByteSet.angle)
            return consumeRun(to: end, nil, stops: ByteSet.angle)
        }
        if openLiteral(lineStart: false) { return }
        let closing = peek(position + 1) == UInt8(ascii: "/")
        let nameStart = position + (closing ? 2 : 1)
        guard let first = peek(nameStart), ByteSet.asciiLetters.contains(first) else {
            return consume(to: position + 1, nil)
        }
        var end = nameStart + 1
        while end - nameStart < 64, let byte = peek(end), ByteSet.tagName.contains(byte) { end += 1 }
        consume(to: nameStart, .tag)
        consume(to: end, .name)
        let key = WordKey(bytes, nameStart..<end, folding: true)
        let embeds = !closing && key.map { language.embedded[$0] != nil } ?? false
        push(
            frame(.tag, delimiter: embeds ? [UInt8(ascii: "<"), UInt8(ascii: "/")] + lowercased(nameStart..<end) : []))
        state.line.previous = .statementStart
    }

    /// A step inside a tag: attributes, values, the end of the tag.
    mutating func stepTag(_ top: LexerFrame) {
        let byte = bytes[position]
        if ByteSet.blankOrReturn.contains(byte) { return skipBlanks() }
        if byte == UInt8(ascii: ">") { return closeTag(top, length: 1) }
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
            if peek(position + 1) == UInt8(ascii: ">") { return closeTag(top, length: 2, embeds: false) }
            return consume(to: position + 1, nil)
        }
        if byte == UInt8(ascii: "=") {
            position += 1
            state.line.previous = .equals
            return
        }
        if ByteSet.quotes.contains(byte), openString(prefix: position..<position) {
            state.line.previous = .value
            return
        }
        let isValue = state.line.previous == .equals
        state.line.previous = .value
        beginRun(.markupWord, isValue ? .string : .attr)
    }

    private mutating func closeTag(_ top: LexerFrame, length: Int, embeds: Bool = true) {
        consume(to: position + length, .tag)
        pop()
        state.line.previous = .statementStart
        guard embeds, top.delimiter.count > 2 else { return }
        let name = top.delimiter.withUnsafeBufferPointer { WordKey($0, 2..<$0.count, folding: true) }
        guard let languageName = name.flatMap({ language.embedded[$0] }),
            let embedded = LanguageRegistry.index(of: languageName)
        else { return }
        push(LexerFrame(mode: .embedded, language: embedded, delimiter: top.delimiter))
    }

    private func lowercased(_ range: Range<Int>) -> [UInt8] {
        bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
}

extension ByteSet {
    /// `<`.
    static var angle: ByteSet {
        ByteSet(words: (0x1000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000))
    }
    /// Bytes of a tag name after its first letter.
    static let tagName: ByteSet = {
        var set = ByteSet.word
        set.formUnion(ByteSet("-:."))
        return set
    }()
}
