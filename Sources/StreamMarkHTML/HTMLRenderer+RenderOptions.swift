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

        /// Creates render options. The defaults are cmark's: safe output,
        /// soft breaks as newlines.
        public init(unsafe: Bool = false, hardBreaks: Bool = false, noBreaks: Bool = false) {
            self.unsafe = unsafe
            self.hardBreaks = hardBreaks
            self.noBreaks = noBreaks
        }
    }
}
