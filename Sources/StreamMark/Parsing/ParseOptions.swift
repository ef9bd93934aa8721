/// Options that change how text is parsed into blocks.
///
/// Rendering options (raw HTML, unsafe URLs, hard breaks) belong to the
/// renderers: the tree is the same whatever the output will be.
public struct ParseOptions: Hashable, Sendable, Codable {
    /// The GitHub-flavoured extensions layered over cmark's tree.
    public struct Extensions: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Pipe tables.
        public static let table = Extensions(rawValue: 1 << 0)
        /// `[ ]` / `[x]` task list items.
        public static let taskList = Extensions(rawValue: 1 << 1)
        /// `~~strikethrough~~`.
        public static let strikethrough = Extensions(rawValue: 1 << 2)
        /// Bare `www.`, `http(s)://` and e-mail autolinks.
        public static let autolink = Extensions(rawValue: 1 << 3)

        /// All four extensions (GitHub-flavoured Markdown).
        /// GitHub alerts: `> [!NOTE]` … as a ``BlockKind/alert(_:)``
        /// (not a cmark-gfm extension; GitHub renders them).
        public static let alerts = Extensions(rawValue: 1 << 4)
        /// TeX math: `$…$`, `$$…$$`, `\(…\)`, `\[…\]` as ``Inline/math(_:display:)``
        /// and ```` ```math ```` fences as ``BlockKind/math(tex:)`` (not a
        /// cmark-gfm extension; GitHub and pandoc render math).
        public static let math = Extensions(rawValue: 1 << 5)
        /// Footnotes as cmark-gfm's `footnotes` extension reads them:
        /// references `[^label]`, definitions `[^label]: …`, numbered by
        /// first reference and listed in a ``BlockKind/footnotes(notes:)``
        /// section (docs/footnotes.md).
        public static let footnotes = Extensions(rawValue: 1 << 6)

        /// The four extensions of cmark-gfm that StreamMark implements:
        /// with these alone, `--format html` equals `cmark-gfm -e table
        /// -e strikethrough -e autolink -e tasklist`.
        public static let gfm: Extensions = [.table, .taskList, .strikethrough, .autolink]
        /// The default: ``gfm``, ``alerts``, ``math`` and ``footnotes``. A
        /// document without alert, math or footnote syntax renders exactly
        /// as with ``gfm`` alone; a document without alert or math syntax
        /// renders as `cmark-gfm -e footnotes -e table -e strikethrough -e
        /// autolink -e tasklist` does.
        public static let standard: Extensions = [.gfm, .alerts, .math, .footnotes]
        /// No extensions: plain CommonMark 0.30, exactly as cmark parses it.
        public static let none: Extensions = []

        /// Parses a comma-separated list such as `table,tasklist`.
        /// Returns `nil` if a name is unknown.
        public init?(names: String) {
            var result: Extensions = []
            for name in names.split(separator: ",") {
                switch name.trimmingCharacters() {
                case "table": result.insert(.table)
                case "tasklist": result.insert(.taskList)
                case "strikethrough": result.insert(.strikethrough)
                case "autolink": result.insert(.autolink)
                case "alerts": result.insert(.alerts)
                case "math": result.insert(.math)
                case "footnotes": result.insert(.footnotes)
                default: return nil
                }
            }
            self = result
        }
    }

    /// Smart punctuation: straight quotes to curly, `--` to en dash, `---` to
    /// em dash, `...` to ellipsis (cmark's `CMARK_OPT_SMART`).
    public var smartPunctuation: Bool
    /// The GitHub-flavoured extensions to apply. Default: all of them.
    public var extensions: Extensions

    /// Creates parse options. The default is GitHub-flavoured Markdown without
    /// smart punctuation.
    public init(smartPunctuation: Bool = false, extensions: Extensions = .standard) {
        self.smartPunctuation = smartPunctuation
        self.extensions = extensions
    }

    /// Plain CommonMark: no extensions, no smart punctuation. The tree then
    /// renders byte for byte as `cmark_render_html` does.
    public static let commonMark = ParseOptions(extensions: .none)
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
