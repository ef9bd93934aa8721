/// Measures flicker: visible characters that are shown and then withdrawn
/// while a document streams (`docs/provisional.md`, "Flicker").
///
/// The *visible text* of a tree is the text its safe HTML rendering shows
/// (``VisibleText``). Between two consecutive prefixes, the characters
/// *withdrawn* are the Unicode scalars of the earlier visible text after its
/// longest common prefix with the later one: text that was on screen and is
/// no longer there, or no longer in the same place. Appending text withdraws
/// nothing; `**bold` turning into **bold** withdraws the six scalars
/// `**bold`; a heading that turns back into paragraph text withdraws nothing
/// (same text) unless its text changes.
///
/// The meter streams a document one byte at a time (every prefix) and sums
/// the withdrawn scalars, for the truth (``StreamingDocument/root``) and for
/// the provisional display (``StreamingDocument/displayRoot()``) side by
/// side. Closed top-level blocks never change, so only the blocks from the
/// first one that was open are measured at each step, and visible text is
/// cached per block value.
///
/// `package`, not public API: `streammark-bench flicker` and the tests use it.
///
/// - Complexity: O(n × open top-level block) for a document of n bytes.
package struct FlickerMeter: Sendable {
    /// The totals of one run.
    package struct Result: Hashable, Sendable, Codable {
        /// Bytes streamed.
        package var bytes = 0
        /// Scalars withdrawn with the truth shown.
        package var truthWithdrawn = 0
        /// Scalars withdrawn with the provisional display shown.
        package var displayWithdrawn = 0

        /// Creates totals.
        package init(bytes: Int = 0, truthWithdrawn: Int = 0, displayWithdrawn: Int = 0) {
            self.bytes = bytes
            self.truthWithdrawn = truthWithdrawn
            self.displayWithdrawn = displayWithdrawn
        }

        /// Withdrawn scalars per 1,024 bytes of input.
        package func perKilobyte(_ withdrawn: Int) -> Double {
            bytes == 0 ? 0 : Double(withdrawn) * 1024 / Double(bytes)
        }
    }

    /// How text is parsed.
    package var options: ParseOptions

    /// Creates a meter.
    package init(options: ParseOptions = ParseOptions()) { self.options = options }

    /// Streams `bytes` one byte at a time and counts withdrawn characters.
    package func measure(_ bytes: [UInt8]) -> Result {
        var document = StreamingDocument(options: options)
        var result = Result(bytes: bytes.count)
        var cache = VisibleText.Cache()
        var frozen = 0
        var truth: [UInt8] = []
        var shown: [UInt8] = []
        for byte in bytes {
            document.append(bytes: CollectionOfOne(byte))
            let display = document.provisionalDisplay()
            let tail = Array(document.root.children[min(frozen, document.root.children.count)...])
            let tailRoot = Block(id: .document, kind: .document, range: 0..<0, children: tail)
            let nextTruth = cache.text(of: tail)
            let nextShown = cache.text(of: display.applied(to: tailRoot).children)
            result.truthWithdrawn += Self.withdrawn(from: truth, to: nextTruth)
            result.displayWithdrawn += Self.withdrawn(from: shown, to: nextShown)
            // Blocks closed now never change: measure from the first open one.
            var newFrozen = frozen
            while newFrozen < document.root.children.count, document.isClosed(document.root.children[newFrozen].id) {
                newFrozen += 1
            }
            let dropped = cache.text(of: Array(document.root.children[frozen..<newFrozen]))
            truth = Array(nextTruth.dropFirst(dropped.count))
            shown = Array(nextShown.dropFirst(dropped.count))
            frozen = newFrozen
        }
        return result
    }

    /// Scalars of `old` after its longest common prefix with `new`. The
    /// `\n` that ends the last leaf is not counted: it is the end of the
    /// text, not a character on screen.
    package static func withdrawn(from old: [UInt8], to new: [UInt8]) -> Int {
        let old = old.last == 0x0A ? old.dropLast() : old[...]
        var common = 0
        let limit = min(old.count, new.count)
        while common < limit, old[old.startIndex + common] == new[common] { common += 1 }
        // Back up to the start of a scalar.
        while common > 0, common < old.count, old[old.startIndex + common] & 0xC0 == 0x80 { common -= 1 }
        var count = 0
        for byte in old[(old.startIndex + common)...] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
