/// When to re-parse a large open window: the amortized refresh policy.
///
/// The engine narrows its window to the innermost open block it can (a
/// list item, a code line, a table row), but some blocks cannot be split:
/// one long paragraph, a base64 line, a list item holding a long code
/// block. Re-parsing such a block on every append costs O(block) each time,
/// O(n²) in all — an attacker's choice of input could stall a server.
///
/// A window whose cost — its bytes plus ``blockCost`` per block its last
/// parse produced (deep nesting costs far more per byte than prose) — is at
/// most ``threshold`` is parsed on every append (every model answer in
/// `Corpus/` stays below it, so it is never stale). A costlier window is
/// parsed again only when the text has grown since its last parse by at
/// least
/// - a quarter of the window (``growthDivisor``), or
/// - a sixteenth of the window (``lineDivisor``) if a line ended since then,
///
/// so its size grows geometrically from one parse to the next: past the
/// threshold, the bytes parsed for a block of n bytes stay below `17 n`, and
/// the work per append is O(chunk) amortized. Between parses the tree lags
/// behind the text (*stale*) by less than a quarter of the window;
/// `finish()` always parses, so the final tree is exact.
struct RefreshSchedule: Sendable {
    /// Windows up to this cost are parsed on every append.
    static let threshold = 4 * 1024
    /// The cost of one block of the window's last parse, in bytes.
    static let blockCost = 32
    /// A large window is parsed once it grew by 1/`growthDivisor` of its size.
    static let growthDivisor = 4
    /// … or by 1/`lineDivisor` of its size with a line ended in between.
    static let lineDivisor = 16

    /// Text length at the last parse.
    private(set) var parsedLength = 0
    /// How far the text was scanned for line ends since the last parse.
    private var scannedLength = 0
    /// Whether a line ended in `parsedLength..<scannedLength`.
    private var lineEnded = false

    /// Bytes received since the last parse that the tree does not show yet.
    func staleBytes(textCount: Int) -> Int { textCount - parsedLength }

    /// Whether the window from `windowStart`, whose last parse produced
    /// `blocks` blocks, must be parsed now.
    ///
    /// - Complexity: O(bytes appended since the last call).
    mutating func isDue(_ text: UnsafeBufferPointer<UInt8>, windowStart: Int, blocks: Int) -> Bool {
        let window = text.count - windowStart
        if window + blocks * Self.blockCost <= Self.threshold { return true }
        while scannedLength < text.count && !lineEnded {
            if text[scannedLength] == 0x0A || text[scannedLength] == 0x0D { lineEnded = true }
            scannedLength += 1
        }
        let grown = text.count - parsedLength
        return grown * Self.growthDivisor >= window || (lineEnded && grown * Self.lineDivisor >= window)
    }

    /// Records a parse of the whole text.
    mutating func didParse(textCount: Int) {
        parsedLength = textCount
        scannedLength = textCount
        lineEnded = false
    }
}
