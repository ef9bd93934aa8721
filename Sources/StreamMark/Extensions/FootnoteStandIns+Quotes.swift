extension FootnoteStandIns {
    /// Which candidates may hand their quotes to cmark as entities, with
    /// smart punctuation on (``FootnoteStandIns/quotesAreDelimiters``).
    ///
    /// A quote inside a candidate stays in place where it may decide
    /// where an inline link's title ends: a link syntax (`](…)`, cmark's
    /// ``InlineLinkSyntax``) that begins before the candidate's `]` and
    /// either fails (an entity could make it succeed) or runs past the
    /// candidate's `[` (a link inside it). A syntax that ends before the
    /// candidate reads none of its bytes.
    struct QuotePlaces {
        /// The offsets of the `]` of each `](`, ascending.
        private var opens: [Int] = []
        /// For each, the farthest end of the syntaxes up to it; `Int.max`
        /// once one fails.
        private var reach: [Int] = []

        /// - Complexity: O(n) plus the syntaxes' scans (a title that
        ///   never closes is scanned once per quote character).
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var syntax = InlineLinkSyntax(bytes)
            var farthest = 0
            var i = 0
            while i + 1 < bytes.count {
                if bytes[i] == UInt8(ascii: "]"), bytes[i + 1] == UInt8(ascii: "(") {
                    farthest = max(farthest, syntax.end(at: i + 1) ?? .max)
                    opens.append(i)
                    reach.append(farthest)
                }
                i += 1
            }
        }

        /// Whether the quotes of the candidate `span` (`[` to `]`) may be
        /// entities.
        ///
        /// - Complexity: O(log n).
        func allowEntities(in span: Range<Int>) -> Bool {
            var low = 0
            var high = opens.count
            while low < high {
                let middle = (low + high) / 2
                if opens[middle] >= span.upperBound - 1 { high = middle } else { low = middle + 1 }
            }
            return low == 0 || reach[low - 1] <= span.lowerBound
        }
    }
}
