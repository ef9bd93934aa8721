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
            let index = Swift.max(0, Swift.min(sorted.count - 1, Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1))
            return Double(sorted[index]) / 1_000
        }
        mean = Double(samples.reduce(0, &+)) / Double(samples.count) / 1_000
        p50 = rank(50)
        p90 = rank(90)
        p99 = rank(99)
        max = Double(sorted[sorted.count - 1]) / 1_000
    }
}

/// Least-squares fits used for extrapolation and growth exponents.
enum Fit {
    /// Fits `y = a + b·x`; returns `(a, b)`. With fewer than two distinct
    /// `x`, returns the mean of `y` and slope 0.
    ///
    /// - Complexity: O(n).
    static func linear(x: [Double], y: [Double]) -> (intercept: Double, slope: Double) {
        let n = Double(x.count)
        guard x.count >= 2 else { return (y.first ?? 0, 0) }
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var sxx = 0.0
        var sxy = 0.0
        for index in x.indices {
            sxx += (x[index] - meanX) * (x[index] - meanX)
            sxy += (x[index] - meanX) * (y[index] - meanY)
        }
        guard sxx > 0 else { return (meanY, 0) }
        let slope = sxy / sxx
        return (meanY - slope * meanX, slope)
    }

    /// The exponent `k` of `y ≈ c·xᵏ`, fitted on a log-log scale.
    static func exponent(x: [Double], y: [Double]) -> Double {
        let pairs = zip(x, y).filter { $0.0 > 0 && $0.1 > 0 }
        return linear(x: pairs.map { log($0.0) }, y: pairs.map { log($0.1) }).slope
    }
}
