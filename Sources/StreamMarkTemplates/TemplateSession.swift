import StreamMark

/// Program output: one template rendered against successive data states,
/// each state answered with the patches that turn the previous tree into
/// the new one.
///
/// ```swift
/// var session = try TemplateSession(template: "{{#each steps key=id}}\n- {{title}}\n{{/each}}\n")
/// let first = try session.render(data: JSONValue(parsing: #"{"steps":[{"id":"a","title":"Plan"}]}"#))
/// let next = try session.render(data: JSONValue(parsing: #"{"steps":[{"id":"b","title":"Search"},{"id":"a","title":"Plan"}]}"#))
/// // next: one insert of item t0:b; item t0:a keeps its id and gets no update.
/// ```
///
/// Items keep their `t<loop>:<key>` identity across states, so a
/// regeneration that inserts, removes or reorders items costs inserts,
/// removes and minimal moves (``TreeDiff``), and items whose output did not
/// change get no update.
public struct TemplateSession: Sendable {
    /// The parsed template.
    public let template: Template
    /// Rendering and parsing options.
    public let options: TemplateOptions
    /// The current tree (an empty document before the first render).
    public private(set) var root: Block
    /// The latest rendering, or `nil` before the first render.
    public private(set) var rendering: TemplateRendering?

    /// Creates a session for a parsed template.
    public init(template: Template, options: TemplateOptions = TemplateOptions()) {
        self.template = template
        self.options = options
        root = Block(id: .document, kind: .document, range: 0..<0)
    }

    /// Parses `template` and creates a session.
    ///
    /// - Throws: ``TemplateError`` for a template syntax error.
    public init(template: String, options: TemplateOptions = TemplateOptions()) throws(TemplateError) {
        self.init(template: try Template(template), options: options)
    }

    /// Renders the template against `data` and returns the patches from the
    /// previous tree to the new one. On error the session is unchanged.
    ///
    /// - Complexity: O(output length + blocks × loop depth) plus the keyed
    ///   diff, O(n) in both trees.
    public mutating func render(data: JSONValue) throws(TemplateError) -> [Patch] {
        let next = try template.render(data, options: options)
        let patches = TreeDiff.patches(from: root, to: next.document)
        root = next.document
        rendering = next
        return patches
    }

    /// Parses `json` and renders it (see ``render(data:)``).
    public mutating func render(json: String) throws(TemplateError) -> [Patch] {
        try render(data: JSONValue(parsing: json))
    }
}
