/// A node of a parsed template. Offsets are UTF-8 byte offsets of the
/// template text.
indirect enum TemplateNode: Sendable {
    /// Literal template text (standalone tag lines already trimmed away).
    case text(Range<Int>)
    /// `{{path}}` (escaped) or `{{{path}}}` (raw); `offset` is the tag's first byte.
    case value(path: TemplatePath, raw: Bool, offset: Int)
    /// `{{#each path key=field}}…{{/each}}`; `offset` is the `{{#each}}` tag's first byte.
    case each(path: TemplatePath, key: TemplatePath, offset: Int, body: [TemplateNode])
    /// `{{#if path}}…{{else}}…{{/if}}`; `offset` is the `{{#if}}` tag's first byte.
    case conditional(path: TemplatePath, offset: Int, then: [TemplateNode], otherwise: [TemplateNode])
}
