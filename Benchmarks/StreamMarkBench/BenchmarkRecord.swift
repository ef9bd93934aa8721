/// One measured (document, system, chunking): a row of the table and one
/// line of `--json` output.
struct BenchmarkRecord: Codable {
    /// The document's name (file name, or a generated name).
    var document: String
    /// The document's size in bytes.
    var bytes: Int
    /// What was measured: `streammark`, `streammark-oneshot`, `cmark-oneshot`,
    /// `baseline-full-reparse`, `baseline-tail-reparse`, `streammark+html`, `streammark-growth`
    /// or `streammark-memory`.
    var system: String
    /// `4`, `64`, `line` (chunk sizes) or `whole` (one-shot).
    var chunking: String
    /// Calls the full run makes (appends, or repetitions for one-shot).
    var appends: Int
    /// Calls actually measured (fewer when the run was capped by time).
    var measuredAppends: Int
    /// Bytes of the document actually streamed when measuring.
    var measuredBytes: Int
    /// Measured seconds (for one-shot: the fastest repetition).
    var seconds: Double
    /// Whether `estimatedSeconds` is an extrapolation of a capped run.
    var extrapolated: Bool
    /// Seconds for the whole document: `seconds` if complete, otherwise the
    /// extrapolation described in `note`.
    var estimatedSeconds: Double
    /// Document megabytes (10⁶ bytes) per estimated second.
    var megabytesPerSecond: Double
    /// Per-append latencies of the measured appends, in microseconds.
    var latency: LatencySummary?
    /// Mean bytes handed to cmark per append (`statistics.lastParsedBytes`).
    var parsedBytesPerAppend: Double?
    /// Largest bytes handed to cmark by one append.
    var maxParsedBytesPerAppend: Int?
    /// Mean patches returned per append.
    var patchesPerAppend: Double?
    /// Block renders per append: `nil` until a render cache exists.
    var rendersPerAppend: Double?
    /// Peak resident memory growth of a fresh child process, in bytes.
    var peakMemoryBytes: Int?
    /// How an extrapolation was made, or other remarks.
    var note: String?
}
