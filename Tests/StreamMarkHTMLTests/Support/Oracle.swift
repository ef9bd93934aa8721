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

    /// The HTML without its tags (entities left as they are).
    static func text(of html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text
    }

    /// How deep `<em>`, `<strong>`, `<del>` and `<a …>` nest in `html`:
    /// the inline nesting of the document it renders (images render their
    /// content as plain alt text).
    static func inlineTagDepth(_ html: String) -> Int {
        var (depth, deepest) = (0, 0)
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<em>") || rest.hasPrefix("<strong>") || rest.hasPrefix("<del>") || rest.hasPrefix("<a ")
            {
                depth += 1
                deepest = max(deepest, depth)
            } else if rest.hasPrefix("</em>") || rest.hasPrefix("</strong>") || rest.hasPrefix("</del>")
                || rest.hasPrefix("</a>")
            {
                depth -= 1
            }
            rest = rest.dropFirst()
        }
        return deepest
    }

    /// Whether our HTML is cmark's: byte for byte, or, for a document whose
    /// inline containers nest deeper than ``InlineNesting/maximumDepth``
    /// (ours are dissolved past it), the same text with markup nested
    /// exactly to the limit.
    static func matches(_ ours: String, cmark: String) -> Bool {
        guard inlineTagDepth(cmark) > InlineNesting.maximumDepth else { return ours == cmark }
        return text(of: ours) == text(of: cmark) && inlineTagDepth(ours) == InlineNesting.maximumDepth
    }
}
