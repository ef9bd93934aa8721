/// The links of a block's source, for the replay of
/// ``CrossingDelimiters``: when a link's `]` closes, cmark-gfm's inline
/// parser runs `process_emphasis` over the delimiters inside its text
/// alone (its bottom is the delimiter before the `[`) and then removes
/// them, so those runs pair only with each other, and the runs around
/// the link never see them. The replay pairs each link's text as a group
/// of its own (``CrossingDelimiters/groups(of:in:)``).
///
/// The links are found as cmark's `handle_close_bracket` finds them: a
/// `]` closes the last `[` or `![` still open; an inline link
/// (``InlineLinkSyntax``) after it, else a full reference (`[label]`
/// after it, defined), else a collapsed or shortcut reference (the text
/// between the brackets defined, when no bracket was pushed after the
/// opener: cmark's `bracket_after`) makes a link; a link deactivates the
/// `[` openers before it.
struct LinkTexts {
    private struct Opener {
        var start: Int
        var image: Bool
        var active = true
        /// Whether a bracket was pushed after it (no shortcut then).
        var bracketAfter = false
    }

    private var syntax: InlineLinkSyntax
    private let isLinkLabel: ([UInt8]) -> Bool
    /// The labels asked about so far (each answer may cost a cmark parse).
    private var answers: [[UInt8]: Bool] = [:]
    private var openers: [Opener] = []
    /// The text of each link and image, from after its `[` to its `]`.
    private(set) var texts: [Range<Int>] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, isLinkLabel: @escaping ([UInt8]) -> Bool) {
        syntax = InlineLinkSyntax(bytes)
        self.isLinkLabel = isLinkLabel
    }

    /// Steps over the `!`, `[` or `]` at `i` (outside literal spans):
    /// after a link's `(…)` or reference label when its `]` closes one,
    /// else after the byte.
    ///
    /// - Complexity: O(the link syntax), or O(label) for a reference.
    mutating func step(at i: Int) -> Int {
        let bytes = syntax.bytes
        switch bytes[i] {
        case UInt8(ascii: "!"):
            guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else { return i + 1 }
            push(Opener(start: i + 1, image: true))
            return i + 2
        case UInt8(ascii: "["):
            push(Opener(start: i, image: false))
            return i + 1
        default:
            guard let opener = openers.popLast(), opener.active else { return i + 1 }
            guard let end = syntax.end(at: i + 1) ?? referenceEnd(opener, closedAt: i) else { return i + 1 }
            texts.append(opener.start + 1..<i)
            if !opener.image { deactivateOpeners() }
            return end
        }
    }

    private mutating func push(_ opener: Opener) {
        if !openers.isEmpty { openers[openers.count - 1].bracketAfter = true }
        openers.append(opener)
    }

    /// After the reference link that the `]` at `close` makes, if it makes one.
    private mutating func referenceEnd(_ opener: Opener, closedAt close: Int) -> Int? {
        let bytes = syntax.bytes
        let label = syntax.label(at: close + 1)
        if let label, !label.isEmpty { return defines(Array(bytes[label])) ? label.upperBound + 1 : nil }
        guard !opener.bracketAfter, defines(Array(bytes[opener.start + 1..<close])) else { return nil }
        return label.map { $0.upperBound + 1 } ?? close + 1
    }

    /// cmark deactivates the `[` openers before a link (not `![`), back to
    /// one already inactive: links hold no links.
    private mutating func deactivateOpeners() {
        for k in openers.indices.reversed() where !openers[k].image {
            guard openers[k].active else { return }
            openers[k].active = false
        }
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
