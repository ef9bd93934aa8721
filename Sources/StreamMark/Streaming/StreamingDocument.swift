/// A Markdown document that arrives in chunks.
///
/// ```swift
/// var document = StreamingDocument()
/// for chunk in chunks {
///     let patches = document.append(chunk)   // insert / update / remove / close
///     client.apply(patches)
/// }
/// let last = document.finish()
/// ```
///
/// After every append, ``root`` equals ``MarkdownParser/parse(_:)`` of the
/// text received so far (an incomplete UTF-8 character at the end is held
/// back until it completes). Every block is named by the byte offset where
/// it begins, so appending text never renames an earlier block.
///
/// Only the part of the document that can still change is re-parsed: closed
/// blocks are never parsed, converted or diffed again (except when a link
/// reference definition arrives that changes their links).
///
/// `StreamingDocument` is a value: copying it copies the document (arrays are
/// shared until written). It has no locks and is not tied to a thread.
public struct StreamingDocument: Sendable {
    /// How text is parsed.
    public let options: ParseOptions
    /// The current tree (a `document` block with id `doc`).
    public internal(set) var root: Block
    /// Whether ``finish()`` has been called.
    public internal(set) var isFinished = false
    /// Counters describing the work done, for tests and benchmarks.
    public internal(set) var statistics = Statistics()

    var normalizer = UTF8Normalizer()
    var bytes: [UInt8] = []
    var engine: IncrementalEngine
    /// The engine's tree once the text holds footnote syntax (references
    /// unresolved, no section); ``root`` is then made from it by
    /// ``footnotes``. `nil` before: the engine updates ``root`` itself.
    var body: Block? = nil
    /// The numbering of footnotes while they stream.
    var footnotes = FootnoteLedger()
    /// Where the text holds `[^` (searched only with footnotes on).
    var footnoteSites = FootnoteSites()

    /// Creates an empty document.
    public init(options: ParseOptions = ParseOptions()) {
        self.options = options
        self.root = Block(id: .document, kind: .document, range: 0..<0)
        self.engine = IncrementalEngine(options: options)
    }

    /// The text received so far, normalized (see ``UTF8Normalizer``).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The number of bytes of normalized text received so far.
    public var byteCount: Int { bytes.count }

    /// The normalized text received so far, as bytes.
    public var utf8: [UInt8] { bytes }

    /// Appends a chunk of text and returns the patches that bring a client's
    /// tree up to date.
    ///
    /// - Complexity: O(chunk + innermost open block) for the document shapes
    ///   described in `docs/architecture.md`; never O(document).
    @discardableResult
    public mutating func append(_ chunk: String) -> [Patch] {
        append(bytes: chunk.utf8)
    }

    /// Appends raw bytes. A chunk may end inside a UTF-8 character or between
    /// `\r` and `\n`; the rest arrives with the next chunk.
    ///
    /// - Complexity: as ``append(_:)``.
    @discardableResult
    public mutating func append(bytes chunk: some Collection<UInt8>) -> [Patch] {
        precondition(!isFinished, "append after finish()")
        let before = bytes.count
        normalizer.normalize(chunk, into: &bytes)
        statistics.appends += 1
        if bytes.count == before {
            statistics.lastParsedBytes = 0
            statistics.lastWork = Statistics.Work()
            return []
        }
        return update(final: false)
    }

    /// Ends the stream: flushes an incomplete character as U+FFFD, and closes
    /// every block that is still open.
    @discardableResult
    public mutating func finish() -> [Patch] {
        guard !isFinished else { return [] }
        normalizer.finish(into: &bytes)
        isFinished = true
        return update(final: true)
    }

    /// Bytes received that ``root`` does not reflect yet: 0 except while a
    /// large open block waits for its next amortized re-parse (see
    /// `docs/architecture.md`, "Amortized refresh"). ``finish()`` always
    /// brings it to 0.
    public var staleByteCount: Int { engine.schedule.staleBytes(textCount: bytes.count) }

    /// Whether ``root`` equals the one-shot parse of ``text`` (nothing is stale).
    public var isCurrent: Bool { staleByteCount == 0 }

    /// Whether the block is closed: final, never updated again except by a
    /// link reference definition that arrives later.
    public func isClosed(_ id: BlockID) -> Bool {
        isFinished || engine.closed.contains(id)
    }

    private mutating func update(final: Bool) -> [Patch] {
        var patches: [Patch] = []
        if options.extensions.contains(.footnotes) {
            footnoteSites.scan(bytes)
            if body == nil, !footnoteSites.isEmpty {
                body = root
                engine.shortcutsEnabled = false
            }
        }
        let parsed: Int
        if var tree = body {
            body = nil  // uniquely referenced while the engine writes it
            let from = engine.frozenTop
            engine.shortcutsEnabled = footnoteSites.spareRightEdge(of: tree, end: bytes.count)
            parsed = bytes.withUnsafeBufferPointer { buffer in
                engine.update(root: &tree, text: buffer, final: final, patches: &patches)
            }
            if engine.answeredBy != nil, !footnoteSites.touched(by: patches),
                (try? Patch.apply(patches, to: &root)) != nil
            {
                // A shortcut changed only blocks without footnote syntax:
                // the public tree takes the same patches, and the numbering
                // (made from the blocks that hold `[^`) is unchanged.
                root.range = tree.range
                footnotes.didSkipUpdate()
            } else if !patches.isEmpty || final {
                footnotes.update(
                    root: &root, body: tree, from: from, frozenTop: engine.frozenTop, sites: footnoteSites,
                    patches: &patches)
            } else {
                footnotes.didSkipUpdate()
            }
            if final, root.children.last?.id == .footnotes { patches.append(.close(id: .footnotes)) }
            body = tree
        } else {
            parsed = bytes.withUnsafeBufferPointer { buffer in
                engine.update(root: &root, text: buffer, final: final, patches: &patches)
            }
        }
        statistics.lastParsedBytes = parsed
        statistics.totalParsedBytes += parsed
        if let shortcut = engine.answeredBy { statistics.shortcutAppends[shortcut.name, default: 0] += 1 }
        statistics.patches += patches.count
        var work = engine.work
        work.footnoteBlocksResolved = footnotes.resolvedBlocks
        statistics.lastWork = work
        statistics.totalWork.add(work)
        let stale = staleByteCount
        if stale > 0 {
            statistics.staleAppends += 1
            statistics.maxStaleBytes = max(statistics.maxStaleBytes, stale)
        }
        return patches
    }
}
