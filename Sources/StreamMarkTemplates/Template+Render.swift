import StreamMark

extension Template {
    /// Renders the template against `data`, parses the Markdown with
    /// `options.parseOptions` and gives every block its template identity.
    ///
    /// - Throws: ``TemplateError`` for a loop over a non-array, or a missing,
    ///   empty or duplicate key (positioned at the `{{#each}}` tag and naming
    ///   the item).
    /// - Complexity: O(template work + output length + blocks × loop depth).
    public func render(_ data: JSONValue, options: TemplateOptions = TemplateOptions()) throws(TemplateError)
        -> TemplateRendering
    {
        var renderer = TemplateRenderer(template: self, options: options)
        try renderer.render(data)
        let markdown = String(decoding: renderer.output, as: UTF8.self)
        let parsed = MarkdownParser(options: options.parseOptions).parse(markdown)
        var identifier = TemplateIdentifier(renderer: renderer)
        return identifier.identify(parsed, markdown: markdown)
    }
}
