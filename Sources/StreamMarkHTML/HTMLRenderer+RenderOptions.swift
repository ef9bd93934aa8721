extension HTMLRenderer {
    /// Options of the HTML output (the tree is the same whatever they are).
    ///
    /// Each option has the meaning of the cmark option of the same name.
    public struct RenderOptions: Hashable, Sendable, Codable {
        /// Keep raw HTML and dangerous URLs (`CMARK_OPT_UNSAFE`). Default
        /// `false`: raw HTML becomes `<!-- raw HTML omitted -->` and
        /// `javascript:`, `vbscript:`, `file:` and `data:` URLs (except
        /// `data:image/png|gif|jpeg|webp`) are rendered empty.
        public var unsafe: Bool
        /// Render soft line breaks as `<br />` (`CMARK_OPT_HARDBREAKS`).
        /// Takes precedence over ``noBreaks``.
        public var hardBreaks: Bool
        /// Render soft line breaks as spaces (`CMARK_OPT_NOBREAKS`).
        public var noBreaks: Bool
        /// Syntax-highlight code blocks whose info string names a language
        /// the highlighter knows: each token as
        /// `<span class="hljs-KIND">`, as highlight.js writes it, so its
        /// theme stylesheets apply (`docs/highlighting.md`). No cmark
        /// option; off by default, which keeps the output cmark's.
        public var highlight: Bool

        /// Creates render options. The defaults are cmark's: safe output,
        /// soft breaks as newlines, no highlighting.
        public init(unsafe: Bool = false, hardBreaks: Bool = false, noBreaks: Bool = false, highlight: Bool = false) {
            self.unsafe = unsafe
            self.hardBreaks = hardBreaks
            self.noBreaks = noBreaks
            self.highlight = highlight
        }

        private enum CodingKeys: String, CodingKey {
            case unsafe, hardBreaks, noBreaks, highlight
        }

        /// Decodes options; `highlight` may be missing (options written
        /// before it existed).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            unsafe = try container.decode(Bool.self, forKey: .unsafe)
            hardBreaks = try container.decode(Bool.self, forKey: .hardBreaks)
            noBreaks = try container.decode(Bool.self, forKey: .noBreaks)
            highlight = try container.decodeIfPresent(Bool.self, forKey: .highlight) ?? false
        }
    }
}
