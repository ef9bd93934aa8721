import StreamMarkTestSupport
import Testing

@testable import StreamMark

/// ``OpenerSearch``: the same answers as a walk over every run, and
/// amortized constant work where that walk was quadratic.
@Suite struct OpenerSearchTests {
    /// The nearest index at or below `index` whose flag is set: the walk
    /// the search replaces.
    static func walk(_ flags: [Bool], from index: Int) -> Int {
        var i = index
        while i >= 0, !flags[i] { i -= 1 }
        return i
    }

    @Test(arguments: UInt64(1)...20)
    func answersAsAWalkDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 1...300, using: &random)
        var flags = (0..<count).map { _ in Bool.random(using: &random) }
        var search = OpenerSearch(count: count)
        for _ in 0..<2_000 {
            let index = Int.random(in: -1..<count, using: &random)
            if index >= 0, Int.random(in: 0..<3, using: &random) == 0 {
                flags[index] = false  // a run used up or dropped: it never opens again
                continue
            }
            let expected = index < 0 ? -1 : Self.walk(flags, from: index)
            #expect(search.nearest(atOrBelow: index) { flags[$0] } == expected)
        }
    }

    /// One opener, then 100,000 closers that each look for it (`~~a` and
    /// `b~` × 100,000): about two tests per closer, where the walk made
    /// 5 · 10⁹.
    @Test func closersFindingOneOpenerStayLinear() {
        let count = 100_001
        var search = OpenerSearch(count: count)
        var tests = 0
        for closer in 1..<count {
            let opener = search.nearest(atOrBelow: closer - 1) { index in
                tests += 1
                return index == 0
            }
            #expect(opener == 0)
        }
        #expect(tests <= 3 * count, "\(tests) tests")
    }
}
