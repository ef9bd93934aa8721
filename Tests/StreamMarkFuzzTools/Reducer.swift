import Foundation

/// Delta debugging (Zeller's ddmin, complements only): the smallest input
/// it can find, by whole lines first and then by bytes, on which `fails`
/// still holds. Every test is counted against a budget of calls and time, so
/// one finding never stalls the fuzzer; what is left is still a failing
/// input, only not 1-minimal.
struct Reducer {
    /// At most this many calls of the predicate.
    var maximumTests = 4_000
    /// At most this many seconds.
    var maximumSeconds = 180.0

    /// The reduced input: lines, then bytes.
    func reduce(_ input: [UInt8], _ fails: ([UInt8]) -> Bool) -> (bytes: [UInt8], tests: Int) {
        var tests = 0
        let start = Date()
        func check(_ candidate: [UInt8]) -> Bool {
            guard tests < maximumTests, Date().timeIntervalSince(start) < maximumSeconds else { return false }
            tests += 1
            return fails(candidate)
        }
        let lines = Self.ddmin(Self.lines(input)) { check($0.flatMap { $0 }) }.flatMap { $0 }
        let bytes = Self.ddmin(lines.map { [$0] }) { check($0.flatMap { $0 }) }.flatMap { $0 }
        return (bytes, tests)
    }

    /// `input` cut after every line feed.
    static func lines(_ input: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in input {
            current.append(byte)
            if byte == 0x0A {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// ddmin over `parts`: removes chunks of `n` pieces while the rest
    /// fails, doubling `n` when nothing can go, until single parts.
    static func ddmin<T>(_ parts: [T], _ fails: ([T]) -> Bool) -> [T] {
        var parts = parts
        var granularity = 2
        while parts.count >= 2 {
            let size = Int((Double(parts.count) / Double(granularity)).rounded(.up))
            var removedAny = false
            var start = 0
            while start < parts.count {
                let candidate = Array(parts[..<start] + parts[min(parts.count, start + size)...])
                if !candidate.isEmpty, fails(candidate) {
                    parts = candidate
                    removedAny = true
                    granularity = max(granularity - 1, 2)
                } else {
                    start += size
                }
            }
            if !removedAny {
                if size == 1 { break }
                granularity = min(parts.count, granularity * 2)
            }
        }
        return parts
    }
}
