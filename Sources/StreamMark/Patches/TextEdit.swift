/// The change an `append` makes to a text tail: the last `before`
/// characters stay at the end; the part before them loses its last `drop`
/// characters and gains `text`. `drop` and `before` count ASCII characters.
struct TextEdit: Hashable, Sendable {
    var drop: Int
    var before: Int
    var text: String

    /// Applies the edit to `string`.
    ///
    /// - Complexity: O(drop + before + text), amortized (in place).
    func apply(to string: inout String, id: BlockID) throws(PatchError) {
        guard drop >= 0, before >= 0 else { throw PatchError(description: "append \(id): negative count") }
        let cut = drop + before
        if cut > 0 {
            let utf8 = string.utf8
            guard cut <= utf8.count, utf8.suffix(cut).allSatisfy({ $0 < 0x80 }) else {
                throw PatchError(description: "append \(id): the last \(cut) characters are not ASCII")
            }
            let end = String(string.unicodeScalars.suffix(before))
            string.unicodeScalars.removeLast(cut)  // ASCII: one scalar per byte
            string += text
            string += end
        } else {
            string += text
        }
    }
}
