import StreamMark

/// One iteration of an `{{#each}}` in a rendering: an *item*.
public struct TemplateItem: Hashable, Sendable {
    /// The item's identity path: `t<offset>:<key>`, nested loops joined by
    /// `/` (`t40:a/t90:x`). Its first keyed block has exactly this id.
    public var path: String
    /// The item's key as found in the data (after `uniqueKeys` dedupe).
    public var key: String
    /// UTF-8 offset of the `{{#each}}` tag in the template.
    public var loopOffset: Int
    /// The item's position among its loop's items.
    public var index: Int
    /// The item's data.
    public var data: JSONValue
    /// The Markdown the iteration produced.
    public var markdown: String
    /// The index (in ``TemplateRendering/items``) of the enclosing item, if nested.
    public var parent: Int?
    /// The id of the item's first keyed block, or `nil` if the iteration
    /// produced no block of its own.
    public var headID: BlockID?
    /// Every block that lies within the iteration (including nested items'
    /// blocks), in document order.
    public var blockIDs: [BlockID]
}
