/// The window inside an open top-level code block: the block's first line
/// (the stub: a fenced block's opening fence, or an indented block's first
/// line, whose literal is dropped from the window's) followed by the content
/// lines that are not complete yet. The block's literal keeps its frozen
/// bytes and gets the window's lines appended in place, never rebuilt.
struct CodeWindow: NestedWindow {
    /// The block's first line.
    var fenceLine: Range<Int>
    /// UTF-8 bytes of the literal that come from frozen lines.
    var frozenLength: Int
    /// Where the last frozen line ends (-1 if none): the block's end when
    /// nothing follows the frozen lines.
    var frozenEnd: Int

    var stub: Range<Int>? { fenceLine }
    var frozenChildren: Int { 0 }
    var graftsInPlace: Bool { true }

    func openBlocks(of container: Block) -> [Block] { [container] }

    /// Whether the block is an indented one (its stub is a content line).
    func isIndented(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.indentedStubContent(fenceLine, in: text) != nil
    }

    func accepts(_ window: [Block], container: Block, text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .codeBlock = container.kind, let first = window.first, case .codeBlock(let code) = first.kind,
            first.range.lowerBound == container.range.lowerBound
        else { return false }
        guard let stubContent = Self.indentedStubContent(fenceLine, in: text) else { return code.fenced }
        return !code.fenced && Self.literal(code.literal, startsWithLine: stubContent, in: text)
    }

    func graft(_ window: Block, into block: inout Block, text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard case .codeBlock(let windowCode) = window.kind, case .codeBlock(var code) = block.kind else { return nil }
        // An indented block's stub line is content: its literal leads the window's.
        let stubLiteralCount = Self.indentedStubContent(fenceLine, in: text).map { $0.count + 1 } ?? 0
        let windowLiteral = windowCode.literal.utf8.dropFirst(stubLiteralCount)
        // Release the block's reference so the literal is uniquely owned.
        block.kind = .thematicBreak
        let oldRange = block.range
        let (oldInfo, oldFenced) = (code.info, code.fenced)
        let cut = code.literal.utf8.index(code.literal.utf8.startIndex, offsetBy: frozenLength)
        let unchanged = code.literal.utf8[cut...].elementsEqual(windowLiteral)
        if !unchanged {
            code.literal.removeSubrange(cut...)
            code.literal.append(String(Substring(windowLiteral)))
        }
        code.info = windowCode.info
        // An indented block stays one (the check saw the window's).
        code.fenced =
            stubLiteralCount == 0
            && CodeBlockAttributes.isFenced(
                line: UnsafeBufferPointer(rebasing: text[fenceLine.lowerBound...]).dropFirstSpaces(),
                literal: code.literal, info: code.info)
        block.kind = .codeBlock(code)
        // With nothing after the frozen lines, the block ends where the
        // last frozen line does (as cmark ends it at end of input). An
        // indented stub is content: a block that holds more ends past it.
        let stubEnd =
            stubLiteralCount > 0 ? IncrementalEngine.lineEnd(of: fenceLine.lowerBound, in: text) : fenceLine.upperBound
        let end = window.range.upperBound <= stubEnd && frozenEnd >= 0 ? frozenEnd : window.range.upperBound
        block.range = oldRange.lowerBound..<end
        if unchanged && oldInfo == code.info && oldFenced == code.fenced && oldRange.upperBound == end { return nil }
        return unchanged ? 0 : windowLiteral.count
    }

    /// What an indented code block's first line contributes to its literal
    /// (followed by a line feed), if `stub` is such a line starting with
    /// four spaces, which cmark strips: the rest of the line. `nil` for a
    /// fence line.
    ///
    /// - Complexity: O(line).
    static func indentedStubContent(_ stub: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let contentStart = stub.lowerBound + 4
        guard contentStart < stub.upperBound, text[stub.lowerBound..<contentStart].allSatisfy({ $0 == 0x20 }) else {
            return nil
        }
        return contentStart..<IncrementalEngine.lineEnd(of: contentStart, in: text)
    }

    /// Whether `literal` starts with the text in `line` and a line feed.
    static func literal(
        _ literal: String, startsWithLine line: Range<Int>, in text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let utf8 = literal.utf8
        guard utf8.count > line.count, utf8.starts(with: text[line]) else { return false }
        return utf8[utf8.index(utf8.startIndex, offsetBy: line.count)] == 0x0A
    }
}
