/// The settled part of a window that is a run of link reference
/// definitions: the complete lines at its start that no later text can
/// change (see ``DefinitionRunShortcut``).
///
/// A line settles when it is blank, or when it is a whole definition on
/// one line (``ReferenceKeys/simpleDefinitionLabel(_:_:)``: label,
/// destination, optional title, nothing after) and the next line has
/// begun with `[`: a title can no longer follow it, so its label,
/// destination and title are final, and cmark, which reads definitions
/// from the start of a paragraph one after another, reads the lines after
/// it as if they began the paragraph.
struct DefinitionRun: Equatable, Sendable {
    /// Where the run starts: the window's start.
    let start: Int
    /// Where the unsettled lines (the *tail*) start.
    private(set) var tailStart: Int
    /// Where the paragraph the tail continues starts: after the last blank
    /// line of the run, or at its start. cmark takes definitions out of a
    /// paragraph without moving its start, so text after them is a
    /// paragraph that starts here.
    private(set) var paragraphStart: Int
    /// The definition regions (``IncrementalEngine/definitionRegions(_:_:)``)
    /// of the settled lines, and whether the last of them is in a region.
    private(set) var settledRegions: [UInt8] = []
    private(set) var inRegion = false
    /// The keys the settled lines define.
    private(set) var settledKeys: Set<String> = []
    /// The line of the first settled definition of each key.
    private(set) var firstDefinitions: [String: Range<Int>] = [:]
    /// The keys the tail defined after the last update.
    var tailKeys: Set<String> = []
    /// Whether the engine's window definition text is the settled regions
    /// followed by the tail's (checked after each window parse; the engine
    /// keeps none while no frozen text uses a label).
    var mirrorsEngine = false

    /// A run starting at `start`, nothing settled.
    init(start: Int) {
        self.start = start
        tailStart = start
        paragraphStart = start
    }

    /// Where the paragraph the tail continues begins: its first line's
    /// first byte after the indentation (cmark's paragraph start).
    func paragraphContentStart(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = paragraphStart
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        return i
    }

    /// The definition regions of the tail, as they follow the settled ones.
    ///
    /// - Complexity: O(tail).
    func tailRegions(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = inRegion
        var regions: [UInt8] = []
        IncrementalEngine.appendDefinitionRegions(text, tailStart..<text.count, inRegion: &state, to: &regions)
        return regions
    }

    /// Settles the tail's complete lines that no later text can change.
    ///
    /// - Complexity: O(lines settled + one line), amortized O(chunk).
    mutating func settle(_ text: UnsafeBufferPointer<UInt8>) {
        while tailStart < text.count, IncrementalEngine.startsOnCompleteLine(tailStart, in: text) {
            let next = IncrementalEngine.nextLineStart(after: tailStart, in: text)
            let lineEnd = IncrementalEngine.lineEnd(of: tailStart, in: text)
            if Self.isBlank(text, tailStart..<lineEnd) {
                paragraphStart = next
            } else {
                guard let label = ReferenceKeys.simpleDefinitionLabel(text, tailStart..<lineEnd),
                    Self.startsWithBracket(text, at: next)
                else { return }
                let key = ReferenceKeys.key(text, label)
                settledKeys.insert(key)
                if firstDefinitions[key] == nil { firstDefinitions[key] = tailStart..<next }
            }
            IncrementalEngine.appendDefinitionRegions(text, tailStart..<next, inRegion: &inRegion, to: &settledRegions)
            tailStart = next
        }
    }

    /// The first settled definition of each of `keys`, in document order,
    /// then the tail if `withTail`: what text that uses those labels needs
    /// of the run (a frozen segment parsed again when the tail's
    /// definitions change, or the tail itself).
    func definitions(for keys: Set<String>, _ text: UnsafeBufferPointer<UInt8>, withTail: Bool) -> [UInt8] {
        var buffer: [UInt8] = []
        for line in keys.compactMap({ firstDefinitions[$0] }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            buffer.append(contentsOf: text[line])
        }
        if withTail { buffer.append(contentsOf: text[tailStart..<text.count]) }
        return buffer
    }

    private static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        text[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether the line at `start` has begun with up to three spaces and `[`.
    private static func startsWithBracket(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var i = start
        while i < text.count, i - start < 3, text[i] == 0x20 { i += 1 }
        return i < text.count && text[i] == UInt8(ascii: "[")
    }
}
