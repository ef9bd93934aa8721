import StreamMark

/// The engine's SplitMix64 under the name these tests use.
typealias SeededGenerator = SplitMix64
