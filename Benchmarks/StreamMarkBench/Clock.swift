#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A monotonic nanosecond clock (`clock_gettime(CLOCK_MONOTONIC)`, a vDSO
/// call of a few tens of nanoseconds).
enum Clock {
    /// Nanoseconds since an arbitrary fixed point.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
