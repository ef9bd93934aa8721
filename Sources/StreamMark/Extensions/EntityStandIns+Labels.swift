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
    ///   substituted and its label as written (a label over lines is
    ///   copied with its line endings as spaces, which cmark's matching
    ///   collapses, so no line is added). One whose brackets a code
    ///   span, autolink or raw HTML crosses (the copy would change where
    ///   it ends) is kept as written.
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
        ///   distinct label among them; one O(n) walk over the literal
        ///   spans when a label to write in full holds a backtick or `<`.
        init(_ bytes: UnsafeBufferPointer<UInt8>, isLinkLabel: @escaping ([UInt8]) -> Bool) {
            let spans = EscapedTilde.bracketSpans(bytes, 0..<bytes.count)
            var references = References(bytes, spans: spans, isLinkLabel: isLinkLabel)
            var literals: Literals? = nil
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
                if Self.isWritable(bytes, span, pairs: spans, literals: &literals) {
                    writtenInFull[span.lowerBound] = (span.upperBound, end)
                } else {
                    keptSpans.append(span)
                }
            }
            kept = EscapedTilde.insideSpans(keptSpans, count: bytes.count)
        }

        /// Whether the label between the brackets at the ends of `span`
        /// can be written twice without changing what else cmark reads:
        /// each backtick and `<` in it inside a code span,
        /// autolink or raw HTML that lies inside it (a backtick run or `<`
        /// that opens nothing could pair with its copy; a span holding a
        /// bracket ends elsewhere once the label is written twice). The
        /// spans are ``LiteralSpans``' walk over the block, which is
        /// cmark's only up to the first backtick or `<` that cmark may read
        /// whole, spans and all, and that opens no span without brackets
        /// there (in a pair right after another's `]`, a full reference's
        /// label, or after a `](`, an inline link's destination and title):
        /// a label after that one is kept as written.
        private static func isWritable(
            _ bytes: UnsafeBufferPointer<UInt8>, _ span: Range<Int>, pairs: [Range<Int>], literals: inout Literals?
        ) -> Bool {
            let inside = (span.lowerBound + 1)..<span.upperBound
            let opening = inside.filter { Self.opensSpan(bytes[$0]) }
            if opening.isEmpty { return true }
            if literals == nil { literals = Literals(bytes, pairs: pairs) }
            guard literals!.firstReadWhole >= span.lowerBound else { return false }
            return opening.allSatisfy { offset in
                Self.span(in: literals!.spans, holding: offset).map {
                    $0.lowerBound >= inside.lowerBound && $0.upperBound <= inside.upperBound
                } ?? false
            }
        }

        private static func opensSpan(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "`") || byte == UInt8(ascii: "<")
        }

        /// The code spans, autolinks and raw HTML of a block, in order, as
        /// ``LiteralSpans`` steps over them (not escapes, nor backtick runs
        /// that open no code span), and the offset of the first backtick
        /// or `<` that cmark may read whole, up to which they are cmark's.
        struct Literals {
            var spans: [Range<Int>] = []
            var firstReadWhole = 0

            /// - Complexity: O(n + pairs).
            init(_ bytes: UnsafeBufferPointer<UInt8>, pairs: [Range<Int>]) {
                let labels = pairs.filter { $0.lowerBound > 0 && bytes[$0.lowerBound - 1] == UInt8(ascii: "]") }
                let inLabel = EscapedTilde.insideSpans(labels, count: bytes.count)
                let linkSyntax = (0..<max(0, bytes.count - 1)).first {
                    bytes[$0] == UInt8(ascii: "]") && bytes[$0 + 1] == UInt8(ascii: "(")
                }
                var scanner = LiteralSpans(bytes)
                var i = 0
                while i < bytes.count {
                    guard let end = scanner.end(at: i) else {
                        i += 1
                        continue
                    }
                    if bytes[i] != UInt8(ascii: "\\"), !bytes[i..<end].allSatisfy({ $0 == UInt8(ascii: "`") }) {
                        spans.append(i..<end)
                    }
                    i = end
                }
                // In a label, a span without brackets is skipped as cmark
                // skips the whole label.
                let spans = spans
                func isClosedSpan(_ i: Int) -> Bool {
                    guard let span = Labels.span(in: spans, holding: i) else { return false }
                    return !bytes[span].contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
                }
                firstReadWhole =
                    bytes.indices.first {
                        Labels.opensSpan(bytes[$0])
                            && ((inLabel[$0] && !isClosedSpan($0)) || $0 > linkSyntax ?? bytes.count)
                    } ?? bytes.count
            }
        }

        /// The one of `spans` (sorted, disjoint) that holds `offset`.
        ///
        /// - Complexity: O(log spans).
        private static func span(in spans: [Range<Int>], holding offset: Int) -> Range<Int>? {
            var low = 0
            var high = spans.count
            while low < high {
                let mid = (low + high) / 2
                if spans[mid].upperBound <= offset { low = mid + 1 } else { high = mid }
            }
            return low < spans.count && spans[low].contains(offset) ? spans[low] : nil
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
