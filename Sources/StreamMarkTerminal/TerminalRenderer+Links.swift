extension TerminalRenderer {
    /// Whether a link's target is printed after its label, ` (url)`, so the
    /// reader sees where the link really goes.
    ///
    /// Without hyperlinks the target is printed unless the label already is
    /// the target (`<https://x>`, an e-mail autolink). With OSC 8 hyperlinks
    /// the label is clickable and the terminal shows the target on hover, so
    /// it is printed only when the label itself looks like a URL that is not
    /// the target (`[https://bank.example](https://evil.example)`): a label
    /// must not pass for a different destination.
    ///
    /// - Complexity: O(length of the label and the URL).
    static func showsTarget(_ url: String, of label: String, hyperlinks: Bool) -> Bool {
        guard !url.isEmpty, label != url, "mailto:" + label != url else { return false }
        guard hyperlinks else { return true }
        let claimed = label.lowercased()
        let looksLikeURL = claimed.contains("://") || claimed.hasPrefix("www.") || claimed.hasPrefix("mailto:")
        return looksLikeURL && url != "http://" + label && url != "https://" + label
    }
}
