import StreamMark
import StreamMarkHTML

/// StreamMark's HTML and cmark's for the same input and options.
enum Oracle {
    /// The four combinations of options the differential tests cover.
    static let optionSets: [(render: HTMLRenderer.RenderOptions, cmark: CmarkReference.Options)] = [
        (.init(), []),
        (.init(unsafe: true), [.unsafe]),
        (.init(hardBreaks: true), [.hardBreaks]),
        (.init(unsafe: true, noBreaks: true), [.unsafe, .noBreaks]),
        (.init(hardBreaks: true, noBreaks: true), [.hardBreaks, .noBreaks]),
    ]

    /// Our HTML: the bytes parsed as plain CommonMark, then rendered.
    static func ours(_ bytes: [UInt8], smart: Bool = false, options: HTMLRenderer.RenderOptions) -> String {
        let tree = MarkdownParser(options: ParseOptions(smartPunctuation: smart, extensions: .none)).parse(bytes: bytes)
        return HTMLRenderer(options: options).render(tree)
    }

    /// Our HTML for a string.
    static func ours(_ text: String, smart: Bool = false, options: HTMLRenderer.RenderOptions) -> String {
        ours(Array(text.utf8), smart: smart, options: options)
    }

    /// The first line at which two strings differ, for failure messages.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index].prefix(300)) : "<none>"
            let r = index < right.count ? String(right[index].prefix(300)) : "<none>"
            if l != r { return "line \(index + 1):\n  ours:  \(l)\n  cmark: \(r)" }
        }
        return "identical"
    }
}
