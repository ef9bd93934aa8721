import Testing

@testable import StreamMarkHighlight

/// The byte-set constants written as bit patterns equal the sets built from
/// their bytes.
@Suite struct ByteSetTests {
    @Test func constantsEqualTheirBytes() {
        var digits = ByteSet()
        digits.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
        var letters = ByteSet()
        letters.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
        letters.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        var wordStart = letters
        wordStart.insert(UInt8(ascii: "_"))
        wordStart.insert(0x80...0xFF)
        var word = wordStart
        word.formUnion(digits)
        #expect(ByteSet.blank == ByteSet(" \t"))
        #expect(ByteSet.blankOrReturn == ByteSet(" \t\r"))
        #expect(ByteSet.digits == digits)
        #expect(ByteSet.asciiLetters == letters)
        #expect(ByteSet.wordStart == wordStart)
        #expect(ByteSet.word == word)
        #expect(ByteSet.markupWordStops == ByteSet(" \t\r>=\"'/"))
        #expect(ByteSet.angle == ByteSet("<"))
    }

    @Test func containsExactlyTheInsertedBytes() {
        let set = ByteSet("a\u{7F}")
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == (byte == 0x61 || byte == 0x7F))
        }
    }
}
