import Foundation

/// Percentiles of per-append latencies, in microseconds.
struct LatencySummary: Codable {
    /// The mean.
    var mean: Double
    /// The median (nearest rank).
    var p50: Double
    /// The 90th percentile (nearest rank).
    var p90: Double
    /// The 99th percentile (nearest rank).
    var p99: Double
    /// The largest.
    var max: Double

    /// Summarises nanosecond samples; `nil` when there are none.
    ///
    /// - Complexity: O(n log n).
    init?(nanoseconds samples: [UInt64]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func rank(_ percent: Double) -> Double {
            let index = Swift.max(
                0, Swift.min(sorted.count - 1, Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1))
            return Double(sorted[index]) / 1_000
        }
        mean = Double(samples.reduce(0, &+)) / Double(samples.count) / 1_000
        p50 = rank(50)
        p90 = rank(90)
        p99 = rank(99)
        max = Double(sorted[sorted.count - 1]) / 1_000
    }
}
