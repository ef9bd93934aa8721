#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The nanosecond clock of every measurement: wall time
/// (`CLOCK_MONOTONIC`, a vDSO call of a few tens of nanoseconds) by default,
/// or the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, a system call of a
/// few hundred nanoseconds) with `--cpu-time`, which leaves out the time the
/// thread waited for a core on a loaded machine.
enum Clock {
    /// Whether ``now()`` reads the thread's CPU time. Set once, before any
    /// measurement, from the command line.
    nonisolated(unsafe) static var measuresCPUTime = false

    /// Nanoseconds since an arbitrary fixed point.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(measuresCPUTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// `thread CPU time` or `wall time`, for the results.
    static var name: String {
        measuresCPUTime ? "thread CPU time (CLOCK_THREAD_CPUTIME_ID)" : "wall time (CLOCK_MONOTONIC)"
    }

    /// The mean cost of one ``now()`` call, in nanoseconds.
    static func overhead() -> Double {
        let count = 100_000
        var sink: UInt64 = 0
        let start = now()
        for _ in 0..<count { sink &+= now() }
        let end = now()
        return Double(end &- start) / Double(count) + (sink == 42 ? 1e-9 : 0)
    }
}
