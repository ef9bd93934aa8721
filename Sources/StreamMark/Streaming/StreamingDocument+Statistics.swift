extension StreamingDocument {
    /// Counters of the work the engine did: exact, deterministic numbers that
    /// tests may assert and benchmarks report.
    ///
    /// The bytes handed to cmark are only part of an append's cost; ``Work``
    /// counts what the Swift side does with them, so that a test can show
    /// that no part of an append grows with the document.
    public struct Statistics: Hashable, Sendable, Codable {
        /// Calls to `append`.
        public var appends = 0
        /// Bytes handed to cmark by the last append (context included).
        public var lastParsedBytes = 0
        /// Bytes handed to cmark since the start.
        public var totalParsedBytes = 0
        /// Patches emitted since the start.
        public var patches = 0
        /// Provisional displays computed (``StreamingDocument/provisionalDisplay()``).
        public var displays = 0
        /// Bytes of completed open-block text parsed by the last display.
        public var lastDisplayParsedBytes = 0
        /// Bytes of completed open-block text parsed for displays since the start.
        public var totalDisplayParsedBytes = 0
        /// Appends after which the tree lagged behind the text (a large
        /// open block waiting for its amortized re-parse).
        public var staleAppends = 0
        /// The largest lag, in bytes, after any append.
        public var maxStaleBytes = 0
        /// Appends answered by each shortcut instead of the window parse,
        /// by its name: `last-word`, `open-code`, `fence-line`, `code-line`,
        /// `table-row`, `paragraph-tail` (`docs/architecture.md`,
        /// "Shortcuts").
        public var shortcutAppends: [String: Int] = [:]
        /// Swift-side work of the last append.
        public var lastWork = Work()
        /// Swift-side work since the start.
        public var totalWork = Work()
    }
}

extension StreamingDocument.Statistics {
    /// Appends answered without handing any byte to cmark: they only
    /// extended the last word of the open paragraph, heading or table row,
    /// the open code block's lines or fence line, or the current line of a
    /// code block under list items.
    public var inPlaceAppends: Int {
        shortcutAppends.reduce(0) { sum, entry in
            IncrementalEngine.parsingShortcutNames.contains(entry.key) ? sum : sum + entry.value
        }
    }

    /// Appends answered by parsing only the open paragraph's unsettled
    /// lines: those after the lines whose inlines nothing that follows can
    /// change (`docs/architecture.md`, "Shortcuts").
    public var paragraphTailAppends: Int { shortcutAppends["paragraph-tail", default: 0] }

    /// Appends answered by rebuilding only the open table's last row from
    /// its line, parsing only that row's cells (`docs/architecture.md`,
    /// "Shortcuts").
    public var tableRowAppends: Int { shortcutAppends["table-row", default: 0] }
}

extension StreamingDocument.Statistics {
    /// Swift-side work of the engine, counted where it is done.
    public struct Work: Hashable, Sendable, Codable {
        /// Blocks converted from cmark's tree into ``Block`` values (after
        /// the extension layer), counting every block of each subtree.
        public var blocksConverted = 0
        /// Blocks in the trees the diff compared (old and new views).
        public var blocksCompared = 0
        /// Frozen segments visited by link-reference bookkeeping.
        public var segmentsVisited = 0
        /// Bytes copied into parse buffers and into growing literals.
        public var bytesCopied = 0
        /// Top-level blocks whose footnotes were resolved again (with
        /// ``ParseOptions/Extensions-swift.struct/footnotes`` on): the
        /// window's, and the frozen blocks that cite a label whose number,
        /// note or count changed.
        public var footnoteBlocksResolved = 0

        /// Creates zero counters.
        public init() {}

        /// Adds another count to this one.
        public mutating func add(_ other: Work) {
            blocksConverted += other.blocksConverted
            blocksCompared += other.blocksCompared
            segmentsVisited += other.segmentsVisited
            bytesCopied += other.bytesCopied
            footnoteBlocksResolved += other.footnoteBlocksResolved
        }

        /// The largest value of each counter in `self` and `other`.
        public func max(_ other: Work) -> Work {
            var result = Work()
            result.blocksConverted = Swift.max(blocksConverted, other.blocksConverted)
            result.blocksCompared = Swift.max(blocksCompared, other.blocksCompared)
            result.segmentsVisited = Swift.max(segmentsVisited, other.segmentsVisited)
            result.bytesCopied = Swift.max(bytesCopied, other.bytesCopied)
            result.footnoteBlocksResolved = Swift.max(footnoteBlocksResolved, other.footnoteBlocksResolved)
            return result
        }
    }
}
