/// The inline links of a block's source, for the replay of
/// ``CrossingDelimiters``: when a link's `]` closes, cmark-gfm's inline
/// parser runs `process_emphasis` over the delimiters inside its text
/// alone (its bottom is the delimiter before the `[`) and then removes
/// them, so those runs pair only with each other, and the runs around
/// the link never see them. The replay pairs each link's text as a group
/// of its own (``CrossingDelimiters/groups(of:in:)``).
///
/// Only inline links are found (`[text](destination "title")`, images
/// too). A bracket pair that may be a reference link, its text or the
/// label after it defined (`isLinkLabel`), ends the scan: the block keeps
/// cmark's pairing.
struct LinkTexts {
    private struct Opener {
        var start: Int
        var image: Bool
        var active = true
    }

    private var syntax: InlineLinkSyntax
    private let isLinkLabel: ([UInt8]) -> Bool
    /// The labels asked about so far (a label may be asked about once per
    /// bracket pair, and each answer may cost a cmark parse).
    private var answers: [[UInt8]: Bool] = [:]
    private var openers: [Opener] = []
    /// The text of each inline link and image, from after its `[` to its `]`.
    private(set) var texts: [Range<Int>] = []
    /// Whether a bracket pair may be a reference link.
    private(set) var mayReference = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, isLinkLabel: @escaping ([UInt8]) -> Bool) {
        syntax = InlineLinkSyntax(bytes)
        self.isLinkLabel = isLinkLabel
    }

    /// Steps over the `!`, `[` or `]` at `i` (outside literal spans):
    /// after a link's `(…)` when its `]` closes one, else after the byte.
    ///
    /// - Complexity: O(the link syntax), or O(label) for the reference check.
    mutating func step(at i: Int) -> Int {
        let bytes = syntax.bytes
        switch bytes[i] {
        case UInt8(ascii: "!"):
            guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else { return i + 1 }
            openers.append(Opener(start: i + 1, image: true))
            return i + 2
        case UInt8(ascii: "["):
            openers.append(Opener(start: i, image: false))
            return i + 1
        default:
            guard let opener = openers.popLast() else { return i + 1 }
            guard opener.active else { return i + 1 }
            if let end = syntax.end(at: i + 1) {
                texts.append(opener.start + 1..<i)
                if !opener.image { deactivateOpeners() }
                return end
            }
            if mayBeReference(text: opener.start + 1..<i, after: i + 1) { mayReference = true }
            return i + 1
        }
    }

    /// cmark deactivates the `[` openers before a link (not `![`), back to
    /// one already inactive: links hold no links.
    private mutating func deactivateOpeners() {
        for k in openers.indices.reversed() where !openers[k].image {
            guard openers[k].active else { return }
            openers[k].active = false
        }
    }

    /// Whether the bracket text, or the label in brackets right after it,
    /// is a defined link label (an over-approximation of cmark's full,
    /// collapsed and shortcut references).
    private mutating func mayBeReference(text: Range<Int>, after: Int) -> Bool {
        let bytes = syntax.bytes
        if defines(Array(bytes[text])) { return true }
        guard after < bytes.count, bytes[after] == UInt8(ascii: "[") else { return false }
        var end = after + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "]"), end - after <= 1_000 {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        return end < bytes.count && defines(Array(bytes[after + 1..<end]))
    }

    private mutating func defines(_ label: [UInt8]) -> Bool {
        if let answer = answers[label] { return answer }
        let answer = isLinkLabel(label)
        answers[label] = answer
        return answer
    }
}

extension CrossingDelimiters {
    /// For each run (in source order), the index of the innermost link
    /// text holding it in `texts` (nested or disjoint ranges, in the order
    /// their `]` closed), or -1 outside every link.
    ///
    /// - Complexity: O((r + t) log t) for r runs and t texts.
    static func groups(of starts: [Int], in texts: [Range<Int>]) -> [Int] {
        let order = texts.indices.sorted { texts[$0].lowerBound < texts[$1].lowerBound }
        var open: [Int] = []
        var next = 0
        return starts.map { start in
            while next < order.count, texts[order[next]].lowerBound <= start {
                while let last = open.last, texts[last].upperBound <= texts[order[next]].lowerBound {
                    open.removeLast()
                }
                open.append(order[next])
                next += 1
            }
            while let last = open.last, texts[last].upperBound <= start { open.removeLast() }
            return open.last ?? -1
        }
    }
}
