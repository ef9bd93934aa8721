import Foundation

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
