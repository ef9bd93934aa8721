extension EntityStandIns {
    /// The link labels of a block's text that hold an entity the
    /// substitution would change, and how each is handed to cmark.
    ///
    /// cmark matches a label to its definition as written, entities and
    /// all, while cmark-gfm parses a reference's text as any text: the `&`
    /// and `;` of an entity flank the `~` runs beside it. So a defined
    /// label must reach cmark as written, and the text cmark-gfm shows
    /// must reach it with the stand-ins:
    ///
    /// - a bracket pair right after another's `]` that is defined is the
    ///   label of a full reference (`[text][label]`): kept as written;
    /// - a pair followed by a `[label]` is a full reference's text (a
    ///   link if the label is defined, text if not: no shortcut), and a
    ///   pair that defines nothing is text: substituted;
    /// - a defined shortcut (`[label]`) or collapsed (`[label][]`)
    ///   reference is both: written in full, `[text][label]`, its text
    ///   substituted and its label as written. One whose label spans
    ///   lines or holds a backtick or `<` (which could open a span that
    ///   runs past the `]`) is kept as written.
    ///
    /// A pair that a `(` follows is an inline link's text (or text): its
    /// entities are substituted as anywhere.
    struct Labels {
        /// For each byte, whether it lies inside a label kept as written.
        private(set) var kept: [Bool]
        /// The shortcut and collapsed references to write in full, by the
        /// offset of their `[`: the offset of the `]` that closes the
        /// label and the offset after the reference (after the `[]` of a
        /// collapsed one).
        private(set) var writtenInFull: [Int: (close: Int, end: Int)] = [:]

        /// - Complexity: O(n) for the bracket pairs, and a scan of at
        ///   most 999 bytes per pair that holds an entity to change or is
        ///   chained before one (a scan stops at the pair's first `[`, so
        ///   such scans are disjoint); `isLinkLabel` is asked once per
        ///   distinct label among them.
        init(_ bytes: UnsafeBufferPointer<UInt8>, isLinkLabel: @escaping ([UInt8]) -> Bool) {
            let spans = EscapedTilde.bracketSpans(bytes, 0..<bytes.count)
            var references = References(bytes, spans: spans, isLinkLabel: isLinkLabel)
            var keptSpans: [Range<Int>] = []
            for span in spans {
                let inside = span.lowerBound + 1..<span.upperBound
                let after = span.upperBound + 1
                guard after >= bytes.count || bytes[after] != UInt8(ascii: "("),
                    EntityStandIns.mayOccur(in: bytes, inside), references.isLabel(span)
                else { continue }
                if references.isConsumedLabel(span) {
                    keptSpans.append(span)
                    continue
                }
                var end = after
                if let label = InlineLinkSyntax(bytes).label(at: after) {
                    guard label.isEmpty else { continue }  // a full reference's text
                    end = label.upperBound + 1  // collapsed
                }
                if Self.isWritable(bytes, inside) {
                    writtenInFull[span.lowerBound] = (span.upperBound, end)
                } else {
                    keptSpans.append(span)
                }
            }
            kept = EscapedTilde.insideSpans(keptSpans, count: bytes.count)
        }

        /// Whether a label can be written twice without changing what
        /// else cmark reads: on one line, no backtick or `<`.
        private static func isWritable(_ bytes: UnsafeBufferPointer<UInt8>, _ inside: Range<Int>) -> Bool {
            !bytes[inside].contains {
                $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "<")
            }
        }
    }

    /// The bracket pairs of a block's text as cmark's
    /// `handle_close_bracket` reads them one after another: a pair right
    /// after another's `]` is that reference's label when the label is
    /// defined (`[]`: when the pair before is) and the pair before is no
    /// label itself (a failed lookup leaves the pair to be read again, as
    /// a shortcut or text).
    struct References {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let isLinkLabel: ([UInt8]) -> Bool
        /// The pairs by the offset of their `]`.
        private var byCloser: [Int: Range<Int>] = [:]
        /// Answers so far: by label (a text repeating one label asks
        /// once), and by the offset of a pair's `[`.
        private var defined: [[UInt8]: Bool] = [:]
        private var consumed: [Int: Bool] = [:]

        init(_ bytes: UnsafeBufferPointer<UInt8>, spans: [Range<Int>], isLinkLabel: @escaping ([UInt8]) -> Bool) {
            self.bytes = bytes
            self.isLinkLabel = isLinkLabel
            for span in spans { byCloser[span.upperBound] = span }
        }

        /// Whether `span`'s inside is a defined link label: cmark's
        /// `link_label` (``InlineLinkSyntax/label(at:)``) from its `[` ends
        /// at its `]`, and `isLinkLabel` says so.
        mutating func isLabel(_ span: Range<Int>) -> Bool {
            let inside = span.lowerBound + 1..<span.upperBound
            guard !inside.isEmpty, InlineLinkSyntax(bytes).label(at: span.lowerBound) == inside else { return false }
            let label = Array(bytes[inside])
            if let known = defined[label] { return known }
            let answer = isLinkLabel(label)
            defined[label] = answer
            return answer
        }

        /// Whether `span` is the label of the reference whose text is the
        /// pair right before it. The chain of pairs before it is walked
        /// from its start, without recursion.
        ///
        /// - Complexity: O(pairs in the chain), each answer kept.
        mutating func isConsumedLabel(_ span: Range<Int>) -> Bool {
            var chain = [span]
            while consumed[chain.last!.lowerBound] == nil, let previous = byCloser[chain.last!.lowerBound - 1] {
                chain.append(previous)
            }
            var previous: (pair: Range<Int>, isLabel: Bool)? = nil
            for pair in chain.reversed() {
                if let known = consumed[pair.lowerBound] {
                    previous = (pair, known)
                    continue
                }
                // `[]` after a pair is a collapsed reference's label when
                // the pair's text is a defined label.
                var answer = false
                if let previous, !previous.isLabel {
                    answer = pair.count == 1 ? isLabel(previous.pair) : isLabel(pair)
                }
                consumed[pair.lowerBound] = answer
                previous = (pair, answer)
            }
            return previous!.isLabel
        }
    }
}
