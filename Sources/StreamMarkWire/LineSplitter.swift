/// Splits bytes that arrive in arbitrary pieces into lines (`\n` or `\r\n`),
/// holding back an incomplete last line. A piece may end anywhere — inside a
/// line, inside a UTF-8 character, between `\r` and `\n`.
struct LineSplitter: Sendable {
    private var buffer: [UInt8] = []
    private var lineStart = 0
    private var scanned = 0
    /// Lines taken so far.
    private(set) var lineNumber = 0

    /// The number of bytes of the incomplete line held back.
    var pendingCount: Int { buffer.count - lineStart }

    /// Adds a piece of input.
    ///
    /// - Complexity: O(piece) amortized (lines already taken are dropped).
    mutating func append(_ bytes: some Collection<UInt8>) {
        if lineStart > 0 {
            buffer.removeFirst(lineStart)
            scanned -= lineStart
            lineStart = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line (without its terminator) and its 1-based
    /// number, or `nil` until more input completes one. Each byte is scanned
    /// once.
    mutating func nextLine() -> (ArraySlice<UInt8>, Int)? {
        while scanned < buffer.count {
            defer { scanned += 1 }
            guard buffer[scanned] == UInt8(ascii: "\n") else { continue }
            var end = scanned
            if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = buffer[lineStart..<end]
            lineStart = scanned + 1
            lineNumber += 1
            return (line, lineNumber)
        }
        return nil
    }

    /// Takes the incomplete last line, if any (at the end of the input).
    mutating func takePartialLine() -> (ArraySlice<UInt8>, Int)? {
        guard pendingCount > 0 else { return nil }
        var line = buffer[lineStart...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        lineStart = buffer.count
        scanned = buffer.count
        lineNumber += 1
        return (line, lineNumber)
    }
}
