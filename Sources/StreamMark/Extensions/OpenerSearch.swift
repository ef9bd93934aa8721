/// The search for openers in a delimiter pass (`process_emphasis`), which
/// walks down from a closer past runs that cannot open: runs that never
/// could, and runs a pair has used up or dropped.
///
/// Such a run never opens again, so each walk links the runs it passed to
/// the opener it stopped at (a disjoint-set forest with path
/// compression), and the next walk skips them. Without it, a long run of
/// closers that find the same distant opener (`~~a` and 100,000 `b~`)
/// made each walk as long as the text, and the pass quadratic.
struct OpenerSearch {
    /// For each run, a run at or below it to continue the walk from.
    private var next: [Int]

    init(count: Int) {
        next = Array(0..<count)
    }

    /// The nearest run at or below `index` (or -1) for which `canOpen`
    /// holds; `canOpen` must stay false for a run once it is false.
    ///
    /// - Complexity: amortized nearly O(1).
    mutating func nearest(atOrBelow index: Int, where canOpen: (Int) -> Bool) -> Int {
        var found = index
        while found >= 0, !canOpen(found) {
            found = next[found] == found ? found - 1 : next[found]
        }
        var walk = index
        while walk > found {
            let following = next[walk] == walk ? walk - 1 : next[walk]
            next[walk] = found
            walk = following
        }
        return found
    }
}
