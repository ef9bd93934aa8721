/// The container prefixes around a block, as a persistent chain: a block's
/// chain is its container's chain plus at most one prefix, so descending a
/// level costs O(1) however deep the nesting is (an array copied per level
/// made the extension layer quadratic in the depth).
///
/// Each link also remembers where its prefixes end on the last line it was
/// asked about (``ExtensionWalker`` asks about the line of every list
/// item's marker), so the items of `- - - … x` on one line each cost O(1).
final class PrefixChain {
    /// Where the container prefixes of one line end.
    struct Position {
        /// Offset just after the prefixes matched so far.
        var offset: Int
        /// Column (tabs expanded) at `offset`.
        var column: Int
        /// Whether a prefix was missing (then the later ones are not tried).
        var lazy: Bool
    }

    /// The innermost prefix, `nil` for the empty chain.
    let prefix: LinePrefix?
    /// The chain of the enclosing containers.
    let parent: PrefixChain?
    /// How many prefixes the chain holds.
    let depth: Int
    /// Counts the work done through the chain (shared by all its links).
    let work: ExtensionWork.Counter

    /// The line `position` was computed for (its first offset), or -1.
    private var memoLineStart = -1
    private var memoPosition = Position(offset: 0, column: 0, lazy: false)

    /// The empty chain (top-level blocks).
    init(work: ExtensionWork.Counter) {
        prefix = nil
        parent = nil
        depth = 0
        self.work = work
    }

    private init(prefix: LinePrefix, parent: PrefixChain) {
        self.prefix = prefix
        self.parent = parent
        depth = parent.depth + 1
        work = parent.work
    }

    /// The chain with `prefix` added inside this one. O(1).
    func appending(_ prefix: LinePrefix) -> PrefixChain {
        PrefixChain(prefix: prefix, parent: self)
    }

    /// The prefixes, outermost first.
    ///
    /// - Complexity: O(depth); callers use it where they strip the lines of
    ///   a leaf block, which costs O(depth) per line anyway.
    var array: [LinePrefix] {
        var result: [LinePrefix] = []
        result.reserveCapacity(depth)
        var link: PrefixChain? = self
        while let current = link, let prefix = current.prefix {
            result.append(prefix)
            link = current.parent
        }
        work.value.prefixElementsCopied += result.count
        return result.reversed()
    }

    /// Where the prefixes end on the line `lineStart..<lineEnd`, as
    /// ``SourceLines/strip(lineStart:prefixes:)`` computes it.
    ///
    /// - Complexity: O(1) amortized when asked about the same line as the
    ///   enclosing chain was (the links up to the last one that remembers
    ///   this line are stepped), O(depth) for a new line.
    func position(lineStart: Int, lineEnd: Int, in lines: SourceLines) -> Position {
        // Links (innermost first) that must be stepped, up to one that
        // remembers this line or the empty chain.
        var pending: [PrefixChain] = []
        var link = self
        var position = Position(offset: lineStart, column: 0, lazy: false)
        while true {
            if link.memoLineStart == lineStart {
                position = link.memoPosition
                break
            }
            guard let parent = link.parent else { break }
            pending.append(link)
            link = parent
        }
        for step in pending.reversed() {
            if let prefix = step.prefix, !position.lazy {
                position = lines.step(over: prefix, from: position, lineEnd: lineEnd)
            }
            work.value.prefixSteps += 1
            step.memoLineStart = lineStart
            step.memoPosition = position
        }
        return position
    }
}

/// Counters of the extension layer's work, for tests that check it stays
/// linear in the input (see `NestingWorkTests`).
struct ExtensionWork: Hashable, Sendable {
    /// Container prefixes copied into arrays (to strip a leaf block's lines).
    var prefixElementsCopied = 0
    /// Container prefixes stepped over to find where a list item's marker is.
    var prefixSteps = 0
    /// Bytes scanned to find the line of a list item's marker.
    var lineBytesScanned = 0

    /// A shared, mutable ``ExtensionWork``.
    final class Counter {
        /// The counts so far.
        var value = ExtensionWork()
    }
}
