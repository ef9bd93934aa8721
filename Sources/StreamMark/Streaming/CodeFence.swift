/// The opening fence of a fenced code block, as far as the lines after it
/// are concerned: which of them are content and which closes the block.
struct CodeFence: Equatable {
    /// The fence's character: `` ` `` or `~`.
    var character: UInt8
    /// The number of fence characters in the opening fence.
    var length: Int
    /// The spaces before the opening fence; cmark strips up to as many
    /// from the start of every content line.
    var indentation: Int

    /// Reads the opening fence from its line (up to three spaces, then at
    /// least three backticks or tildes); `nil` if the line does not start
    /// with one.
    init?(line: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < line.count, i < 4, line[i] == 0x20 { i += 1 }
        guard i < 4, i < line.count, line[i] == UInt8(ascii: "`") || line[i] == UInt8(ascii: "~") else { return nil }
        var end = i
        while end < line.count, line[end] == line[i] { end += 1 }
        guard end - i >= 3 else { return nil }
        (character, length, indentation) = (line[i], end - i, i)
    }

    /// Whether `line` (without its line ending) is a content line of the
    /// block as it is, with nothing stripped from it: not a closing fence
    /// (up to three spaces, at least ``length`` fence characters, then
    /// spaces or tabs only) and, under an indented fence, starting with
    /// neither a space nor a tab.
    ///
    /// - Complexity: O(line).
    func admits(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if indentation > 0, let first = line.first, first == 0x20 || first == 0x09 { return false }
        var i = 0
        while i < line.count, line[i] == 0x20 { i += 1 }
        guard i <= 3 else { return true }
        var run = 0
        while i < line.count, line[i] == character {
            run += 1
            i += 1
        }
        guard run >= length else { return true }
        while i < line.count {
            guard line[i] == 0x20 || line[i] == 0x09 else { return true }
            i += 1
        }
        return false
    }
}
