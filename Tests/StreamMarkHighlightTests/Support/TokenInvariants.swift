import StreamMarkHighlight

/// Why `tokens` break the token contract for a line of `length` bytes
/// (sorted, non-empty, non-overlapping, inside the line, adjacent spans of
/// one kind merged), or nil.
func tokenContractViolation(_ tokens: [HighlightToken], length: Int) -> String? {
    var previous: HighlightToken?
    for token in tokens {
        if token.range.isEmpty { return "empty token \(token)" }
        if token.range.lowerBound < 0 || token.range.upperBound > length { return "outside the line: \(token)" }
        if let previous {
            if token.range.lowerBound < previous.range.upperBound { return "overlap: \(previous) \(token)" }
            if token.range.lowerBound == previous.range.upperBound, token.kind == previous.kind {
                return "not merged: \(previous) \(token)"
            }
        }
        previous = token
    }
    return nil
}

/// The byte lengths of the lines of `code`.
func lineLengths(_ code: [UInt8]) -> [Int] {
    code.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(\.count)
}

/// Where two highlightings first differ (line, tokens or state), or nil.
func firstDifference(_ actual: [HighlightedLine], _ expected: [HighlightedLine]) -> String? {
    for (index, (a, e)) in zip(actual, expected).enumerated() where a != e {
        if a.tokens != e.tokens {
            let diverged = Array(zip(a.tokens, e.tokens)).firstIndex { $0 != $1 } ?? min(a.tokens.count, e.tokens.count)
            let got = a.tokens.dropFirst(diverged).prefix(3).map { "\($0.range)\($0.kind.rawValue)" }
            let want = e.tokens.dropFirst(diverged).prefix(3).map { "\($0.range)\($0.kind.rawValue)" }
            return "line \(index) token \(diverged): got \(got), expected \(want)"
        }
        return "line \(index): states differ"
    }
    return actual.count == expected.count ? nil : "\(actual.count) lines, expected \(expected.count)"
}
