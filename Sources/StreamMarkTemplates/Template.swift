/// A parsed template: logic-less, Mustache family, rendering Markdown.
///
/// ```text
/// # {{title}}
///
/// {{#each steps key=id}}
/// - [{{#if done}}x{{else}} {{/if}}] {{title}}
/// {{/each}}
/// ```
///
/// Tags: `{{path}}` (escaped so data stays literal text), `{{{path}}}` or
/// `{{&path}}` (raw Markdown), `{{#each path key=field}}…{{/each}}`,
/// `{{#if path}}…{{else}}…{{/if}}` and `{{! comment }}`. A line holding
/// nothing but one section, `else` or comment tag is removed whole, as in
/// Mustache. See `docs/templates.md`.
public struct Template: Sendable {
    /// The template text.
    public let source: String
    /// The template's UTF-8 bytes.
    let bytes: [UInt8]
    /// The parsed nodes.
    let nodes: [TemplateNode]
    /// Whether the template text contains NUL (rendered as U+FFFD).
    let containsNUL: Bool

    /// Parses `source`.
    ///
    /// - Throws: ``TemplateError`` with the line and column of the first
    ///   syntax error (unclosed tag or section, mismatched close, bad path,
    ///   `{{#each}}` without `key=`).
    /// - Complexity: O(n) in the length of the template.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        bytes = Array(source.utf8)
        containsNUL = bytes.contains(0)
        var parser = TemplateParser(bytes: bytes)
        nodes = try parser.parse()
    }
}
