import StreamMark

/// Sampling helpers over the engine's seeded `SplitMix64` for the test
/// generators: integer arithmetic only, so a seed gives the same document on
/// every platform and with every toolchain (unlike `Int.random(in:using:)`,
/// whose algorithm the standard library does not promise to keep).
extension SplitMix64 {
    /// A uniform integer in `0..<bound` (`bound` > 0).
    ///
    /// - Complexity: O(1).
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A uniform integer in the closed range.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// `true` with probability `percent`/100.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A uniformly chosen element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
