import StreamMark

/// The result of rendering a template against one data state: the Markdown,
/// its identified block tree, and the items the loops produced.
public struct TemplateRendering: Sendable {
    /// The rendered Markdown.
    public var markdown: String
    /// The parsed tree with template identities (see `docs/templates.md`).
    public var document: Block
    /// Every iteration, in output order (parents before their nested items).
    public var items: [TemplateItem]
}
