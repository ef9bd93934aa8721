extension DisplayBuilder {
    /// Whether the open block is an alert marker still being typed: the
    /// first paragraph of a top-level quote whose whole text so far is `[!`
    /// and the start of a marker name (`[!WAR`), with alerts on. The
    /// display hides it (an empty quote) instead of showing `[!WAR` for the
    /// moments before the quote turns into an alert with its title. When
    /// the line goes on otherwise (`[!WARX`, a space, a second line), the
    /// text shows again.
    ///
    /// - Complexity: O(1): at most the length of the longest marker is read.
    func isPartialAlertMarker(_ open: OpenBlock) -> Bool {
        guard options.extensions.contains(.alerts), case .paragraph = open.block.kind,
            case .blockQuote = open.parent.kind, open.prefixes == [.quote],
            open.parent.children.first?.id == open.block.id
        else { return false }
        let start = open.block.range.lowerBound
        let count = text.count - start
        guard count >= 2, count <= 2 + AlertKind.longestName, text[start] == UInt8(ascii: "["),
            text[start + 1] == UInt8(ascii: "!")
        else { return false }
        let typed = String(decoding: UnsafeBufferPointer(rebasing: text[(start + 2)...]), as: UTF8.self).lowercased()
        return AlertKind.allCases.contains { $0.rawValue.hasPrefix(typed) }
    }
}
