/// Finds where cmark's code spans end, scanning left to right, with
/// cmark's own memo (`scan_to_closing_backticks`): a backtick run opens a
/// code span when a later run of the same length closes it, and is text
/// otherwise.
///
/// Each scan records where it last met a run of each length; once one
/// scan has reached the end without a closer, an opener whose length was
/// last met at or before it is text without a scan. cmark's memo keeps
/// scans linear, and it also decides: a scan that stops at an earlier
/// closer overwrites the position of a later run of that length, which
/// then closes nothing (`` `` `` / `` `a` `` / `` `b` ``: both single
/// runs after the first span are text). The extension layer must see the
/// same spans as cmark.
struct CodeSpanScanner {
    /// libcmark 0.30's `MAXBACKTICKS`: a longer run is always text
    /// (cmark-gfm 0.29 stops at 80, a core difference).
    private static let maximumRun = 1_000

    private let bytes: UnsafeBufferPointer<UInt8>
    /// For each run length, where a scan last met a run of that length.
    private var lastMet = [Int](repeating: 0, count: maximumRun + 1)
    /// Whether a scan has reached the end without finding its closer.
    private var scannedToEnd = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// After the code span whose opening run starts at `start`, or after
    /// that run when it opens none.
    ///
    /// - Complexity: O(length of the span); over a scan of the whole text,
    ///   O(n) besides.
    mutating func end(at start: Int) -> Int {
        var runEnd = start
        while runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
        let length = runEnd - start
        guard length <= Self.maximumRun, !scannedToEnd || lastMet[length] > runEnd else { return runEnd }
        var i = runEnd
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "`") else {
                i += 1
                continue
            }
            let runStart = i
            while i < bytes.count, bytes[i] == UInt8(ascii: "`") { i += 1 }
            if i - runStart <= Self.maximumRun { lastMet[i - runStart] = runStart }
            if i - runStart == length { return i }
        }
        scannedToEnd = true
        return runEnd
    }
}
