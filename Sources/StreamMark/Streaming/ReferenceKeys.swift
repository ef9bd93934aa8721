/// Cheap, conservative scanning for link reference labels.
///
/// A link reference definition anywhere in the document changes the links of
/// every paragraph that uses its label, so the engine must know which text
/// could define or use which label — without parsing. These scans
/// over-approximate: they may report a label that is not one (costing a
/// little extra work) but never miss one that is.
///
/// Keys: a label is normalized by dropping ASCII whitespace and `>`
/// (container prefixes inside multi-line labels) and lowercasing ASCII; a
/// label with a non-ASCII character is mapped through Unicode uppercasing
/// then lowercasing (`ß`, `ẞ` and `SS` all become `ss`, the Kelvin sign
/// `k`), and keys compare by canonical equivalence. Two labels that
/// CommonMark matches (Unicode case fold, whitespace collapsed) therefore
/// always have equal keys. (Every non-ASCII label used to be a wildcard
/// matching every key: one such label in a window made every frozen
/// definition a carrier.) ``wildcard`` remains for callers that cannot
/// name a label.
enum ReferenceKeys {
    /// The key standing for "some non-ASCII label": matches anything.
    static let wildcard = "\u{0}*"

    /// The parts of `range` outside the code and HTML blocks among `blocks`
    /// (at any depth), in order: text that can define or use a label.
    ///
    /// - Complexity: O(blocks visited), not descending into code or HTML blocks.
    static func gaps(of range: Range<Int>, excluding blocks: some Collection<Block>) -> [Range<Int>] {
        var opaque: [Range<Int>] = []
        func collect(_ block: Block) {
            switch block.kind {
            case .codeBlock, .htmlBlock: opaque.append(block.range)
            default: for child in block.children { collect(child) }
            }
        }
        for block in blocks { collect(block) }
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for hole in opaque.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lower = max(hole.lowerBound, start)
            if lower > start { result.append(start..<min(lower, range.upperBound)) }
            start = max(start, min(hole.upperBound, range.upperBound))
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result.filter { !$0.isEmpty }
    }

    /// Keys of every bracketed span `[…]` in the ranges of `bytes`.
    static func references(in bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Set<String> {
        ranges.reduce(into: []) { $0.formUnion(references(in: bytes, $1)) }
    }

    /// Keys of every `[…]:` in the ranges of `bytes`.
    static func definitions(in bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Set<String> {
        ranges.reduce(into: []) { $0.formUnion(definitions(in: bytes, $1)) }
    }

    /// Whether any of the ranges could hold a definition (`]:`).
    static func mayDefine(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>]) -> Bool {
        ranges.contains { mayDefine(bytes, $0) }
    }

    /// Keys of every bracketed span `[…]` in `bytes` (possible references).
    static func references(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Set<String> {
        scan(bytes, range, definitionsOnly: false)
    }

    /// Keys of every `[…]:` in `bytes` (possible definitions).
    static func definitions(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Set<String> {
        scan(bytes, range, definitionsOnly: true)
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, definitionsOnly: Bool
    ) -> Set<String> {
        var keys: Set<String> = []
        var open = -1
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if byte == UInt8(ascii: "[") {
                open = i
            } else if byte == UInt8(ascii: "]"), open >= 0 {
                let isDefinition = i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: ":")
                if !definitionsOnly || isDefinition, i - open <= 1001 {
                    keys.insert(key(bytes, (open + 1)..<i))
                }
                open = -1
            }
            i += 1
        }
        return keys
    }

    /// Whether the text contains anything that could be a definition (`]:`).
    static func mayDefine(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            if bytes[i] == UInt8(ascii: "]") && bytes[i + 1] == UInt8(ascii: ":") { return true }
            i += 1
        }
        return false
    }

    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var ascii = true
        for i in range {
            let byte = bytes[i]
            if byte >= 0x80 {
                ascii = false
                out.append(byte)
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: ">"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 32)
            default: out.append(byte)
            }
        }
        let key = String(decoding: out, as: UTF8.self)
        return ascii ? key : key.uppercased().lowercased()
    }

    /// Whether a set of definition keys can match a set of reference keys.
    static func intersects(_ definitions: Set<String>, _ references: Set<String>) -> Bool {
        if definitions.isEmpty || references.isEmpty { return false }
        if definitions.contains(wildcard) || references.contains(wildcard) { return true }
        return !definitions.isDisjoint(with: references)
    }
}
