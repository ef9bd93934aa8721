// How version 2's short form writes ids (docs/patches.md, "Ids").

extension BlockID {
    /// The number that stands for this id in the short form: N for `eN`,
    /// −N−1 for `eN.list` (N without leading zeros, at most 15 digits so
    /// that it is exact in a JavaScript number); `nil` for any other id.
    var shortNumber: Int? {
        let utf8 = rawValue.utf8
        guard utf8.first == UInt8(ascii: "e") else { return nil }
        var digits = utf8.dropFirst()
        var list = false
        if digits.count > 5, digits.suffix(5).elementsEqual(".list".utf8) {
            digits = digits.dropLast(5)
            list = true
        }
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            digits.first != 0x30 || digits.count == 1
        else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit - 0x30) }
        return list ? -value - 1 : value
    }

    /// The id a short-form number stands for (see ``shortNumber``).
    init(shortNumber: Int) {
        self = shortNumber >= 0 ? .source(shortNumber) : .list(-(shortNumber + 1))
    }
}
