/// The prefix-identity harness: streams a document chunk by chunk and checks,
/// at every chunk boundary, everything a client relies on.
///
/// For every boundary it checks that
/// - the streamed tree equals a one-shot parse of the same prefix
///   (cmark is the oracle);
/// - no two blocks share an id;
/// - replaying all patches so far from an empty document reproduces the
///   tree, and no `update` carries a value equal to the block's old one;
/// - the same patches turned into version-2 deltas (``DeltaEncoder``) and
///   applied in order (``DeltaPatch/apply(to:)``) reproduce the tree
///   without ranges (the deltas' JSON is counted in ``Report/deltaBytes``;
///   its decoding is tested on its own: Foundation's decoder refuses the
///   thousands of nesting levels of the pathological documents);
/// - the open block (the last leaf) keeps its id through every append that
///   keeps its start: it is updated, never removed and re-inserted;
/// and at the end that every block that was closed at some prefix is in the
/// final tree with the same id and an equal value. The one allowed
/// difference, inline content changed by a link reference definition that
/// arrived later, is counted separately (`definitionUpdates`).
///
/// Checking a tree is O(document), so a full check at every one of a large
/// document's boundaries is quadratic; ``fullCheckLimit`` spreads at most
/// that many full checks evenly over the boundaries (the patch and id checks
/// still run at every boundary); a limit of 0 checks the full tree only
/// after `finish()` (no crash, patches that apply at every boundary, final
/// tree and patch replay equal to the one-shot parse, closed blocks kept):
/// the cheap mode of `scripts/chunk-sweep.sh`.
///
/// Where the document lags behind the text (``StreamingDocument/isCurrent``
/// is false: a large open block waits for its amortized re-parse) the
/// one-shot comparison is skipped and counted (`stalePrefixes`,
/// `maxStaleBytes`); the patch replay and id checks still run, and the
/// final tree after `finish()` is always compared.
///
/// Chunkings (``Chunking``, command-line form in parentheses, as
/// `streammark verify --chunking` takes it): one byte per chunk
/// (`every-byte`), one line per chunk (`lines`), 1–16 bytes drawn per chunk
/// from a seed (`random:SEED`), 1–512 bytes drawn per chunk from a seed,
/// mostly small, often mid-size, sometimes large (`mixed:SEED`), and a
/// fixed size (`N`). Small uniform chunkings never reach the bugs that need
/// a window of kilobytes to build up before a large chunk lands; `mixed`
/// does (docs/fuzzing.md).
public struct PrefixHarness: Sendable {
    /// How the document is cut into chunks.
    public enum Chunking: Hashable, Sendable, CustomStringConvertible {
        /// One byte per chunk (splits every UTF-8 character and every `\r\n`).
        case everyByte
        /// One line per chunk, terminator included.
        case lines
        /// Chunks of 1–16 bytes drawn from a seeded generator.
        case random(seed: UInt64)
        /// Chunks of 1–512 bytes drawn per chunk from a seeded generator:
        /// 1–16 bytes with probability 11/20, 17–128 with 6/20, 129–512
        /// with 3/20 (mean about 64 bytes).
        case mixed(seed: UInt64)
        /// Chunks of a fixed number of bytes.
        case fixed(Int)

        /// Parses the command-line form: `every-byte`, `lines`, `random:SEED`,
        /// `mixed:SEED`, `N`.
        public init?(argument: String) {
            if argument == "every-byte" {
                self = .everyByte
            } else if argument == "lines" {
                self = .lines
            } else if argument.hasPrefix("random:"), let seed = UInt64(argument.dropFirst(7)) {
                self = .random(seed: seed)
            } else if argument.hasPrefix("mixed:"), let seed = UInt64(argument.dropFirst(6)) {
                self = .mixed(seed: seed)
            } else if let size = Int(argument), size > 0 {
                self = .fixed(size)
            } else {
                return nil
            }
        }

        /// The command-line form (``init(argument:)`` reads it back).
        public var description: String {
            switch self {
            case .everyByte: "every-byte"
            case .lines: "lines"
            case .random(let seed): "random:\(seed)"
            case .mixed(let seed): "mixed:\(seed)"
            case .fixed(let size): "\(size)"
            }
        }

        /// The chunk boundaries for `bytes`, as ranges covering it in order.
        ///
        /// - Complexity: O(`bytes.count`).
        public func chunks(of bytes: [UInt8]) -> [Range<Int>] {
            switch self {
            case .everyByte:
                return (0..<bytes.count).map { $0..<($0 + 1) }
            case .fixed(let size):
                return Self.cut(bytes.count) { size }
            case .lines:
                var result: [Range<Int>] = []
                var start = 0
                for (i, byte) in bytes.enumerated() where byte == 0x0A {
                    result.append(start..<(i + 1))
                    start = i + 1
                }
                if start < bytes.count { result.append(start..<bytes.count) }
                return result
            case .random(let seed):
                var generator = SplitMix64(seed: seed)
                return Self.cut(bytes.count) { Int(generator.next() % 16) + 1 }
            case .mixed(let seed):
                var generator = SplitMix64(seed: seed)
                return Self.cut(bytes.count) { Self.mixedSize(&generator) }
            }
        }

        /// One chunk size of the `mixed` chunking: 1–16 bytes (11 in 20),
        /// 17–128 (6 in 20) or 129–512 (3 in 20). Package-visible so that the fuzz
        /// target draws its sizes the same way.
        package static func mixedSize(_ generator: inout SplitMix64) -> Int {
            let band = generator.next() % 20
            let value = Int(generator.next() >> 1)
            switch band {
            case 0..<11: return 1 + value % 16
            case 11..<17: return 17 + value % 112
            default: return 129 + value % 384
            }
        }

        /// Consecutive ranges covering `0..<count`, each `size()` long (the
        /// last one cut at `count`).
        private static func cut(_ count: Int, size: () -> Int) -> [Range<Int>] {
            var result: [Range<Int>] = []
            var start = 0
            while start < count {
                let end = min(start + size(), count)
                result.append(start..<end)
                start = end
            }
            return result
        }
    }

    /// One broken guarantee, with what is needed to reproduce it.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// The document's name.
        public var file: String
        /// The index of the chunk after which the check failed (-1: at finish).
        public var chunkIndex: Int
        /// The length of the prefix (bytes of the input) at that point.
        public var prefixLength: Int
        /// The block involved, if any.
        public var blockID: BlockID?
        /// What is wrong.
        public var message: String

        /// One line: `file: chunk N, prefix M bytes: block ID: message`.
        public var description: String {
            let block = blockID.map { " block \($0):" } ?? ""
            return "\(file): chunk \(chunkIndex), prefix \(prefixLength) bytes:\(block) \(message)"
        }
    }

    /// The outcome for one document and chunking.
    public struct Report: Hashable, Sendable {
        /// The document's name.
        public var name: String
        /// The chunking used.
        public var chunking: Chunking
        /// Chunks appended.
        public var chunks = 0
        /// Boundaries at which the tree was compared with a one-shot parse.
        public var prefixesChecked = 0
        /// Blocks in the final tree.
        public var blocks = 0
        /// Blocks that were closed before the end of the stream.
        public var closedBlocks = 0
        /// `update` patches emitted.
        public var updates = 0
        /// Closed blocks whose inline content a later link reference
        /// definition changed (allowed).
        public var definitionUpdates = 0
        /// Bytes handed to cmark over the whole stream.
        public var parsedBytes = 0
        /// Boundaries at which the tree lagged behind the text (a large open
        /// block waiting for its amortized re-parse): the one-shot
        /// comparison is skipped there, the patch replay is not.
        public var stalePrefixes = 0
        /// The largest lag, in bytes, at any boundary.
        public var maxStaleBytes = 0
        /// Bytes of the version-2 patch stream (header included).
        public var deltaBytes = 0
        /// The most version-2 bytes written after one append.
        public var maxDeltaBytesPerAppend = 0
        /// The first violations found (at most ``PrefixHarness/violationLimit``).
        public var violations: [Violation] = []

        /// Completed code lines whose tokens were checked against the
        /// final document's (the highlighting invariant).
        public var highlightedLines = 0

        /// Whether every check held.
        public var passed: Bool { violations.isEmpty }

        /// One line: `name (chunking): chunks=… prefixes=… blocks=… closed=… updates=… violations=…`.
        public var summaryLine: String {
            "\(name) (\(chunking)): chunks=\(chunks) prefixes=\(prefixesChecked) blocks=\(blocks) "
                + "closed=\(closedBlocks) updates=\(updates) definition-updates=\(definitionUpdates) "
                + "stale=\(stalePrefixes) max-lag=\(maxStaleBytes) highlighted-lines=\(highlightedLines) "
                + "violations=\(violations.count)"
        }
    }

    /// A report keeps at most this many violations; the stream stops there.
    public static let violationLimit = 20

    /// How documents are parsed.
    public var options: ParseOptions
    /// At most this many full-tree checks during the stream, spread evenly
    /// (`nil`: at every boundary; 0: none, only the one after `finish()`).
    public var fullCheckLimit: Int?
    /// The options of the one-shot parse the stream is compared with:
    /// ``options`` unless a test sets others, to show that a difference is
    /// reported (the engine has no known streaming difference to show it).
    var oracleOptions: ParseOptions?

    /// Creates a harness.
    public init(options: ParseOptions = ParseOptions(), fullCheckLimit: Int? = nil) {
        self.options = options
        self.fullCheckLimit = fullCheckLimit
    }

    /// Streams `bytes` with `chunking` and checks every guarantee.
    ///
    /// - Complexity: O(chunks × document) with full checks at every boundary;
    ///   O(chunks × tree + document) plus the streaming itself with a
    ///   ``fullCheckLimit`` of 0.
    public func verify(name: String, bytes: [UInt8], chunking: Chunking) -> Report {
        let chunks = chunking.chunks(of: bytes)
        var run = HarnessRun(
            name: name, bytes: bytes, options: options, oracleOptions: oracleOptions ?? options,
            report: Report(name: name, chunking: chunking),
            stride: fullCheckLimit.map { $0 <= 0 ? nil : max(1, chunks.count / $0) } ?? 1)
        for (index, range) in chunks.enumerated() {
            run.append(chunk: index, range: range, isLast: index == chunks.count - 1)
            if run.report.violations.count >= Self.violationLimit { break }
        }
        run.finish()
        return run.report
    }

    /// Whether two kinds differ at most in their inlines — what a link
    /// reference definition arriving later may change in a closed block: a
    /// paragraph's, a heading's (same level), a table row's cells (same
    /// ranges) or a table's header cells (same alignments and ranges).
    static func onlyInlinesDiffer(_ a: BlockKind, _ b: BlockKind) -> Bool {
        switch (a, b) {
        case (.paragraph, .paragraph): true
        case (.footnoteDefinition(let note), .footnoteDefinition(let other)): note.label == other.label
        case (.heading(let level, _), .heading(let other, _)): level == other
        case (.tableRow(let cells), .tableRow(let others)): cells.map(\.range) == others.map(\.range)
        case (.table(let table), .table(let other)):
            table.alignments == other.alignments && table.header.map(\.range) == other.header.map(\.range)
        default: false
        }
    }

    static func lastLeaf(of block: Block) -> Block? {
        guard let last = block.children.last else { return block.id == .document ? nil : block }
        return lastLeaf(of: last)
    }

    /// A readable description of where two trees first differ.
    static func firstDifference(_ a: Block, _ b: Block) -> (id: BlockID?, message: String) {
        if a.id != b.id { return (a.id, "ids \(a.id) vs \(b.id)") }
        if a.kind != b.kind { return (a.id, "kinds differ: \(a.kind) vs \(b.kind)") }
        if a.range != b.range { return (a.id, "ranges differ: \(a.range) vs \(b.range)") }
        if a.children.count != b.children.count {
            return (
                a.id,
                "children differ: [\(a.children.map(\.id.rawValue).joined(separator: ","))] vs [\(b.children.map(\.id.rawValue).joined(separator: ","))]"
            )
        }
        for (x, y) in zip(a.children, b.children) where x != y { return firstDifference(x, y) }
        return (nil, "equal")
    }
}

/// The state of one ``PrefixHarness/verify(name:bytes:chunking:)`` run: the
/// document being streamed, the trees rebuilt from its patches, what was
/// closed, and the report. Each step is one method: append a chunk, check
/// its patches, check the tree, finish, check the closed blocks.
private struct HarnessRun {
    /// A closed block's value and children, and for a list item whether
    /// its list was tight then (a paragraph's rendering depends on it).
    struct ClosedValue {
        var value: BlockValue
        var children: [BlockID]
        var tight: Bool?
    }

    let name: String
    let bytes: [UInt8]
    let parser: MarkdownParser
    /// Full checks at every `stride`-th boundary and the last (nil: none).
    let stride: Int?
    var report: PrefixHarness.Report
    var document: StreamingDocument
    /// The tree rebuilt from the patches.
    var mirror = Block(id: .document, kind: .document, range: 0..<0)
    var closedValues: [BlockID: ClosedValue] = [:]
    var encoder = DeltaEncoder()
    var writer = PatchStreamWriter(version: 2)
    /// The tree rebuilt from the version-2 deltas.
    var deltaMirror = Block(id: .document, kind: .document, range: 0..<0)
    var deltas: [DeltaPatch] = []
    var highlighting = HighlightInvariant()

    init(
        name: String, bytes: [UInt8], options: ParseOptions, oracleOptions: ParseOptions,
        report: PrefixHarness.Report, stride: Int?
    ) {
        self.name = name
        self.bytes = bytes
        self.parser = MarkdownParser(options: oracleOptions)
        self.stride = stride
        self.report = report
        self.document = StreamingDocument(options: options)
    }

    mutating func fail(_ chunk: Int, _ prefix: Int, _ id: BlockID?, _ message: String) {
        guard report.violations.count < PrefixHarness.violationLimit else { return }
        report.violations.append(
            PrefixHarness.Violation(file: name, chunkIndex: chunk, prefixLength: prefix, blockID: id, message: message))
    }

    /// Appends the chunk `range` of the input and checks its patches, and
    /// the whole tree when this boundary is due for a full check.
    mutating func append(chunk index: Int, range: Range<Int>, isLast: Bool) {
        let patches = document.append(bytes: bytes[range])
        report.chunks += 1
        if !document.isCurrent {
            report.stalePrefixes += 1
            report.maxStaleBytes = max(report.maxStaleBytes, document.staleByteCount)
        }
        checkPatches(patches, chunk: index, prefix: range.upperBound)
        checkHighlighting(patches, chunk: index, prefix: range.upperBound)
        if let stride, index % stride == 0 || isLast {
            let committed = range.upperBound - document.normalizer.pending.count
            let (parser, prefix) = (parser, bytes[0..<committed])
            checkTree(chunk: index, prefix: range.upperBound, expected: parser.parse(bytes: prefix))
        }
    }

    /// Finishes the stream, checks its last patches, the final tree against
    /// the one-shot parse of the whole input, and the closed blocks.
    mutating func finish() {
        let closedBeforeFinish = Set(closedValues.keys)
        let patches = document.finish()
        checkPatches(patches, chunk: -1, prefix: bytes.count)
        checkHighlighting(patches, chunk: -1, prefix: bytes.count)
        let (parser, bytes) = (parser, bytes)
        checkTree(chunk: -1, prefix: bytes.count, expected: parser.parse(bytes: bytes))
        report.parsedBytes = document.statistics.totalParsedBytes
        checkClosedBlocks(closedBefore: closedBeforeFinish)
        let (checked, failures) = highlighting.check(final: document.root)
        report.highlightedLines = checked
        for (seen, id, message) in failures { fail(seen.chunk, seen.prefix, id, message) }
    }

    /// Feeds the highlighting invariant (``HighlightInvariant``).
    mutating func checkHighlighting(_ patches: [Patch], chunk: Int, prefix: Int) {
        for (id, message) in highlighting.observe(patches, root: document.root, chunk: chunk, prefix: prefix) {
            fail(chunk, prefix, id, message)
        }
    }

    /// Applies one append's patches to both mirrors and checks them.
    mutating func checkPatches(_ patches: [Patch], chunk: Int, prefix: Int) {
        replay(patches, chunk: chunk, prefix: prefix)
        replayWire(patches, chunk: chunk, prefix: prefix)
    }

    /// Applies `patches` to the mirror: each must apply, no update may
    /// repeat a value, the open block is never removed and re-inserted
    /// under the same parent, and closed blocks are recorded.
    mutating func replay(_ patches: [Patch], chunk: Int, prefix: Int) {
        let openLeaf = PrefixHarness.lastLeaf(of: mirror)
        let openParent = openLeaf.flatMap { mirror.parent(of: $0.id)?.id }
        var removed: Set<BlockID> = []
        for patch in patches {
            switch patch {
            case .update(let id, let value):
                report.updates += 1
                if let old = mirror.descendant(withID: id), old.value == value {
                    fail(chunk, prefix, id, "update with an unchanged value")
                }
            case .remove(let id):
                removed.insert(id)
            case .insert(let parent, _, let block):
                // Under the same parent the open block must be updated in
                // place; a block that changes parent may be re-inserted.
                if removed.contains(block.id) && block.id == openLeaf?.id && parent == openParent {
                    fail(chunk, prefix, block.id, "the open block was removed and re-inserted instead of updated")
                }
            case .close(let id):
                if closedValues[id] == nil { recordClosed(id) }
            case .move: break
            }
            do {
                try patch.apply(to: &mirror)
            } catch {
                fail(chunk, prefix, patch.id, "patch does not apply: \(error)")
            }
            if case .close(let id) = patch, closedValues[id] == nil { recordClosed(id) }
        }
    }

    /// Records a closed block: a `close` covers the block's whole subtree.
    mutating func recordClosed(_ id: BlockID) {
        guard let block = mirror.descendant(withID: id) else { return }
        var tight: Bool? = nil
        if case .item = block.kind, let parent = mirror.parent(of: id), case .list(let attributes) = parent.kind {
            tight = attributes.tight
        }
        record(block, tight: tight)
    }

    mutating func record(_ block: Block, tight: Bool?) {
        guard closedValues[block.id] == nil else { return }
        closedValues[block.id] = ClosedValue(value: block.value, children: block.children.map(\.id), tight: tight)
        var childTight: Bool? = nil
        if case .list(let attributes) = block.kind { childTight = attributes.tight }
        for child in block.children { record(child, tight: childTight) }
    }

    /// Encodes `patches` as version-2 deltas, writes and applies them.
    mutating func replayWire(_ patches: [Patch], chunk: Int, prefix: Int) {
        deltas.removeAll(keepingCapacity: true)
        for patch in patches { encoder.encode(patch, into: &deltas) }
        for delta in deltas {
            writer.write(delta)
            do {
                try delta.apply(to: &deltaMirror)
            } catch {
                fail(chunk, prefix, delta.id, "version-2 patch does not apply: \(error)")
            }
        }
        let wire = writer.pendingByteCount
        _ = writer.takeBytes()
        report.deltaBytes += wire
        if chunk >= 0 { report.maxDeltaBytesPerAppend = max(report.maxDeltaBytesPerAppend, wire) }
    }

    /// The full check: the tree equals the one-shot parse (where current),
    /// both mirrors equal the tree, and no two blocks share an id.
    ///
    /// - Complexity: O(document).
    mutating func checkTree(chunk: Int, prefix: Int, expected: @autoclosure () -> Block) {
        if document.isCurrent {
            report.prefixesChecked += 1
            let expected = expected()
            if document.root != expected {
                let detail = PrefixHarness.firstDifference(document.root, expected)
                fail(chunk, prefix, detail.id, "streamed tree differs from one-shot parse: \(detail.message)")
            }
        }
        if mirror != document.root {
            let detail = PrefixHarness.firstDifference(mirror, document.root)
            fail(chunk, prefix, detail.id, "replayed patches differ from the tree: \(detail.message)")
        }
        let withoutRanges = document.root.removingRanges()
        // Inserted blocks keep their ranges in memory (the wire has none).
        let replayed = deltaMirror.removingRanges()
        if replayed != withoutRanges {
            let detail = PrefixHarness.firstDifference(replayed, withoutRanges)
            fail(chunk, prefix, detail.id, "replayed version-2 patches differ from the tree: \(detail.message)")
        }
        var seen: Set<BlockID> = []
        var duplicates: [BlockID] = []
        document.root.forEach { block in
            if !seen.insert(block.id).inserted { duplicates.append(block.id) }
        }
        for id in duplicates { fail(chunk, prefix, id, "duplicate id") }
    }

    /// Every block closed before `finish()` is in the final tree with the
    /// same id, children and value (inlines may change by a later
    /// definition: counted), and a closed item's list kept its tightness.
    mutating func checkClosedBlocks(closedBefore: Set<BlockID>) {
        var final: [BlockID: Block] = [:]
        var finalTightness: [BlockID: Bool] = [:]
        document.root.forEach { block in
            final[block.id] = block
            if case .list(let attributes) = block.kind {
                for item in block.children { finalTightness[item.id] = attributes.tight }
            }
        }
        report.blocks = final.count
        for (id, closedValue) in closedValues where closedBefore.contains(id) {
            report.closedBlocks += 1
            guard let block = final[id] else {
                fail(-1, bytes.count, id, "closed block is missing from the final tree")
                continue
            }
            if let tight = closedValue.tight, finalTightness[id] != tight {
                fail(-1, bytes.count, id, "closed item's list changed tightness (its paragraphs render differently)")
            }
            if block.children.map(\.id) != closedValue.children {
                fail(-1, bytes.count, id, "closed block's children changed")
            } else if block.value != closedValue.value {
                if block.range == closedValue.value.range,
                    PrefixHarness.onlyInlinesDiffer(block.kind, closedValue.value.kind)
                {
                    report.definitionUpdates += 1
                } else {
                    fail(-1, bytes.count, id, "closed block's value changed")
                }
            }
        }
    }
}
