import StreamMark

/// How a template renders.
public struct TemplateOptions: Hashable, Sendable {
    /// How the rendered Markdown is parsed. Default: GitHub-flavoured.
    public var parseOptions: ParseOptions
    /// When `true`, duplicate keys in one `{{#each}}` are made unique as
    /// `key`, `key#2`, `key#3`… in item order instead of being an error.
    public var uniqueKeys: Bool

    /// Creates options.
    public init(parseOptions: ParseOptions = ParseOptions(), uniqueKeys: Bool = false) {
        self.parseOptions = parseOptions
        self.uniqueKeys = uniqueKeys
    }
}
