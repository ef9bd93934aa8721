// How version 2's short form writes ids (docs/patches.md, "Ids").

extension BlockID {
    /// The byte offset N of a source id, `eN` or `eN.list` (N without
    /// leading zeros, at most 15 digits so that the wire number is exact in a
    /// JavaScript number), and whether it is the list's; `nil` for any other
    /// id.
    var sourceOffset: (offset: Int, isList: Bool)? {
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
        return (value, list)
    }
}

/// The id register of a version-2 stream (docs/patches.md, "Ids"): a source
/// id is written relative to the source id before it on the wire, `eN` as
/// `2 × (N − R)` and `eN.list` as `2 × (N − R) + 1`, after which the
/// register `R` is N. The blocks a line names are nearly always close to the
/// one named before, so their ids take one or two digits instead of four to
/// six. Writer and reader each keep one, 0 after the header, and move it
/// past every source id in the order the ids stand in the lines.
struct IDRegister: Sendable {
    /// The offset of the last source id written or read.
    private(set) var offset = 0

    /// The wire number of `id`, moving the register past it; `nil` (and the
    /// register unchanged) for an id that is not a source id.
    mutating func number(for id: BlockID) -> Int? {
        guard let (n, isList) = id.sourceOffset else { return nil }
        defer { offset = n }
        return 2 * (n - offset) + (isList ? 1 : 0)
    }

    /// The id wire number `number` stands for, moving the register past it.
    mutating func id(for number: Int) throws(PatchStreamError) -> BlockID {
        // An arithmetic shift is floor division: −3 is D = −2 with the list bit set.
        let d = number >> 1
        let (n, overflow) = offset.addingReportingOverflow(d)
        guard !overflow, n >= 0, n < 1_000_000_000_000_000 else {
            throw PatchStreamError(description: "id \(number) names a source id outside 0...999999999999999")
        }
        offset = n
        return number & 1 == 1 ? .list(n) : .source(n)
    }
}
